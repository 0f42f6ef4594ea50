import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { plansOf, toRecordWire } from './plans.js';
import { grantPremium, requestPremium } from './premium-changes.js';

/** Plans, upgrade requests (recorded, never paid here) and the staff's grant. */
export function premiumHandlers(services: Services): HandlerMap {
  return {
    async settingsPlans(ctx) {
      return ok(await plansOf(services, caller(ctx)));
    },

    async settingsPremiumRequest(ctx) {
      return created(toRecordWire(await requestPremium(services, caller(ctx), ctx.ip, ctx.body)));
    },

    async settingsPremiumGrant(ctx) {
      const owner = await grantPremium(services, caller(ctx), ctx.ip, ctx.params.userId);
      return ok({ user: owner, plan: 'P' as const, premium_active: true });
    },
  };
}
