import type { Kysely } from 'kysely';
import type { PartnerStopSaleWire, StopSaleMonthWire } from '../../../shared/generated/wire-types.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { stopSaleTermsOf, termAllows } from '../partners/index.js';
import { mappingOf, type OperatorCodes } from '../mapping/index.js';
import { monthRange } from './dates.js';
import { readRoomDays, STATE_CODE_KEYS, STOP_SALE_STATES, type StopSaleRoom, type StopSaleRoomDays } from './store.js';

type Codes = NonNullable<StopSaleMonthWire['rooms'][number]['codes']>;

/** A contract syncs stop-sale unless its to_sync_ss allows nothing (N): "only with approval" (O) still syncs. */
export const syncsStopSale = (toSyncSs: string | null | undefined): boolean =>
  termAllows(toSyncSs, 'contractBoolean') !== 'no';

/** The longest stop-sale deadline (hours) of the contracts in force that sync stop-sale; null without one. */
export async function deadlineHours(services: Services, propertyId: number): Promise<number | null> {
  let hours: number | null = null;
  for (const { toSyncSs, ssDeadline } of await stopSaleTermsOf(services, propertyId)) {
    if (!syncsStopSale(toSyncSs)) continue;
    if (Number.isFinite(ssDeadline) && (hours === null || ssDeadline > hours)) hours = ssDeadline;
  }
  return hours;
}

/** A room of the chart: its days with a state in the range (in date order) and, for an operator, its event code per state. */
export interface ChartRoom extends StopSaleRoomDays {
  codes: Codes | null;
}

/**
 * The one chart builder: a property's rooms (the facts' order) over a range of days, each with its
 * days and, when `codesOf` is given (an operator), its event codes. The month page, its PDF and
 * the partner API (JSON, OTA and iCal feeds) all answer from it, so they cannot disagree.
 */
export async function chartRooms(
  db: Kysely<Database>,
  propertyId: number,
  from: string,
  to: string,
  codesOf?: (room: StopSaleRoom) => Codes,
): Promise<ChartRoom[]> {
  const rooms = await readRoomDays(db, propertyId, from, to);
  return rooms.map((r) => ({ ...r, codes: codesOf ? codesOf(r) : null }));
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
  const [rooms, deadline] = await Promise.all([
    chartRooms(db, property.id, from, to, codesOf),
    deadlineHours(services, property.id),
  ]);
  const chartRoomsWire = rooms.map((r) => ({
    id: r.id,
    room_name: r.room_name,
    events: r.days.map((d) => ({
      id: d.id,
      date: d.date,
      color: d.color,
      state: null,
      visible: true,
      room: d.room_id,
    })),
    codes: r.codes,
  }));
  const names = colourNames(services);
  return {
    hotel: property.id,
    hotel_name: property.hotel_name,
    date: month,
    deadline_hours: deadline,
    rooms: chartRoomsWire,
    // The spec's client reads the rooms as a paged list whose events name the state by its colour.
    count: chartRoomsWire.length,
    next: null,
    previous: null,
    results: chartRoomsWire.map((r) => ({
      id: r.id,
      room_name: r.room_name,
      events: r.events.map((e) => ({
        id: e.id,
        date: e.date,
        color: names[e.color]!,
        state: e.color,
        visible: e.visible,
        room: e.room,
      })),
    })),
  };
}

/**
 * The chart of a range as the partner API answers it (GET api/v1/properties/{id}/stop-sale/, and
 * the OTA and iCal feeds built from it): with an operator's mapping, its room codes and event codes.
 */
export async function rangeChart(
  db: Kysely<Database>,
  property: { id: number; hotel_name: string },
  from: string,
  to: string,
  mapping?: OperatorCodes,
): Promise<PartnerStopSaleWire> {
  const rooms = await chartRooms(
    db,
    property.id,
    from,
    to,
    mapping ? (room) => roomEventCodes(mapping, room.id) : undefined,
  );
  return {
    id: property.id,
    hotel_name: property.hotel_name,
    from,
    to,
    rooms: rooms.map((room) => ({
      id: room.id,
      room_name: room.room_name,
      code: mapping?.rooms.get(room.id)?.overrideCode ?? null,
      days: room.days.map((d) => ({
        date: d.date,
        state: d.color,
        state_name: STOP_SALE_STATES[d.color],
        event_code: room.codes ? room.codes[STATE_CODE_KEYS[d.color]] : null,
      })),
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
export async function operatorCodes(
  db: Kysely<Database>,
  operatorAccountId: number,
  propertyId: number,
): Promise<(room: StopSaleRoom) => Codes> {
  const mapping = await mappingOf(db, operatorAccountId, propertyId);
  return (room) => roomEventCodes(mapping, room.id);
}
