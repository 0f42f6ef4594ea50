import { ApiError, throttled } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { StepUpRequestWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { verifyPassword } from './passwords.js';
import { markProved, type Proof } from './step-up.js';
import { clearSlots, takeSlots, unlessOutage } from './throttle.js';
import { BAD_CODE, checkSecondFactor, findTwoFactor, type TwoFactorRow } from './two-factor.js';
import { findUserById, type UserRow } from './users.js';

/** Giving a session a fresh proof (POST api/auth/step-up/): throttled with the sign-ins, audited. */

const WRONG_PASSWORD = 'Invalid password.';

/** The proof the body carries for the factor the user has; 400 when it is missing. */
function givenProof(proof: Proof, body: StepUpRequestWire): string {
  const given = proof === 'code' ? body.code?.trim() : body.password;
  if (!given)
    throw new ApiError(
      400,
      proof === 'code'
        ? { code: ['Enter the 6-digit code from your authenticator app.'] }
        : { password: ['Enter your password.'] },
    );
  return given;
}

/** Whether the proof is right: the current two-factor code, or the password without two-factor sign-in. */
async function proofHolds(
  services: Services,
  user: UserRow,
  twoFactor: TwoFactorRow | undefined,
  given: string,
): Promise<boolean> {
  if (twoFactor?.enabled_at) return !!(await checkSecondFactor(services, twoFactor, given));
  return verifyPassword(user.password_hash, given);
}

/** Checks the proof and marks the session proved; answers when, and with which proof. */
export async function stepUp(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: StepUpRequestWire,
): Promise<{ provedAt: string; proof: Proof }> {
  const user = await findUserById(services.db.kysely, auth.user.id);
  if (!user) throw new ApiError(401, { detail: 'Invalid token.' });
  const twoFactor = await findTwoFactor(services, user.id);
  const proof: Proof = twoFactor?.enabled_at ? 'code' : 'password';
  const given = givenProof(proof, body);
  // Wrong proofs count towards the account's sign-in ban: a stolen session cannot guess on and on.
  const accountKey = `account:${user.email}`;
  const [slot] = await takeSlots(services, [accountKey]);
  if (slot && !slot.allowed) throw throttled(slot.endsAt, services.clock.now());
  // A wrong proof is filed with the failed sign-ins (kind sign-in), a taken one with the account's security events.
  const audit = (action: 'step-up' | 'step-up-failure', summary: string) =>
    recordAudit(services, actorOf(auth, ip), {
      kind: action === 'step-up' ? 'account' : 'sign-in',
      action,
      subject: 'user',
      subjectId: user.id,
      summary,
    });
  // An outage (database or Redis away) that ends the attempt gives the slot back: nobody is banned for it.
  return unlessOutage(services, slot ? [slot] : [], async () => {
    if (!(await proofHolds(services, user, twoFactor, given))) {
      if (proof === 'code') {
        await audit('step-up-failure', 'Failed to confirm it was them: wrong two-factor code');
        throw new ApiError(400, { code: [BAD_CODE] });
      }
      await audit('step-up-failure', 'Failed to confirm it was them: wrong password');
      throw new ApiError(400, { password: [WRONG_PASSWORD] });
    }
    await clearSlots(services, accountKey);
    const provedAt = await markProved(services, auth.tokenId);
    await audit(
      'step-up',
      proof === 'code' ? 'Confirmed it was them with a two-factor code' : 'Confirmed it was them with the password',
    );
    return { provedAt, proof };
  });
}
