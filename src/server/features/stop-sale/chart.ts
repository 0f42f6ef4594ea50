import type { Kysely } from 'kysely';
import type { StopSaleMonthWire } from '../../../shared/generated/wire-types.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { contractedOperators, termAllows } from '../partners/access.js';
import { parseTerms } from '../partners/terms.js';
import { mappingOf, type OperatorCodes } from '../mapping/codes.js';
import { monthRange } from './dates.js';
import { propertyRooms, readStopSaleDays, STATE_CODE_KEYS, type StopSaleRoom } from './store.js';

type Codes = NonNullable<StopSaleMonthWire['rooms'][number]['codes']>;

/** A contract syncs stop-sale unless its to_sync_ss allows nothing (N): "only with approval" (O) still syncs. */
export const syncsStopSale = (toSyncSs: string | null | undefined): boolean => termAllows(toSyncSs, 'contractBoolean') !== 'no';

/** The longest stop-sale deadline (hours) of the contracts in force that sync stop-sale; null without one. */
export async function deadlineHours(services: Services, db: Kysely<Database>, propertyId: number): Promise<number | null> {
  const rows = await contractedOperators(db, propertyId, services.clock.now().toISOString()).execute();
  let hours: number | null = null;
  for (const r of rows) {
    if (r.accepted_terms === null) continue;
    const terms = parseTerms(services, r.accepted_terms);
    if (!syncsStopSale(terms.to_sync_ss)) continue;
    const h = Number(terms.ss_deadline);
    if (Number.isFinite(h) && (hours === null || h > hours)) hours = h;
  }
  return hours;
}

/** The month chart of a property: its rooms, each with its events of the month starting at `month`. */
export async function monthChart(
  services: Services,
  property: { id: number; hotel_name: string },
  month: string,
  codesOf?: (room: StopSaleRoom) => Codes,
): Promise<StopSaleMonthWire> {
  const db = services.db.kysely;
  const { from, to } = monthRange(month);
  const [rooms, days, deadline] = await Promise.all([propertyRooms(db, property.id), readStopSaleDays(db, property.id, from, to), deadlineHours(services, db, property.id)]);
  const byRoom = new Map<number, StopSaleMonthWire['rooms'][number]['events']>();
  for (const d of days) {
    const list = byRoom.get(d.room_id) ?? byRoom.set(d.room_id, []).get(d.room_id)!;
    list.push({ id: d.id, date: d.date, color: d.color, state: null, visible: true, room: d.room_id });
  }
  const chartRooms = rooms.map((r) => ({ id: r.id, room_name: r.room_name, events: byRoom.get(r.id) ?? [], codes: codesOf ? codesOf(r) : null }));
  const names = colourNames(services);
  return {
    hotel: property.id,
    hotel_name: property.hotel_name,
    date: month,
    deadline_hours: deadline,
    rooms: chartRooms,
    // The spec's client reads the rooms as a paged list whose events name the state by its colour.
    count: chartRooms.length,
    next: null,
    previous: null,
    results: chartRooms.map((r) => ({
      id: r.id,
      room_name: r.room_name,
      events: r.events.map((e) => ({ id: e.id, date: e.date, color: names[e.color]!, state: e.color, visible: e.visible, room: e.room })),
    })),
  };
}

type ColourName = StopSaleMonthWire['results'][number]['events'][number]['color'];

/** The spec's colour of each state, by state number, as the event schema lists them. */
function colourNames(services: Services): readonly ColourName[] {
  return services.schemas.resolved('stop-sale/event.schema.json#/$defs/colorName').enum as ColourName[];
}

/** An operator's event code per state for a room: the room's own mapping codes, else the hotel's (mappingOf). */
export function roomEventCodes(mapping: OperatorCodes, roomId: number): Codes {
  const codes = mapping.rooms.get(roomId)?.eventCodes ?? mapping.hotel?.eventCodes;
  const out = {} as Codes;
  STATE_CODE_KEYS.forEach((key, i) => (out[key] = codes?.[i] ?? null));
  return out;
}

/** An operator's event codes per room of a property, from its mapping. */
export async function operatorCodes(db: Kysely<Database>, operatorAccountId: number, propertyId: number): Promise<(room: StopSaleRoom) => Codes> {
  const mapping = await mappingOf(db, operatorAccountId, propertyId);
  return (room) => roomEventCodes(mapping, room.id);
}
