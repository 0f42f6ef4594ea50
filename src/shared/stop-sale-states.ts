import { STOP_SALE_STATES } from './generated/value-lists.js';

/**
 * What the server and the client derive from the stop-sale states (schemas/stop-sale/event.schema.json
 * `$defs.state`, generated into STOP_SALE_STATES), so that no feature keeps its own list of them
 * (issue 41 §4). A sixth state is a new `x-values` entry there: these lists and types follow, and
 * every table keyed by StopSaleState or StopSaleStateCode fails the type check until it has it.
 */

/** A state's code (free, open, stop, request, block): the stem of its mapping column and its key in a month's `codes`. */
export type StopSaleStateCode = (typeof STOP_SALE_STATES)[number]['code'];

/** The mapping's column of a state's event code (free_event_code ... block_event_code). */
export type EventCodeColumn = `${StopSaleStateCode}_event_code`;

/** One value per state, by state number: a tuple exactly as long as the list of states. */
export type PerState<T> = Each<typeof STOP_SALE_STATES, T>;
// A mapped type keeps a tuple a tuple only over a type parameter.
type Each<L extends readonly unknown[], T> = { -readonly [K in keyof L]: T };

/** What an OTA_HotelAvailNotifRQ's RestrictionStatus@Status may say (OpenTravel AvailabilityStatusType, the values we send). */
export type OtaAvailabilityStatus = 'Open' | 'Close' | 'OnRequest';

/** One value per state, computed from each state's entry, as a PerState tuple. */
export const perState = <T>(of: (state: (typeof STOP_SALE_STATES)[number], index: number) => T): PerState<T> =>
  STOP_SALE_STATES.map(of) as unknown as PerState<T>;

/** The states' codes, by state number. */
export const STATE_CODES: PerState<StopSaleStateCode> = perState((s) => s.code);

/** The mapping columns of the states' event codes, by state number. */
export const EVENT_CODE_COLUMNS: PerState<EventCodeColumn> = perState((s) => `${s.code}_event_code` as const);

/** The OTA availability status of each state (its `otaStatus`): a value outside OtaAvailabilityStatus fails the type check. */
export const OTA_STATUSES: PerState<OtaAvailabilityStatus> = perState((s) => s.otaStatus);
