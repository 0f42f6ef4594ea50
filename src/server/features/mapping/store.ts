import type { Kysely, Selectable } from 'kysely';
import type { HotelMappingWire } from '../../../shared/generated/wire-types.js';
import { bool, type Database, type EventCodeColumns, type RoomMappingsTable } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { ContractAccess } from '../partners/index.js';
import { publishedRooms, type PublishedRoom } from '../publications/index.js';
import { STATE_CODE_COLUMNS } from './codes.js';
import { suggestFor, type MappedRoom } from './suggest.js';
import { hotelName } from '../properties/index.js';

/** The mapping's reads: the state answered with its suggestions, and the code helpers its writes share. */

type Db = Kysely<Database>;
export type RoomRow = Selectable<RoomMappingsTable>;
type RoomAnswer = HotelMappingWire['rooms'][number];

/** "" and whitespace are no code. */
export const code = (v: string | null | undefined): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : null;

export function eventCodes(from: Partial<EventCodeColumns>): EventCodeColumns {
  return Object.fromEntries(STATE_CODE_COLUMNS.map((c) => [c, code(from[c])])) as unknown as EventCodeColumns;
}

/** The operator's mapped rooms at its other hotels, to suggest from (newest first, bounded). */
async function suggestionPool(db: Db, operatorAccountId: number, propertyId: number): Promise<MappedRoom[]> {
  const rows = await db
    .selectFrom('room_mappings as rm')
    .innerJoin('properties as p', 'p.id', 'rm.property_id')
    .select(['rm.room_id', 'rm.property_id', 'rm.new_name', 'rm.override_code', 'rm.original_name', 'p.hotel_name'])
    .where('rm.operator_account_id', '=', operatorAccountId)
    .where('rm.property_id', '!=', propertyId)
    .where((eb) => eb.or([eb('rm.new_name', 'is not', null), eb('rm.override_code', 'is not', null)]))
    .orderBy('rm.updated_at', 'desc')
    .limit(5000)
    .execute();
  const rooms = new Map<number, Map<number, PublishedRoom>>();
  for (const pid of new Set(rows.map((r) => r.property_id)))
    rooms.set(pid, new Map((await publishedRooms(db, pid)).map((r) => [r.id, r])));
  return rows.map((r) => ({
    hotel: r.hotel_name,
    room: rooms.get(r.property_id)?.get(r.room_id) ?? {
      id: r.room_id,
      name: r.original_name ?? '',
      type: null,
      view: null,
    },
    newName: r.new_name,
    code: r.override_code,
  }));
}

/** GET api/tour-operator/mapping/hotel/get/{id}/: the mapping of one property, its rooms' states and suggestions. */
export async function mappingState(services: Services, access: ContractAccess): Promise<HotelMappingWire> {
  const db = services.db.kysely;
  const [propertyName, hotel, mapped, published] = await Promise.all([
    hotelName(db, access.propertyId),
    db
      .selectFrom('hotel_mappings')
      .selectAll()
      .where('operator_account_id', '=', access.operatorAccountId)
      .where('property_id', '=', access.propertyId)
      .executeTakeFirst(),
    db
      .selectFrom('room_mappings')
      .selectAll()
      .where('operator_account_id', '=', access.operatorAccountId)
      .where('property_id', '=', access.propertyId)
      .orderBy('id')
      .execute(),
    publishedRooms(db, access.propertyId),
  ]);
  const byRoom = new Map(mapped.map((r) => [r.room_id, r]));
  const unmapped = published.filter((r) => !byRoom.has(r.id));
  let suggestions = new Map<number, RoomAnswer['suggestions']>();
  if (unmapped.length) {
    const pool = await suggestionPool(db, access.operatorAccountId, access.propertyId);
    const taken = new Set(
      (
        await db
          .selectFrom('room_mappings')
          .select('override_code')
          .where('operator_account_id', '=', access.operatorAccountId)
          .where('override_code', 'is not', null)
          .execute()
      ).map((r) => r.override_code!.toLowerCase()),
    );
    suggestions = new Map(unmapped.map((r) => [r.id, suggestFor(r, pool, hotel?.override_code ?? null, taken)]));
  }
  const answer = (room: PublishedRoom | undefined, row: RoomRow | undefined): RoomAnswer => {
    const name = room?.name ?? row?.original_name ?? row?.new_name ?? '';
    const status: RoomAnswer['status'] = !room
      ? 'deleted'
      : !row
        ? 'new'
        : row.original_name !== null && row.original_name !== room.name
          ? 'renamed'
          : 'mapped';
    return {
      id: row?.id ?? null,
      room: room?.id ?? row!.room_id,
      display_name: name,
      room_type: (room?.type ?? null) as RoomAnswer['room_type'],
      room_view: (room?.view ?? null) as RoomAnswer['room_view'],
      status,
      linked: row ? bool(row.linked) : false,
      link_date: row?.link_date ?? null,
      override_code: row?.override_code ?? null,
      new_name: row?.new_name ?? null,
      original_name: row?.original_name ?? null,
      ...eventCodes(row ?? {}),
      suggestions: room && !row ? (suggestions.get(room.id) ?? []) : [],
    };
  };
  const publishedIds = new Set(published.map((r) => r.id));
  return {
    id: hotel?.id ?? null,
    user: access.operatorAccountId,
    hotel: access.propertyId,
    hotel_name: propertyName,
    override_code: hotel?.override_code ?? null,
    local_id: hotel?.local_id ?? null,
    external_id: hotel?.external_id ?? null,
    supplying_name: hotel?.supplying_name ?? null,
    ...eventCodes(hotel ?? {}),
    updated_at: hotel?.updated_at ?? null,
    rooms: [
      ...published.map((r) => answer(r, byRoom.get(r.id))),
      ...mapped.filter((m) => !publishedIds.has(m.room_id)).map((m) => answer(undefined, m)),
    ],
  };
}
