import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { hotelReport } from './hotel.js';
import { accommodationNumber, operatorNumber } from './numbers.js';
import { operatorFeed, operatorReport } from './operator.js';

/** The report calls of spec 000 §7 (api-statistics belongs to the developer tools). */
export function reportHandlers(services: Services): HandlerMap {
  return {
    reportsOperatorNumber: async (ctx) => ok(await operatorNumber(services, caller(ctx))),
    reportsAccommodationNumber: async (ctx) => ok(await accommodationNumber(services, caller(ctx))),
    reportsOperatorFeed: async (ctx) => ok(await operatorFeed(services, caller(ctx))),
    reportsReportData: async (ctx) => ok(await hotelReport(services, caller(ctx))),
    reportsOperatorReportData: async (ctx) => ok(await operatorReport(services, caller(ctx))),
  };
}
