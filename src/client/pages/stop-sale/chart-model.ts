import { STOP_SALE_STATES } from '../../../shared/generated/value-lists';
import type { MonthChart, SaveRooms } from './stop-sale-api';

/**
 * The chart's state outside React: the months loaded from the server (kept, never reloaded, until
 * the hotel changes or a save), the pending changes of days (room|date -> state, null clears)
 * and the undo stack. Dates stay YYYY-MM-DD strings: a day is never a moment, so no time zone moves it.
 */

/**
 * The spec's colours (000 §9) are Bootstrap's: its "primary" is blue. Ours is the brand green,
 * next to Open Sale's green, so Free Sale takes the blue info colour (the PDF prints it blue too).
 */
export const STATES = STOP_SALE_STATES.map(({ value, label, palette }) => ({ color: value, label, palette }));

export type DayState = number | null;
export const dayKey = (room: number, date: string) => `${room}|${date}`;

/** A moment's calendar day where the browser is (YYYY-MM-DD): today, or the last day of a deadline. */
export function localDay(at = new Date()): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
}

export function shiftMonth(month: string, by: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + by;
  const year = y + Math.floor(m / 12);
  return `${year}-${String((((m % 12) + 12) % 12) + 1).padStart(2, '0')}-01`;
}

/** The days of a month as YYYY-MM-DD, with their weekday (0 Sunday). */
export function monthDays(month: string): Array<{ date: string; day: number; weekday: number }> {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => ({
    date: `${month.slice(0, 8)}${String(i + 1).padStart(2, '0')}`,
    day: i + 1,
    weekday: new Date(Date.UTC(y, m - 1, i + 1)).getUTCDay(),
  }));
}

export interface ServerDay {
  id: number;
  color: number;
}

type Change = Array<{ key: string; before: DayState | undefined }>;

export class ChartModel {
  /** Months as the server answered them. */
  readonly months = new Map<string, MonthChart>();
  /** What the server holds per day, from every loaded month. */
  readonly server = new Map<string, ServerDay>();
  /** Pending changes: day -> state (null clears). */
  readonly edits = new Map<string, DayState>();
  readonly #undo: Change[] = [];
  /**
   * Per room and month, its days' states comma-joined ('' for none): a grid row compares by it and
   * repaints only when it differs. A room's entries go when one of its days changes.
   */
  readonly #rows = new Map<number, Map<string, string>>();

  addMonth(chart: MonthChart): void {
    this.#rows.clear();
    this.months.set(chart.date, chart);
    for (const room of chart.rooms)
      for (const e of room.events) this.server.set(dayKey(room.id, e.date), { id: e.id, color: e.color });
  }

  /** The state shown for a day: the pending change, else the server's, else none. */
  stateOf(room: number, date: string): DayState {
    const key = dayKey(room, date);
    if (this.edits.has(key)) return this.edits.get(key)!;
    return this.server.get(key)?.color ?? null;
  }

  /** A room's states over the days of `month` (YYYY-MM-01), comma-joined, '' for a day without one. */
  rowStates(room: number, month: string, dates: readonly string[]): string {
    const known = this.#rows.get(room)?.get(month);
    if (known !== undefined) return known;
    let text = '';
    for (let i = 0; i < dates.length; i++) {
      const state = this.stateOf(room, dates[i]!);
      text += (i ? ',' : '') + (state === null ? '' : String(state));
    }
    (this.#rows.get(room) ?? this.#rows.set(room, new Map()).get(room)!).set(month, text);
    return text;
  }

  #changed(key: string): void {
    this.#rows.delete(Number(key.slice(0, key.indexOf('|'))));
  }

  /** Set days to a state (one undo step); answers whether anything changed. */
  apply(days: Array<{ room: number; date: string }>, state: DayState): boolean {
    const change: Change = [];
    for (const { room, date } of days) {
      if (this.stateOf(room, date) === state) continue;
      const key = dayKey(room, date);
      change.push({ key, before: this.edits.get(key) });
      this.#changed(key);
      // Back to what the server has: no change left to send.
      if ((this.server.get(key)?.color ?? null) === state) this.edits.delete(key);
      else this.edits.set(key, state);
    }
    if (change.length) this.#undo.push(change);
    return change.length > 0;
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  undo(): boolean {
    const change = this.#undo.pop();
    if (!change) return false;
    for (const { key, before } of change.reverse()) {
      this.#changed(key);
      if (before === undefined) this.edits.delete(key);
      else this.edits.set(key, before);
    }
    return true;
  }

  get pending(): boolean {
    return this.edits.size > 0;
  }

  /** The save body (spec 000 §4): a day known to the server is an update (or a delete), otherwise a create. */
  saveRooms(): SaveRooms {
    const byRoom = new Map<number, SaveRooms[number]['events']>();
    for (const [key, state] of this.edits) {
      const [roomText, date] = key.split('|') as [string, string];
      const room = Number(roomText);
      const known = this.server.get(key);
      if (!known && state === null) continue;
      const event = known
        ? state === null
          ? { id: known.id, date, color: known.color, state: 'delete' as const, visible: false, room }
          : { id: known.id, date, color: state, state: 'update' as const, visible: true, room }
        : { date, color: state!, state: 'create' as const, visible: true, room };
      (byRoom.get(room) ?? byRoom.set(room, []).get(room)!).push(event);
    }
    return [...byRoom].map(([id, events]) => ({ id, events }));
  }

  /** The changed days on or before `limit` (YYYY-MM-DD), with their rooms: inside a partner's stop-sale deadline. */
  changedBefore(limit: string): Array<{ room: number; date: string }> {
    return [...this.edits.keys()]
      .map((k) => k.split('|') as [string, string])
      .filter(([, date]) => date <= limit)
      .map(([room, date]) => ({ room: Number(room), date }));
  }

  /** The rooms of every loaded month, each once, in the chart's order. */
  roomNames(): Array<{ id: number; name: string }> {
    const seen = new Map<number, string>();
    for (const month of this.months.values())
      for (const room of month.rooms) if (!seen.has(room.id)) seen.set(room.id, room.room_name);
    return [...seen].map(([id, name]) => ({ id, name }));
  }

  /** After a save: every month and change forgotten (the saved month is read again). */
  reset(): void {
    this.months.clear();
    this.server.clear();
    this.edits.clear();
    this.#rows.clear();
    this.#undo.length = 0;
  }

  /** After the server changed otherwise (a range write): the months are forgotten, pending changes and undo stay. */
  forgetMonths(): void {
    this.months.clear();
    this.server.clear();
    this.#rows.clear();
  }
}
