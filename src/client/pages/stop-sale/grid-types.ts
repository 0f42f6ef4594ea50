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

export const CODE_KEYS = ['free', 'open', 'stop', 'request', 'block'] as const;

/** Where the grid reads each room's states: a row's days comma-joined ('' for none), see ChartModel.rowStates. */
export interface RowStates {
  rowStates(room: number, month: string, dates: readonly string[]): string;
}
