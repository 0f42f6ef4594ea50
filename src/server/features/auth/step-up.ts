import { ApiError, throttled } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { verifyPassword } from './passwords.js';
import { clearSlots, takeSlots, unlessOutage } from './throttle.js';
import { BAD_CODE, checkSecondFactor, findTwoFactor } from './two-factor.js';
import { findUserById } from './users.js';

/** The code of the 403 a sensitive change answers without a fresh proof; the client asks for one and retries. */
export const STEP_UP_REQUIRED = 'step_up_required';

type Proof = 'password' | 'code';

/** The proof a step-up takes: the two-factor code when two-factor sign-in is on, the password otherwise. */
async function proofOf(services: Services, userId: number): Promise<Proof> {
  return (await findTwoFactor(services, userId))?.enabled_at ? 'code' : 'password';
}

function freshUntil(services: Services, provedAt: string | null): Date | null {
  return provedAt ? new Date(Date.parse(provedAt) + services.config.stepUpMs) : null;
}

/**
 * 403 step_up_required unless the session proved who uses it within STEP_UP_MINUTES. The router
 * calls it for every call of a route declared `stepUp` in routes.json (routing/step-up-rule.ts),
 * after validation and the route's pre-check (routing/precheck.ts: a wrong form answers its 400
 * first) and before the handler. Partner API keys never reach a sensitive change (their
 * routes are reads, and codegen refuses stepUp on them), so only sessions are asked.
 */
export async function requireStepUp(services: Services, auth: AuthContext): Promise<void> {
  const until = freshUntil(services, auth.provedAt);
  if (until && until > services.clock.now()) return;
  const proof = await proofOf(services, auth.user.id);
  throw new ApiError(403, {
    detail:
      proof === 'code'
        ? 'Confirm it is you: enter the code from your authenticator app.'
        : 'Confirm it is you: enter your password.',
    code: STEP_UP_REQUIRED,
    proof,
  });
}

/**
 * Marks the session proved now: after the password or the current factor's code (POST
 * api/auth/step-up/). Never after confirming a new factor: that shows the app has the key, not
 * who uses the session. The proof is this session's (one token), never the user's other sessions'.
 */
export async function markProved(services: Services, tokenId: number): Promise<string> {
  const now = services.clock.now().toISOString();
  await services.db.kysely.updateTable('auth_tokens').set({ proved_at: now }).where('id', '=', tokenId).execute();
  return now;
}

const WRONG_PASSWORD = 'Invalid password.';

/** GET and POST api/auth/step-up/: the session's proof, and giving a fresh one. */
export function stepUpHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const answer = (provedAt: string | null, proof: Proof) => ({
    proved_at: provedAt,
    valid_until: freshUntil(services, provedAt)?.toISOString() ?? null,
    proof,
  });

  return {
    async authStepUpStatus(ctx) {
      const auth = caller(ctx);
      return ok(answer(auth.provedAt, await proofOf(services, auth.user.id)));
    },

    async authStepUp(ctx) {
      const auth = caller(ctx);
      const user = await findUserById(db, auth.user.id);
      if (!user) throw new ApiError(401, { detail: 'Invalid token.' });
      const twoFactor = await findTwoFactor(services, user.id);
      const proof: Proof = twoFactor?.enabled_at ? 'code' : 'password';
      const given = proof === 'code' ? ctx.body.code?.trim() : ctx.body.password;
      if (!given)
        throw new ApiError(
          400,
          proof === 'code'
            ? { code: ['Enter the 6-digit code from your authenticator app.'] }
            : { password: ['Enter your password.'] },
        );
      // Wrong proofs count towards the account's sign-in ban: a stolen session cannot guess on and on.
      const accountKey = `account:${user.email}`;
      const [slot] = await takeSlots(services, [accountKey]);
      if (slot && !slot.allowed) throw throttled(slot.endsAt, services.clock.now());
      // A wrong proof is filed with the failed sign-ins (kind sign-in), a taken one with the account's security events.
      const audit = (action: 'step-up' | 'step-up-failure', summary: string) =>
        recordAudit(services, actorOf(auth, ctx.ip), {
          kind: action === 'step-up' ? 'account' : 'sign-in',
          action,
          subject: 'user',
          subjectId: user.id,
          summary,
        });
      // An outage (database or Redis away) that ends the attempt gives the slot back: nobody is banned for it.
      return unlessOutage(services, slot ? [slot] : [], async () => {
        if (twoFactor?.enabled_at) {
          if (!(await checkSecondFactor(services, twoFactor, given))) {
            await audit('step-up-failure', 'Failed to confirm it was them: wrong two-factor code');
            throw new ApiError(400, { code: [BAD_CODE] });
          }
        } else if (!(await verifyPassword(user.password_hash, given))) {
          await audit('step-up-failure', 'Failed to confirm it was them: wrong password');
          throw new ApiError(400, { password: [WRONG_PASSWORD] });
        }
        await clearSlots(services, accountKey);
        const provedAt = await markProved(services, auth.tokenId);
        await audit(
          'step-up',
          proof === 'code' ? 'Confirmed it was them with a two-factor code' : 'Confirmed it was them with the password',
        );
        return ok(answer(provedAt, proof));
      });
    },
  };
}
