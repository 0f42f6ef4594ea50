import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess } from '../partners/index.js';
import { requireProperty } from '../properties/index.js';
import { allowanceOf } from './allowance.js';
import { overrideReviewPage, requireOverride } from './override-reviews.js';
import { decideOverride, saveOverrides } from './override-changes.js';
import { overrideState, overrideWires } from './overrides.js';

/** An operator's overrides of a hotel's facts, and the hotel's moderation of them. */
export function overrideHandlers(services: Services): HandlerMap {
  return {
    async overrideAllowance(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.body.hotel);
      return ok((await allowanceOf(services, access)).wire);
    },

    async overrideGet(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      return ok(await overrideState(services, access));
    },

    async overrideCreate(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.body.hotel);
      await saveOverrides(services, auth, ctx.ip, access, ctx.body);
      return created(await overrideState(services, access));
    },

    async overrideReviews(ctx) {
      return ok(await overrideReviewPage(services, caller(ctx), ctx.query));
    },

    async overrideDecide(ctx) {
      const auth = caller(ctx);
      const row = await requireOverride(services, ctx.params.id);
      await requireProperty(services, auth, row.property_id);
      const decided = await decideOverride(services, auth, ctx.ip, row, ctx.body.decision, ctx.body.comment ?? '');
      return ok((await overrideWires(services, [decided]))[0]!);
    },
  };
}
