import type { StopSaleEventWire } from '../../../shared/generated/wire-types.js';
import { conflict, fieldError, notFound, tooLarge } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess } from '../partners/access.js';
import { requireProperty } from '../properties/store.js';
import { monthChart, operatorCodes } from './chart.js';
import { chartPdf } from './chart-pdf.js';
import { partnerSync } from './partner-sync.js';
import { chartMonth, checkDate, MAX_RANGE_DAYS } from './dates.js';
import { applyWrites, checkWrites, propertyOfRooms } from './save.js';
import { rangeWrites, stopSaleDayById, type DayWrite, type StopSaleColor, type StopSaleDay } from './store.js';

/** The most marked days one save takes. */
const MAX_SAVE_DAYS = 20_000;

/** The only calendar group (spec 000 §9): more groups were never built. */
export const CALENDAR_GROUPS = ['Contracted'];

const eventWire = (d: StopSaleDay): StopSaleEventWire => ({ id: d.id, date: d.date, color: d.color, state: null, visible: true, room: d.room_id });

/** The stop-sale chart (spec 000 §7 "Stop-sale"): the hotel's month, its saves and single-day calls, range writes; the operator's read-only view. */
export function stopSaleHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const month = (date: string | undefined): string => chartMonth(services.clock, date);

  /** The event behind {id}, of a property the caller may see; else 404. */
  async function ownEvent(auth: ReturnType<typeof caller>, id: number) {
    const event = await stopSaleDayById(db, id);
    if (!event) throw notFound();
    const property = await requireProperty(services, auth, event.property_id);
    return { event, property };
  }

  return {
    async stopSaleMonth(ctx) {
      const date = month(ctx.query.date);
      const property = await requireProperty(services, caller(ctx), ctx.property!.id);
      return ok(await monthChart(services, property, date));
    },

    async stopSaleSave(ctx) {
      const auth = caller(ctx);
      const { data } = ctx.body;
      const date = month(data.date);
      const roomIds = data.rooms.map((r) => r.id);
      if (!roomIds.length && data.hotel === undefined) throw fieldError('data', 'Name the property (hotel) or send its rooms.');
      const property = await propertyOfRooms(services, auth, roomIds, data.hotel);
      const writes: Array<DayWrite & { path: Array<string | number> }> = [];
      for (const [i, room] of data.rooms.entries()) {
        for (const [j, event] of room.events.entries()) {
          if (!event.state) continue;
          // An event's room is its row's room: an event naming another room is a client's mistake, not a move.
          if (event.room !== undefined && event.room !== room.id) throw fieldError('data', `Event ${j + 1} of room ${room.id} names room ${event.room}.`);
          writes.push({ roomId: room.id, date: event.date, color: event.state === 'delete' || event.visible === false ? null : (event.color as StopSaleColor), path: ['data', 'rooms', i, 'events', j, 'date'] });
        }
      }
      // A save carries the days changed on the chart; seasons go through range writes (one row per day either way).
      if (writes.length > MAX_SAVE_DAYS) throw tooLarge(`At most ${MAX_SAVE_DAYS} days in one save; set longer spans with a range.`);
      checkWrites(services, writes);
      await applyWrites(services, auth, ctx.ip, property, writes.map(({ roomId, date: day, color }) => ({ roomId, date: day, color })));
      return ok(await monthChart(services, property, date));
    },

    async stopSaleCreate(ctx) {
      const auth = caller(ctx);
      const { room, date, color } = ctx.body;
      checkDate(date, services.clock.now(), 'date');
      const property = await propertyOfRooms(services, auth, [room]);
      const existing = await db.selectFrom('stop_sale_events').select('id').where('room_id', '=', room).where('date', '=', date).executeTakeFirst();
      if (existing) throw conflict('This day has a state already: change it instead.', { id: existing.id });
      await applyWrites(services, auth, ctx.ip, property, [{ roomId: room, date, color: color as StopSaleColor }]);
      const row = await db.selectFrom('stop_sale_events').select(['id', 'room_id', 'date', 'color']).where('room_id', '=', room).where('date', '=', date).executeTakeFirstOrThrow();
      return created(eventWire({ ...row, color: row.color as StopSaleColor }));
    },

    async stopSaleUpdate(ctx) {
      const auth = caller(ctx);
      const { event, property } = await ownEvent(auth, ctx.params.id);
      await applyWrites(services, auth, ctx.ip, property, [{ roomId: event.room_id, date: event.date, color: ctx.body.color as StopSaleColor }]);
      return ok(eventWire({ ...event, color: ctx.body.color as StopSaleColor }));
    },

    async stopSaleDelete(ctx) {
      const auth = caller(ctx);
      const { event, property } = await ownEvent(auth, ctx.params.id);
      await applyWrites(services, auth, ctx.ip, property, [{ roomId: event.room_id, date: event.date, color: null }]);
      return noContent();
    },

    async stopSaleRange(ctx) {
      const auth = caller(ctx);
      const body = ctx.body;
      const now = services.clock.now();
      const first = checkDate(body.from, now, 'from');
      const last = checkDate(body.to, now, 'to');
      if (last < first) throw fieldError('to', 'The range ends before it starts.');
      if (last - first + 1 > MAX_RANGE_DAYS) throw fieldError('to', `A range is at most ${MAX_RANGE_DAYS} days.`);
      const property = await propertyOfRooms(services, auth, body.rooms, body.hotel);
      const color = body.color === null ? null : (body.color as StopSaleColor);
      const changed = await applyWrites(services, auth, ctx.ip, property, rangeWrites(body.rooms, body.from, body.to, color));
      return ok({ hotel: property.id, from: body.from, to: body.to, color, rooms: body.rooms.length, days: last - first + 1, written: changed.length });
    },

    async stopSalePdf(ctx) {
      const date = month(ctx.query.date);
      const property = await requireProperty(services, caller(ctx), ctx.property!.id);
      const pdf = await chartPdf(services, await monthChart(services, property, date));
      ctx.reply.header('cache-control', 'no-store');
      return { status: 200, file: pdf, contentType: 'application/pdf', filename: `Stopsale-${property.id}.pdf` };
    },

    async stopSaleCalendarGroups() {
      return ok(CALENDAR_GROUPS);
    },

    async stopSaleSyncStatus(ctx) {
      const property = await requireProperty(services, caller(ctx), ctx.property!.id);
      return ok(await partnerSync(services, property.id));
    },

    async operatorStopSale(ctx) {
      const auth = caller(ctx);
      const date = month(ctx.query.date);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      const property = await db.selectFrom('properties').select(['id', 'hotel_name']).where('id', '=', access.propertyId).executeTakeFirstOrThrow();
      const chart = await monthChart(services, property, date, await operatorCodes(db, access.operatorAccountId, access.propertyId));
      // The operator sees the days, not the hotel's other partners' deadlines.
      return ok({ ...chart, deadline_hours: null });
    },
  };
}

