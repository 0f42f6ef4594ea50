import type { PrecheckMap } from '../../routing/precheck.js';
import { checkPasswordForm } from './account-changes.js';

/**
 * The change-password form's own checks, run by the router before the step-up proof
 * (routing/precheck.ts): new passwords that differ, or one guessable in itself, answer 400 before
 * the password is asked for again. The current password (a stale session must not guess with it)
 * and a new one close to the person's details (their record) are checked after the proof.
 */
export function authPrechecks(): PrecheckMap {
  return {
    async authSetPassword(input) {
      checkPasswordForm(input.body);
    },
  };
}
