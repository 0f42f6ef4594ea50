import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { STOP_SALE_STATES as STATES, type StopSaleState } from '../../../shared/generated/value-lists.js';
import { dateOfDay, dayNumber } from './dates.js';
import { roomsOf, roomsQuery } from '../facts/index.js';

/**
 * The stop-sale repository: a property's rooms and their states per calendar day. Plain reads and
 * writes on a Kysely handle (the app's or a transaction), no access checks: the callers (the
 * hotel's chart, the operator's view, the PDF, the partner API) decide who may read what first.
 */

type Db = Kysely<Database>;

/** The states' names, by their number (the wire's color): schemas/stop-sale/event.schema.json#/$defs/state. */
export const STOP_SALE_STATES: readonly string[] = STATES.map((s) => s.label);
export type StopSaleColor = StopSaleState;
/** The mapping's event-code column prefix per state (free_event_code...). */
export const STATE_CODE_KEYS = STATES.map((s) => s.code);

export interface StopSaleRoom {
  id: number;
  room_name: string;
}

export interface StopSaleDay {
  id: number;
  room_id: number;
  date: string;
  color: StopSaleColor;
}

/** Rows written by one chunked insert: 6 values a row stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 1000;

/** The property's rooms (its facts' room rows), in the facts' order: the facts feature's reader. */
export const propertyRooms: (db: Db, propertyId: number) => Promise<StopSaleRoom[]> = roomsOf;

/** A room with its days that have a state in a range, in date order. */
export interface StopSaleRoomDays extends StopSaleRoom {
  days: StopSaleDay[];
}

/**
 * The property's rooms in the facts' order, each with its days from `from` to `to` (YYYY-MM-DD,
 * both included) that have a state: one statement (the rooms joined with their days), where two
 * reads in parallel cost the month, its PDF and the partner feeds a second round trip to the
 * database (issue 39: under load, a statement's send is where PostgreSQL takes the core).
 */
export async function readRoomDays(db: Db, propertyId: number, from: string, to: string): Promise<StopSaleRoomDays[]> {
  const rows = await db
    .selectFrom(roomsQuery(db, propertyId).as('r'))
    .leftJoin('stop_sale_events as e', (join) =>
      join.onRef('e.room_id', '=', 'r.id').on('e.date', '>=', from).on('e.date', '<=', to),
    )
    .select(['r.id as room_id', 'r.room_name', 'e.id as event_id', 'e.date', 'e.color'])
    .orderBy('r.position')
    .orderBy('r.id')
    .orderBy('e.date')
    .execute();
  const out: StopSaleRoomDays[] = [];
  for (const r of rows) {
    let room = out[out.length - 1];
    if (room?.id !== r.room_id) out.push((room = { id: r.room_id, room_name: r.room_name ?? '', days: [] }));
    if (r.event_id !== null)
      room.days.push({ id: r.event_id, room_id: r.room_id, date: r.date!, color: r.color as StopSaleColor });
  }
  return out;
}

/**
 * The states of a property's rooms from `from` to `to` (YYYY-MM-DD, both included), ordered by
 * room and day; `roomIds` narrows to some rooms. What the writes read before they change days.
 */
export async function readStopSaleDays(
  db: Db,
  propertyId: number,
  from: string,
  to: string,
  roomIds?: readonly number[],
): Promise<StopSaleDay[]> {
  if (roomIds && !roomIds.length) return [];
  let q = db
    .selectFrom('stop_sale_events')
    .select(['id', 'room_id', 'date', 'color'])
    .where('property_id', '=', propertyId)
    .where('date', '>=', from)
    .where('date', '<=', to);
  if (roomIds) q = q.where('room_id', 'in', [...roomIds]);
  const rows = await q.orderBy('room_id').orderBy('date').execute();
  return rows.map((r) => ({ id: r.id, room_id: r.room_id, date: r.date, color: r.color as StopSaleColor }));
}

/** One event by id, with its property. */
export async function stopSaleDayById(
  db: Db,
  id: number,
): Promise<(StopSaleDay & { property_id: number }) | undefined> {
  const row = await db
    .selectFrom('stop_sale_events')
    .select(['id', 'room_id', 'date', 'color', 'property_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, color: row.color as StopSaleColor };
}

/** One room's day, when it has a state. */
export async function stopSaleDayOf(db: Db, roomId: number, date: string): Promise<StopSaleDay | undefined> {
  const row = await db
    .selectFrom('stop_sale_events')
    .select(['id', 'room_id', 'date', 'color'])
    .where('room_id', '=', roomId)
    .where('date', '=', date)
    .executeTakeFirst();
  return row && { ...row, color: row.color as StopSaleColor };
}

export interface DayWrite {
  roomId: number;
  date: string;
  /** null clears the day. */
  color: StopSaleColor | null;
}

/**
 * Apply day writes of one property (run it inside the caller's transaction): a state replaces the
 * day's state or creates it, null deletes it. Answers the writes that changed something.
 */
export async function writeStopSaleDays(
  db: Db,
  propertyId: number,
  writes: readonly DayWrite[],
  userId: number | null,
  now: string,
): Promise<DayWrite[]> {
  if (!writes.length) return [];
  // The last write of a day wins, as the chart's last click does.
  const byKey = new Map<string, DayWrite>();
  for (const w of writes) byKey.set(`${w.roomId}|${w.date}`, w);
  const wanted = [...byKey.values()];
  const dates = wanted.map((w) => w.date).sort();
  const before = await readStopSaleDays(db, propertyId, dates[0]!, dates[dates.length - 1]!, [
    ...new Set(wanted.map((w) => w.roomId)),
  ]);
  const existing = new Map(before.map((d) => [`${d.room_id}|${d.date}`, d]));
  const changed = wanted.filter((w) => (existing.get(`${w.roomId}|${w.date}`)?.color ?? null) !== w.color);
  const clear = changed.filter((w) => w.color === null).map((w) => existing.get(`${w.roomId}|${w.date}`)!.id);
  const update = changed.filter((w) => w.color !== null && existing.has(`${w.roomId}|${w.date}`));
  const insert = changed.filter((w) => w.color !== null && !existing.has(`${w.roomId}|${w.date}`));
  for (let i = 0; i < clear.length; i += INSERT_CHUNK)
    await db
      .deleteFrom('stop_sale_events')
      .where('id', 'in', clear.slice(i, i + INSERT_CHUNK))
      .execute();
  // Updates grouped by state: one statement per state and chunk, not one per day.
  for (const color of STATES.map((s) => s.value)) {
    const ids = update.filter((w) => w.color === color).map((w) => existing.get(`${w.roomId}|${w.date}`)!.id);
    for (let i = 0; i < ids.length; i += INSERT_CHUNK)
      await db
        .updateTable('stop_sale_events')
        .set({ color, updated_by: userId, updated_at: now })
        .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
        .execute();
  }
  for (let i = 0; i < insert.length; i += INSERT_CHUNK) {
    await db
      .insertInto('stop_sale_events')
      .values(
        insert.slice(i, i + INSERT_CHUNK).map((w) => ({
          property_id: propertyId,
          room_id: w.roomId,
          date: w.date,
          color: w.color!,
          updated_by: userId,
          updated_at: now,
        })),
      )
      .execute();
  }
  return changed;
}

/** Every day from `from` to `to` (both included) for each room: the writes of a range. */
export function rangeWrites(
  roomIds: readonly number[],
  from: string,
  to: string,
  color: StopSaleColor | null,
): DayWrite[] {
  const first = dayNumber(from)!;
  const last = dayNumber(to)!;
  const out: DayWrite[] = [];
  for (const roomId of roomIds) for (let d = first; d <= last; d++) out.push({ roomId, date: dateOfDay(d), color });
  return out;
}
