import type { ConfirmSectionWire } from '../../../shared/generated/wire-types.js';
import { notFound } from '../../plugins/errors.js';
import { caller, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import { scopedProperty, type PropertyRow } from '../properties/index.js';
import type { Services } from '../../services.js';
import { confirmSection } from './confirm.js';
import { hotelNextSteps, operatorNextSteps, operatorPropertyNextSteps, propertyFreshness } from './next-steps.js';
import { requestLanguage } from '../../routing/request-language.js';
import { registerFreshnessJobs } from './reminders.js';

/** What to do next: readiness per partner, fact freshness and ended seasonal facts (issue 17 §3). */
export function nextStepsHandlers(services: Services): HandlerMap {
  registerFreshnessJobs(services);
  const scoped = async (ctx: Ctx<OperationId>): Promise<PropertyRow> => {
    if (!ctx.property) throw notFound();
    return scopedProperty(services, caller(ctx), ctx.property);
  };
  return {
    reportsNextSteps: async (ctx) =>
      ok(await hotelNextSteps(services, caller(ctx), requestLanguage(ctx.auth, ctx.req))),
    reportsOperatorNextSteps: async (ctx) =>
      ok(await operatorNextSteps(services, caller(ctx), requestLanguage(ctx.auth, ctx.req))),
    operatorFactSheetNextSteps: async (ctx) =>
      ok(await operatorPropertyNextSteps(services, caller(ctx), ctx.params.id, requestLanguage(ctx.auth, ctx.req))),
    factsFreshness: async (ctx) => ok(await propertyFreshness(services, await scoped(ctx))),
    factsConfirmSection: async (ctx) =>
      ok(
        await confirmSection(
          services,
          caller(ctx),
          ctx.ip,
          await scoped(ctx),
          (ctx.body as ConfirmSectionWire).section,
        ),
      ),
  };
}
