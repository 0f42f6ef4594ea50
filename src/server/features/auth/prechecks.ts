import type { PrecheckMap } from '../../routing/precheck.js';
import { checkEmailForm, checkPasswordForm, checkSignUpForm } from './account-changes.js';
import { checkProperties, type PropertyIdsCheck } from './permission-changes.js';
import { checkInviteForm } from './team-changes.js';

/**
 * The auth forms' own checks, run by the router before the step-up proof (routing/precheck.ts),
 * so a form wrong anyway answers its 400 before the password is asked for again:
 * - change password: new passwords that differ, or one guessable in itself;
 * - change e-mail: the two addresses differ;
 * - an owner's sign-up of an authorized user: a manager other than the caller, passwords that
 *   differ or are guessable (the names and address beside them are in the form);
 * - inviting an authorized user: the owner's own address;
 * - a member's permissions: allowed properties that are not the account's (its own property ids).
 * Checked after the proof: the current password (a stale session must not guess with it), closeness
 * to the person's stored details, whether another account has an address (a read of other
 * accounts), and which member or record is addressed (another account's answers 404, after it).
 */
export function authPrechecks(unknownProperties: PropertyIdsCheck): PrecheckMap {
  const allowedProperties = async (input: {
    auth: Parameters<typeof checkProperties>[1] | null;
    body: { properties_allowed?: number[] };
  }) => {
    if (input.auth) await checkProperties(unknownProperties, input.auth, input.body.properties_allowed);
  };
  return {
    async authSetPassword(input) {
      checkPasswordForm(input.body);
    },
    async authSetEmail(input) {
      checkEmailForm(input.body);
    },
    async authRegister(input) {
      checkSignUpForm(input.body, input.auth);
    },
    async authAuthorizedUserInvite(input) {
      if (input.auth) checkInviteForm(input.auth, input.body);
    },
    authPermissionsCreate: allowedProperties,
    authPermissionsUpdate: allowedProperties,
  };
}
