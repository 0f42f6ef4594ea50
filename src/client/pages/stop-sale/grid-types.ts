import { STATE_CODES } from '../../../shared/stop-sale-states';

/** What the availability grid shows and hands back: its rooms, a selected rectangle, the rooms' states. */

export interface GridRoom {
  id: number;
  room_name: string;
  codes?: {
    free: string | null;
    open: string | null;
    stop: string | null;
    request: string | null;
    block: string | null;
  } | null;
}

/** A rectangle of rooms (row indexes) and days (column indexes), both inclusive. */
export interface Selection {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

/** Each state's key in a room's codes, by state number (the states' codes). */
export const CODE_KEYS = STATE_CODES;

/** Where the grid reads each room's states: a row's days comma-joined ('' for none), see ChartModel.rowStates. */
export interface RowStates {
  rowStates(room: number, month: string, dates: readonly string[]): string;
}
