import { ApiError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { findTwoFactor } from './two-factor.js';

/** The code of the 403 a sensitive change answers without a fresh proof; the client asks for one and retries. */
export const STEP_UP_REQUIRED = 'step_up_required';

export type Proof = 'password' | 'code';

/** The proof a step-up takes: the two-factor code when two-factor sign-in is on, the password otherwise. */
export async function proofOf(services: Services, userId: number): Promise<Proof> {
  return (await findTwoFactor(services, userId))?.enabled_at ? 'code' : 'password';
}

export function freshUntil(services: Services, provedAt: string | null): Date | null {
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
