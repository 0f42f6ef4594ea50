import type { Kysely, Selectable } from 'kysely';
import { emitWebhook } from '../webhooks/index.js';
import type { HotelMappingRequestWire, HotelMappingWire } from '../../../shared/generated/wire-types.js';
import { bool, type Database, type EventCodeColumns, type RoomMappingsTable } from '../../db/tables.js';
import { onUnique } from '../../db/unique.js';
import { ApiError, conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import type { ContractAccess } from '../partners/index.js';
import { publishedRooms, type PublishedRoom } from '../publications/index.js';
import { STATE_CODE_COLUMNS } from './codes.js';
import { suggestFor, type MappedRoom } from './suggest.js';
import { hotelName } from '../properties/index.js';

type Db = Kysely<Database>;
type RoomRow = Selectable<RoomMappingsTable>;
type RoomAnswer = HotelMappingWire['rooms'][number];

const HOTEL_CODES = ['override_code', 'local_id', 'external_id'] as const;
const CODE_WORDS: Record<(typeof HOTEL_CODES)[number], string> = {
  override_code: 'hotel code',
  local_id: 'local id',
  external_id: 'external id',
};

/** "" and whitespace are no code. */
const code = (v: string | null | undefined): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function eventCodes(from: Partial<EventCodeColumns>): EventCodeColumns {
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

/** 409 naming what already uses a code, or nothing. */
async function checkCodes(db: Db, access: ContractAccess, body: HotelMappingRequestWire): Promise<void> {
  for (const column of HOTEL_CODES) {
    const value = code(body[column]);
    if (!value) continue;
    const other = await db
      .selectFrom('hotel_mappings as hm')
      .innerJoin('properties as p', 'p.id', 'hm.property_id')
      .select('p.hotel_name')
      .where('hm.operator_account_id', '=', access.operatorAccountId)
      .where('hm.property_id', '!=', access.propertyId)
      .where(column, '=', value)
      .executeTakeFirst();
    if (other)
      throw conflict(`The ${CODE_WORDS[column]} ${value} is already used for ${other.hotel_name}.`, {
        [column]: [`Already used for ${other.hotel_name}.`],
      });
  }
  const seen = new Map<string, number>();
  for (const [i, room] of (body.rooms ?? []).entries()) {
    const value = code(room.override_code);
    if (!value) continue;
    const twice = seen.get(value.toLowerCase());
    if (twice !== undefined)
      throw conflict(`The room code ${value} is given to two rooms.`, {
        rooms: { [i]: { override_code: ['Already given to another room here.'] } },
      });
    seen.set(value.toLowerCase(), i);
    const other = await db
      .selectFrom('room_mappings as rm')
      .innerJoin('properties as p', 'p.id', 'rm.property_id')
      .select(['p.hotel_name', 'rm.original_name', 'rm.new_name', 'rm.room_id', 'rm.property_id'])
      .where('rm.operator_account_id', '=', access.operatorAccountId)
      .where('rm.override_code', '=', value)
      .where((eb) =>
        eb.or([
          eb('rm.property_id', '!=', access.propertyId),
          eb(
            'rm.room_id',
            'not in',
            (body.rooms ?? []).map((r) => r.room),
          ),
        ]),
      )
      .executeTakeFirst();
    if (other) {
      const room = other.new_name ?? other.original_name ?? `room ${other.room_id}`;
      throw conflict(`The room code ${value} is already used for ${room} at ${other.hotel_name}.`, {
        rooms: { [i]: { override_code: [`Already used for ${room} at ${other.hotel_name}.`] } },
      });
    }
  }
}

/**
 * POST api/tour-operator/mapping/hotel/create/: the whole mapping, in one transaction. Rooms sent
 * are mapped (their current name recorded as the name mapped, which acknowledges a rename); rooms
 * mapped before and not sent are unmapped; a room that is neither published nor mapped is refused.
 */
export async function saveMapping(
  services: Services,
  auth: AuthContext,
  ip: string,
  access: ContractAccess,
  body: HotelMappingRequestWire,
): Promise<void> {
  const db = services.db.kysely;
  const published = new Map((await publishedRooms(db, access.propertyId)).map((r) => [r.id, r]));
  const now = services.clock.now().toISOString();
  await checkCodes(db, access, body);
  const answer = () => conflict('Someone saved the same code at the same moment. Reload and try again.');
  await onUnique(
    () =>
      db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('room_mappings')
          .selectAll()
          .where('operator_account_id', '=', access.operatorAccountId)
          .where('property_id', '=', access.propertyId)
          .execute();
        const byRoom = new Map(existing.map((r) => [r.room_id, r]));
        for (const [i, room] of (body.rooms ?? []).entries()) {
          if (!published.has(room.room) && !byRoom.has(room.room))
            throw new ApiError(400, { rooms: { [i]: { room: ['Not a room of this hotel.'] } } });
        }
        const hotel = {
          override_code: code(body.override_code),
          local_id: code(body.local_id),
          external_id: code(body.external_id),
          supplying_name: code(body.supplying_name),
          ...eventCodes(body),
          updated_by: auth.user.id,
          updated_at: now,
        };
        await trx
          .insertInto('hotel_mappings')
          .values({ operator_account_id: access.operatorAccountId, property_id: access.propertyId, ...hotel })
          .onConflict((oc) => oc.columns(['operator_account_id', 'property_id']).doUpdateSet(hotel))
          .execute();
        const sent = new Set((body.rooms ?? []).map((r) => r.room));
        const gone = existing.filter((r) => !sent.has(r.room_id)).map((r) => r.id);
        if (gone.length) await trx.deleteFrom('room_mappings').where('id', 'in', gone).execute();
        for (const room of body.rooms ?? []) {
          const before = byRoom.get(room.room);
          const linked = room.linked !== false;
          const values = {
            linked,
            link_date: linked ? (before && bool(before.linked) ? before.link_date : now) : null,
            override_code: code(room.override_code),
            new_name: code(room.new_name),
            original_name: published.get(room.room)?.name ?? before?.original_name ?? null,
            ...eventCodes(room),
            updated_by: auth.user.id,
            updated_at: now,
          };
          if (before) await trx.updateTable('room_mappings').set(values).where('id', '=', before.id).execute();
          else
            await trx
              .insertInto('room_mappings')
              .values({
                operator_account_id: access.operatorAccountId,
                property_id: access.propertyId,
                room_id: room.room,
                ...values,
              })
              .execute();
        }
        const summary = `Mapped ${published.size ? `${(body.rooms ?? []).filter((r) => published.has(r.room)).length} of ${published.size} rooms` : 'the hotel'} of property ${access.propertyId}`;
        await recordAudit(
          services,
          actorOf(auth, ip),
          { kind: 'mapping', action: 'update', subject: 'property', subjectId: access.propertyId, summary },
          trx,
        );
        // The operator's own systems hear of their codes changing (its endpoints only).
        await emitWebhook(
          services,
          trx,
          [access.operatorAccountId],
          'mapping.updated',
          { property: access.propertyId, message: summary },
          access.propertyId,
        );
      }),
    { override_code: answer, local_id: answer, external_id: answer },
  );
}
