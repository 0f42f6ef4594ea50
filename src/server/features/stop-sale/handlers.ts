import { notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { requireProperty, scopedProperty } from '../properties/index.js';
import { monthChart } from './chart.js';
import { operatorMonthChart } from './operator-chart.js';
import { chartPdf } from './chart-pdf.js';
import { requestLanguage } from '../../routing/request-language.js';
import { partnerSync } from './partner-sync.js';
import { chartMonth } from './dates.js';
import { applyWrites } from './save.js';
import { createDay, eventWire, saveChart, writeRange } from './operations.js';
import { stopSaleDayById, type StopSaleColor } from './store.js';

/** The only calendar group (spec 000 §9): more groups were never built. */
export const CALENDAR_GROUPS = ['Contracted'];

/** The stop-sale chart (spec 000 §7 "Stop-sale"): the hotel's month, its saves and single-day calls, range writes; the operator's read-only view. */
export function stopSaleHandlers(services: Services): HandlerMap {
  const month = (date: string | undefined): string => chartMonth(services.clock, date);

  return {
    ...dayHandlers(services),

    async stopSaleMonth(ctx) {
      const date = month(ctx.query.date);
      const property = await scopedProperty(services, caller(ctx), ctx.property!);
      return ok(await monthChart(services, property, date));
    },

    async stopSaleSave(ctx) {
      const date = month(ctx.body.data.date);
      const property = await saveChart(services, caller(ctx), ctx.ip, ctx.body.data);
      return ok(await monthChart(services, property, date));
    },

    async stopSalePdf(ctx) {
      const date = month(ctx.query.date);
      const property = await scopedProperty(services, caller(ctx), ctx.property!);
      const language = requestLanguage(ctx.auth, ctx.req);
      const pdf = await chartPdf(services, await monthChart(services, property, date), language);
      ctx.reply.header('cache-control', 'no-store');
      // Spec 000 §7: the API "downloads a PDF named Stopsale-{id}" (what a script fetching it reads);
      // the portal saves it under the hotel's name and the month (src/client/pages/stop-sale/chart-pdf.ts),
      // as the mailed chart is named (chartFileName).
      return { status: 200, file: pdf, contentType: 'application/pdf', filename: `Stopsale-${property.id}.pdf` };
    },

    async stopSaleCalendarGroups() {
      return ok(CALENDAR_GROUPS);
    },

    async stopSaleSyncStatus(ctx) {
      return ok(await partnerSync(services, ctx.property!.id));
    },

    async operatorStopSale(ctx) {
      return ok(await operatorMonthChart(services, caller(ctx), ctx.params.id, month(ctx.query.date)));
    },
  };
}

/** Single days by their event id: added, recoloured, cleared; and range writes. */
function dayHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  /** The event behind {id}, of a property the caller may see; else 404. */
  async function ownEvent(auth: ReturnType<typeof caller>, id: number) {
    const event = await stopSaleDayById(db, id);
    if (!event) throw notFound();
    const property = await requireProperty(services, auth, event.property_id);
    return { event, property };
  }

  return {
    async stopSaleCreate(ctx) {
      const { room, date, color } = ctx.body;
      return created(eventWire(await createDay(services, caller(ctx), ctx.ip, room, date, color as StopSaleColor)));
    },

    async stopSaleUpdate(ctx) {
      const auth = caller(ctx);
      const { event, property } = await ownEvent(auth, ctx.params.id);
      await applyWrites(services, auth, ctx.ip, property, [
        { roomId: event.room_id, date: event.date, color: ctx.body.color as StopSaleColor },
      ]);
      return ok(eventWire({ ...event, color: ctx.body.color as StopSaleColor }));
    },

    async stopSaleDelete(ctx) {
      const auth = caller(ctx);
      const { event, property } = await ownEvent(auth, ctx.params.id);
      await applyWrites(services, auth, ctx.ip, property, [{ roomId: event.room_id, date: event.date, color: null }]);
      return noContent();
    },

    async stopSaleRange(ctx) {
      return ok(await writeRange(services, caller(ctx), ctx.ip, ctx.body));
    },
  };
}
