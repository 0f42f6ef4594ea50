import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { auditTrailPage } from './audit-trail.js';

/** GET api/settings/audit-trail/: the account's events, as far as the caller may see them (audit-trail.ts). */
export function auditTrailHandlers(services: Services): HandlerMap {
  return {
    async settingsAuditTrail(ctx) {
      return ok(await auditTrailPage(services, caller(ctx), ctx.query));
    },
  };
}
