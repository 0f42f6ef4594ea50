import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { freshUntil, proofOf, type Proof } from './step-up.js';
import { stepUp } from './step-up-changes.js';

/** GET and POST api/auth/step-up/: the session's proof, and giving a fresh one. */
export function stepUpHandlers(services: Services): HandlerMap {
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
      const { provedAt, proof } = await stepUp(services, caller(ctx), ctx.ip, ctx.body);
      return ok(answer(provedAt, proof));
    },
  };
}
