import type {
  StopSaleEventWire,
  StopSaleRangeRequestWire,
  StopSaleRangeResultWire,
  StopSaleSaveRequestWire,
} from '../../../shared/generated/wire-types.js';
import { conflict, fieldError, tooLarge } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { PropertyRow } from '../properties/index.js';
import { checkDate, MAX_RANGE_DAYS } from './dates.js';
import { applyWrites, checkWrites, propertyOfRooms } from './save.js';
import { rangeWrites, stopSaleDayOf, type DayWrite, type StopSaleColor, type StopSaleDay } from './store.js';

/** The stop-sale writes behind the handlers: a chart's save, one day added, a range. */

/** The most marked days one save takes. */
const MAX_SAVE_DAYS = 20_000;

export const eventWire = (d: StopSaleDay): StopSaleEventWire => ({
  id: d.id,
  date: d.date,
  color: d.color,
  state: null,
  visible: true,
  room: d.room_id,
});

/** The day writes a chart's save carries, each with where in the body it came from (for 400 answers). */
function chartWrites(data: StopSaleSaveRequestWire['data']): Array<DayWrite & { path: Array<string | number> }> {
  const writes: Array<DayWrite & { path: Array<string | number> }> = [];
  for (const [i, room] of data.rooms.entries()) {
    for (const [j, event] of room.events.entries()) {
      if (!event.state) continue;
      // An event's room is its row's room: an event naming another room is a client's mistake, not a move.
      if (event.room !== undefined && event.room !== room.id)
        throw fieldError('data', `Event ${j + 1} of room ${room.id} names room ${event.room}.`);
      writes.push({
        roomId: room.id,
        date: event.date,
        color: event.state === 'delete' || event.visible === false ? null : (event.color as StopSaleColor),
        path: ['data', 'rooms', i, 'events', j, 'date'],
      });
    }
  }
  return writes;
}

/** Save the days a chart changed, all of one property (named or found from its rooms). Answers the property. */
export async function saveChart(
  services: Services,
  auth: AuthContext,
  ip: string,
  data: StopSaleSaveRequestWire['data'],
): Promise<PropertyRow> {
  const roomIds = data.rooms.map((r) => r.id);
  if (!roomIds.length && data.hotel === undefined)
    throw fieldError('data', 'Name the property (hotel) or send its rooms.');
  const property = await propertyOfRooms(services, auth, roomIds, data.hotel);
  const writes = chartWrites(data);
  // A save carries the days changed on the chart; seasons go through range writes (one row per day either way).
  if (writes.length > MAX_SAVE_DAYS)
    throw tooLarge(`At most ${MAX_SAVE_DAYS} days in one save; set longer spans with a range.`);
  checkWrites(services, writes);
  await applyWrites(
    services,
    auth,
    ip,
    property,
    writes.map(({ roomId, date: day, color }) => ({ roomId, date: day, color })),
  );
  return property;
}

/** A state for a room's day that has none yet (409 when it has one). */
export async function createDay(
  services: Services,
  auth: AuthContext,
  ip: string,
  room: number,
  date: string,
  color: StopSaleColor,
): Promise<StopSaleDay> {
  const db = services.db.kysely;
  checkDate(date, services.clock.now(), 'date');
  const property = await propertyOfRooms(services, auth, [room]);
  const existing = await stopSaleDayOf(db, room, date);
  if (existing) throw conflict('This day has a state already: change it instead.', { id: existing.id });
  await applyWrites(services, auth, ip, property, [{ roomId: room, date, color }]);
  return (await stopSaleDayOf(db, room, date))!;
}

/** One state (or none) for every day of a range, for rooms of one property. */
export async function writeRange(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: StopSaleRangeRequestWire,
): Promise<StopSaleRangeResultWire> {
  const now = services.clock.now();
  const first = checkDate(body.from, now, 'from');
  const last = checkDate(body.to, now, 'to');
  // from ≤ to is the schema's rule (x-rules): refused before this with the message at both.
  if (last - first + 1 > MAX_RANGE_DAYS) throw fieldError('to', `A range is at most ${MAX_RANGE_DAYS} days.`);
  const property = await propertyOfRooms(services, auth, body.rooms, body.hotel);
  const color = body.color === null ? null : (body.color as StopSaleColor);
  const changed = await applyWrites(services, auth, ip, property, rangeWrites(body.rooms, body.from, body.to, color));
  return {
    hotel: property.id,
    from: body.from,
    to: body.to,
    color,
    rooms: body.rooms.length,
    days: last - first + 1,
    written: changed.length,
  };
}
