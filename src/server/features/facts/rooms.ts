import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * The facts feature's reader of rooms: a property's rooms are the `room` rows of its facts, and
 * their names live inside each row's JSON document. Other features (stop-sale, photos, next steps,
 * portfolio) ask here rather than read fact_rows and parse its documents themselves. No access
 * checks: callers decide who may see the property first.
 *
 * A room's name as the hotel wrote it is read from the row's room_name column, which the database
 * keeps from the document (migration 0051): parsing each room's whole document here was a third of
 * the server's CPU for a stop-sale month, and taking the name out of the document in the database
 * most of the month's database time (issue 39's market bench).
 */

type Db = Kysely<Database>;

export interface Room {
  id: number;
  room_name: string;
}

/**
 * The property's rooms as a query to join with (id, room_name, and position, the facts' order is
 * position then id): a feature that reads each room with rows of its own tables does it in one
 * statement (the stop-sale chart's rooms and days).
 */
export function roomsQuery(db: Db, propertyId: number) {
  return db
    .selectFrom('fact_rows')
    .select(['id', 'room_name', 'position'])
    .where('property_id', '=', propertyId)
    .where('kind', '=', 'room');
}

/** The property's rooms, in the facts' order (a room without a name: ''). */
export async function roomsOf(db: Db, propertyId: number): Promise<Room[]> {
  const rows = await roomsQuery(db, propertyId).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, room_name: r.room_name ?? '' }));
}

/** The ids of the property's rooms (no order). */
export async function roomIdsOf(db: Db, propertyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fact_rows')
    .select('id')
    .where('property_id', '=', propertyId)
    .where('kind', '=', 'room')
    .execute();
  return rows.map((r) => r.id);
}

/** The rooms of these properties, each with its property (no order). */
export async function roomsOfProperties(
  db: Db,
  propertyIds: readonly number[],
): Promise<Array<{ id: number; property_id: number }>> {
  if (!propertyIds.length) return [];
  return db
    .selectFrom('fact_rows')
    .select(['id', 'property_id'])
    .where('property_id', 'in', [...propertyIds])
    .where('kind', '=', 'room')
    .execute();
}

/**
 * The rooms of these properties with their names (null for a room without one, as roomNames), each
 * property's in the facts' order (one query; a property without rooms: none).
 */
export async function namedRoomsOfProperties(
  db: Db,
  propertyIds: readonly number[],
): Promise<Map<number, Array<{ id: number; room_name: string | null }>>> {
  const out = new Map<number, Array<{ id: number; room_name: string | null }>>();
  if (!propertyIds.length) return out;
  const rows = await db
    .selectFrom('fact_rows')
    .select(['id', 'property_id', 'room_name'])
    .where('property_id', 'in', [...new Set(propertyIds)])
    .where('kind', '=', 'room')
    .orderBy('property_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const r of rows)
    out.set(r.property_id, [...(out.get(r.property_id) ?? []), { id: r.id, room_name: r.room_name }]);
  return out;
}

/** The names of these rooms by id: null for a room without a name (callers choose what to show); unknown ids are left out. */
export async function roomNames(db: Db, roomIds: readonly number[]): Promise<Map<number, string | null>> {
  if (!roomIds.length) return new Map();
  const rows = await db
    .selectFrom('fact_rows')
    .select(['id', 'room_name'])
    .where('kind', '=', 'room')
    .where('id', 'in', [...new Set(roomIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.room_name]));
}

/** The property of each of these room ids (rooms only; unknown ids are left out). */
export async function roomProperties(db: Db, roomIds: readonly number[]): Promise<Map<number, number>> {
  if (!roomIds.length) return new Map();
  const rows = await db
    .selectFrom('fact_rows')
    .select(['id', 'property_id'])
    .where('kind', '=', 'room')
    .where('id', 'in', [...new Set(roomIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.property_id]));
}

/** Whether this id is a room of this property. */
export async function isRoomOf(db: Db, propertyId: number, roomId: number): Promise<boolean> {
  const room = await db
    .selectFrom('fact_rows')
    .select('id')
    .where('id', '=', roomId)
    .where('property_id', '=', propertyId)
    .where('kind', '=', 'room')
    .executeTakeFirst();
  return room !== undefined;
}
