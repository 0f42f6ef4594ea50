import type { Kysely } from 'kysely';
import type { HotelMappingRequestWire } from '../../../shared/generated/wire-types.js';
import { bool, type Database } from '../../db/tables.js';
import { onUnique } from '../../db/unique.js';
import { ApiError, conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import type { ContractAccess } from '../partners/index.js';
import { publishedRooms, type PublishedRoom } from '../publications/index.js';
import { emitWebhook } from '../webhooks/index.js';
import { code, eventCodes, type RoomRow } from './store.js';

/** Saving an operator's mapping of a hotel: its codes checked, the hotel's and rooms' rows written, told. */

type Db = Kysely<Database>;
type RoomSent = NonNullable<HotelMappingRequestWire['rooms']>[number];

const HOTEL_CODES = ['override_code', 'local_id', 'external_id'] as const;
const CODE_WORDS: Record<(typeof HOTEL_CODES)[number], string> = {
  override_code: 'hotel code',
  local_id: 'local id',
  external_id: 'external id',
};

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

/** Who saves and when, stamped on every row written. */
interface Stamp {
  by: number;
  now: string;
}

async function mappedRooms(trx: Db, access: ContractAccess): Promise<RoomRow[]> {
  return trx
    .selectFrom('room_mappings')
    .selectAll()
    .where('operator_account_id', '=', access.operatorAccountId)
    .where('property_id', '=', access.propertyId)
    .execute();
}

/** 400 for a room sent that is neither published nor mapped. */
function checkRooms(rooms: RoomSent[], published: Map<number, PublishedRoom>, byRoom: Map<number, RoomRow>): void {
  for (const [i, room] of rooms.entries()) {
    if (!published.has(room.room) && !byRoom.has(room.room))
      throw new ApiError(400, { rooms: { [i]: { room: ['Not a room of this hotel.'] } } });
  }
}

async function saveHotelCodes(trx: Db, access: ContractAccess, body: HotelMappingRequestWire, stamp: Stamp) {
  const hotel = {
    override_code: code(body.override_code),
    local_id: code(body.local_id),
    external_id: code(body.external_id),
    supplying_name: code(body.supplying_name),
    ...eventCodes(body),
    updated_by: stamp.by,
    updated_at: stamp.now,
  };
  await trx
    .insertInto('hotel_mappings')
    .values({ operator_account_id: access.operatorAccountId, property_id: access.propertyId, ...hotel })
    .onConflict((oc) => oc.columns(['operator_account_id', 'property_id']).doUpdateSet(hotel))
    .execute();
}

/** Rooms sent are mapped (their current name recorded as the name mapped); rooms mapped before and not sent are unmapped. */
async function saveRooms(
  trx: Db,
  access: ContractAccess,
  rooms: RoomSent[],
  known: { published: Map<number, PublishedRoom>; existing: RoomRow[] },
  stamp: Stamp,
) {
  const byRoom = new Map(known.existing.map((r) => [r.room_id, r]));
  const sent = new Set(rooms.map((r) => r.room));
  const gone = known.existing.filter((r) => !sent.has(r.room_id)).map((r) => r.id);
  if (gone.length) await trx.deleteFrom('room_mappings').where('id', 'in', gone).execute();
  for (const room of rooms) {
    const before = byRoom.get(room.room);
    const linked = room.linked !== false;
    const values = {
      linked,
      link_date: linked ? (before && bool(before.linked) ? before.link_date : stamp.now) : null,
      override_code: code(room.override_code),
      new_name: code(room.new_name),
      original_name: known.published.get(room.room)?.name ?? before?.original_name ?? null,
      ...eventCodes(room),
      updated_by: stamp.by,
      updated_at: stamp.now,
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
}

/** The save in the operator's audit trail and, for its own systems, a mapping.updated webhook (its endpoints only). */
async function tellMapped(
  services: Services,
  trx: Db,
  who: { auth: AuthContext; ip: string },
  access: ContractAccess,
  summary: string,
) {
  await recordAudit(
    services,
    actorOf(who.auth, who.ip),
    { kind: 'mapping', action: 'update', subject: 'property', subjectId: access.propertyId, summary },
    trx,
  );
  await emitWebhook(
    services,
    trx,
    [access.operatorAccountId],
    'mapping.updated',
    { property: access.propertyId, message: summary },
    access.propertyId,
  );
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
  const stamp = { by: auth.user.id, now: services.clock.now().toISOString() };
  await checkCodes(db, access, body);
  const rooms = body.rooms ?? [];
  const answer = () => conflict('Someone saved the same code at the same moment. Reload and try again.');
  await onUnique(
    () =>
      db.transaction().execute(async (trx) => {
        const existing = await mappedRooms(trx, access);
        checkRooms(rooms, published, new Map(existing.map((r) => [r.room_id, r])));
        await saveHotelCodes(trx, access, body, stamp);
        await saveRooms(trx, access, rooms, { published, existing }, stamp);
        const summary = `Mapped ${published.size ? `${rooms.filter((r) => published.has(r.room)).length} of ${published.size} rooms` : 'the hotel'} of property ${access.propertyId}`;
        await tellMapped(services, trx, { auth, ip }, access, summary);
      }),
    { override_code: answer, local_id: answer, external_id: answer },
  );
}
