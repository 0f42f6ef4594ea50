import { fieldError } from '../../plugins/errors.js';

/**
 * Calendar dates of the stop-sale chart. A date is YYYY-MM-DD text all the way (wire, database,
 * client): it is never turned into a moment, so no time zone can move a day. Arithmetic goes
 * through UTC midnights only, where every day has 24 hours.
 */

const DAY_MS = 86_400_000;
/** How far back and ahead a date may be (issue 14: a sane window; 400 outside it). */
export const WINDOW_YEARS_BACK = 2;
export const WINDOW_YEARS_AHEAD = 5;
/** The longest range one range write takes (two years and a leap day). */
export const MAX_RANGE_DAYS = 731;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a valid calendar date, else undefined (2026-02-29 is no day). */
export function dayNumber(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return ms / DAY_MS;
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar date (UTC), the first of its month. */
export function monthOf(now: Date): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

/** The first and last day of the month starting at `first` (YYYY-MM-01). */
export function monthRange(first: string): { from: string; to: string } {
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: first, to: `${first.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The calendar window dates must fall in, from today. */
export function windowOf(now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  return { from: `${y - WINDOW_YEARS_BACK}-01-01`, to: `${y + WINDOW_YEARS_AHEAD}-12-31` };
}

/** The month a chart call names in `date` (default the current one), checked like any chart date (400 on `date`). */
export function chartMonth(clock: { now(): Date }, date: string | undefined): string {
  const value = date ?? monthOf(clock.now());
  checkDate(value, clock.now(), 'date');
  return value;
}

/** A calendar date inside the window, else 400 on `field`. */
export function checkDate(date: string, now: Date, field: string): number {
  const day = dayNumber(date);
  if (day === undefined) throw fieldError(field, `${date} is not a calendar date (YYYY-MM-DD).`);
  const w = windowOf(now);
  if (date < w.from || date > w.to)
    throw fieldError(field, `${date} is outside the stop-sale window (${w.from} to ${w.to}).`);
  return day;
}

/** Consecutive days (numbers, sorted or not) as inclusive [from, to] date ranges, in order. */
export function dayRanges(days: Iterable<number>): Array<{ from: string; to: string }> {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const out: Array<{ from: string; to: string }> = [];
  let start = sorted[0];
  for (let i = 0; i < sorted.length; i++) {
    const next = sorted[i + 1];
    if (next !== sorted[i]! + 1) {
      out.push({ from: dateOfDay(start!), to: dateOfDay(sorted[i]!) });
      start = next;
    }
  }
  return out;
}
