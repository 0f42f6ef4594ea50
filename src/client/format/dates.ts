import { MONTH_NAMES as MONTHS } from '../../shared/calendar-names';

const two = (n: number): string => String(n).padStart(2, '0');

/** Notification dates in UTC as day.month.year hour:minute (spec 000 §9): "05.03.2026 14:07". */
export function formatNotificationDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/**
 * Feature dates as day MonthName year (spec 000 §9): "20 November 2026". A plain date
 * ("2026-11-20") is a calendar day, read in UTC so no time zone moves it to another day.
 */
export function formatFeatureDate(date: string): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return date;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Time left as m:ss, or h:mm:ss from an hour on; never negative. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Newest first by a date string field; equal dates keep their order. */
export function newestFirst<T>(items: readonly T[], date: (item: T) => string): T[] {
  return [...items].sort((a, b) => Date.parse(date(b)) - Date.parse(date(a)));
}
