import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess } from '../partners/index.js';
import { saveMapping } from './mapping-changes.js';
import { mappingState } from './store.js';

/** The tour operator's code mapping of its contracted hotels and their rooms. */
export function mappingHandlers(services: Services): HandlerMap {
  return {
    async mappingGet(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      return ok(await mappingState(services, access));
    },
    async mappingCreate(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.body.hotel);
      await saveMapping(services, auth, ctx.ip, access, ctx.body);
      return created(await mappingState(services, access));
    },
  };
}
