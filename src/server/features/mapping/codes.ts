import type { Kysely } from 'kysely';
import type { Database, EventCodeColumns } from '../../db/tables.js';
import { EVENT_CODE_COLUMNS, perState, type PerState } from '../../../shared/stop-sale-states.js';

/**
 * The longest hotel or room code an operator may save: OTA messages carry them as HotelCode,
 * InvCode and RoomTypeCode (OpenTravel StringLength1to16). The save's schema says the same
 * (schemas/common/defs.schema.json#/$defs/otaCode; a test keeps the two alike).
 */
export const OTA_CODE_MAX = 16;

/** The mapping column of each stop-sale state's event code, by state number (from the states' codes). */
export const STATE_CODE_COLUMNS = EVENT_CODE_COLUMNS;

/** An operator's event code per stop-sale state (index = state number); null where none is set. */
export type EventCodes = PerState<string | null>;

export interface OperatorCodes {
  /** The operator's codes for the property (null: not mapped). */
  hotel: {
    overrideCode: string | null;
    localId: string | null;
    externalId: string | null;
    supplyingName: string | null;
    eventCodes: EventCodes;
  } | null;
  /** Per room id: the room's code and event codes (a room's own event code, else the hotel's). */
  rooms: Map<number, { overrideCode: string | null; newName: string | null; eventCodes: EventCodes }>;
}

/**
 * Whether an operator has given a hotel its code: any of the hotel code, local id or external id
 * (what the mapping page marks "Mapped"). One definition for every page that says it, so the
 * dashboard's "Map the hotel to your code" goes away when /mapping says "Mapped".
 */
export const hotelMapped = (
  row: { override_code: string | null; local_id: string | null; external_id: string | null } | undefined,
): boolean => !!row && [row.override_code, row.local_id, row.external_id].some((c) => (c ?? '').trim() !== '');

const codesOf = (row: EventCodeColumns): EventCodes => perState((_, i) => row[STATE_CODE_COLUMNS[i]!]);

/**
 * What one operator calls a property and its rooms in its own systems (its mapping), for every
 * feature that speaks to the operator's systems: the stop-sale chart beside each state, exports,
 * the partner API, OTA and iCal feeds. A room's event code falls back to the hotel's for that state.
 */
export async function mappingOf(
  db: Kysely<Database>,
  operatorAccountId: number,
  propertyId: number,
): Promise<OperatorCodes> {
  const [hotel, rooms] = await Promise.all([
    db
      .selectFrom('hotel_mappings')
      .selectAll()
      .where('operator_account_id', '=', operatorAccountId)
      .where('property_id', '=', propertyId)
      .executeTakeFirst(),
    db
      .selectFrom('room_mappings')
      .selectAll()
      .where('operator_account_id', '=', operatorAccountId)
      .where('property_id', '=', propertyId)
      .execute(),
  ]);
  const hotelCodes = hotel ? codesOf(hotel) : perState((): string | null => null);
  return {
    hotel: hotel
      ? {
          overrideCode: hotel.override_code,
          localId: hotel.local_id,
          externalId: hotel.external_id,
          supplyingName: hotel.supplying_name,
          eventCodes: hotelCodes,
        }
      : null,
    rooms: new Map(
      rooms.map((r) => [
        r.room_id,
        {
          overrideCode: r.override_code,
          newName: r.new_name,
          eventCodes: perState((_, i) => r[STATE_CODE_COLUMNS[i]!] ?? hotelCodes[i]!),
        },
      ]),
    ),
  };
}
