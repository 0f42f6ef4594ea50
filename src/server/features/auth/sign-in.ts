import { ApiError, throttled } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { LoginRequestWire } from '../../../shared/generated/wire-types.js';
import { bool } from '../../db/tables.js';
import { recordAudit } from '../audit/index.js';
import { setLastLogin } from './accounts-store.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { issueToken, type IssuedToken } from './sessions.js';
import { clearSlots, releaseSlot, takeSlots, unlessOutage, type Slot } from './throttle.js';
import { checkSecondFactor, findTwoFactor, BAD_CODE, ENTER_CODE } from './two-factor.js';
import { findUserByEmail, normaliseEmail, type UserRow } from './users.js';

/** Signing in with a password (and a code when two-factor sign-in is on): throttled, audited, a session issued. */

const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

interface Attempt {
  ip: string;
  accountKey: string;
  addressKey: string;
}

/** Sign-ins and failed sign-ins of an existing account go to that account's audit trail. */
function audit(services: Services, user: UserRow, ip: string, action: 'success' | 'failure', summary: string) {
  return recordAudit(
    services,
    { accountId: user.manager_id ?? user.id, userId: user.id, email: user.email, ip },
    { kind: 'sign-in', action, subject: 'user', subjectId: user.id, summary },
  );
}

/** Both counters are taken before the password is looked at: a ban holds whatever is sent. */
async function takeAttemptSlots(services: Services, attempt: Attempt): Promise<Slot[]> {
  const slots = await takeSlots(services, [attempt.accountKey, attempt.addressKey]);
  const refused = slots.filter((s) => !s.allowed);
  if (refused.length) {
    const endsAt = new Date(Math.max(...refused.map((s) => s.endsAt.getTime())));
    throw throttled(endsAt, services.clock.now());
  }
  return slots;
}

/** The user the e-mail and password name, active; a refusal otherwise (audited when the account exists). */
async function checkCredentials(services: Services, ip: string, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(services.db.kysely, email);
  const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
  if (!user || !valid) {
    if (user) await audit(services, user, ip, 'failure', 'Failed sign-in: wrong password');
    throw new ApiError(400, { non_field_errors: [BAD_CREDENTIALS] });
  }
  if (!bool(user.is_active)) {
    const why = user.deactivated_at
      ? user.manager_id !== null
        ? 'Your access to this account has been turned off. Ask the account owner.'
        : 'This account has been deactivated. Contact support to reopen it.'
      : 'This account is not active yet. Open the activation link we e-mailed you, or ask for a new one.';
    await audit(services, user, ip, 'failure', 'Failed sign-in: the account is not active');
    throw new ApiError(400, { non_field_errors: [why] });
  }
  return user;
}

/** The second factor when two-factor sign-in is on; answers the audit summary of the sign-in. */
async function checkCode(
  services: Services,
  attempt: Attempt,
  user: UserRow,
  given: string | undefined,
): Promise<string> {
  const twoFactor = await findTwoFactor(services, user.id);
  if (!twoFactor?.enabled_at) return 'Signed in';
  // The password checked out: the attempt still counts for the account until a code does too,
  // but not for the address, so people behind one office address can sign in all day.
  const code = given?.trim();
  if (!code) {
    await releaseSlot(services, attempt.addressKey);
    throw new ApiError(400, { code: [ENTER_CODE], two_factor_required: true });
  }
  const used = await checkSecondFactor(services, twoFactor, code);
  if (!used) {
    await audit(services, user, attempt.ip, 'failure', 'Failed sign-in: wrong two-factor code');
    throw new ApiError(400, { code: [BAD_CODE], two_factor_required: true });
  }
  return used === 'recovery' ? 'Signed in with a recovery code' : 'Signed in with a two-factor code';
}

/** POST api/auth/token/login/: a new session for the right password (and code), else the refusal. */
export async function signIn(
  services: Services,
  ip: string,
  userAgent: string | undefined,
  body: LoginRequestWire,
): Promise<IssuedToken> {
  const email = normaliseEmail(body.email);
  const attempt: Attempt = { ip, accountKey: `account:${email}`, addressKey: `address:${ip}` };
  const slots = await takeAttemptSlots(services, attempt);
  // A sign-in the database (or Redis) failed is nobody's failure: its slots are given back.
  return unlessOutage(services, slots, async () => {
    const user = await checkCredentials(services, ip, email, body.password);
    const summary = await checkCode(services, attempt, user, body.code);
    await clearSlots(services, attempt.accountKey);
    await releaseSlot(services, attempt.addressKey);
    const issued = await issueToken(services, user.id, { ip, userAgent, proved: true });
    await setLastLogin(services.db.kysely, user.id, services.clock.now().toISOString());
    await audit(services, user, ip, 'success', summary);
    return issued;
  });
}
