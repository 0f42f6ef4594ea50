import { DEFAULT_LANGUAGE, directionOf, languageInfo, type Language } from './languages';

/**
 * The one formatting module of the portal (client and server): dates, times, numbers, currencies,
 * units, relative times and lists through Intl in a Language's locale. One format per kind:
 * - date: day, month name, year ("20 November 2026", "20 ноября 2026 г.");
 * - date-time: day.month.year hour:minute as the locale writes it ("05/03/2026, 14:07",
 *   "05.03.2026, 14:07"), 24-hour clock;
 * - time: hour:minute, 24-hour clock;
 * - month: month name and year ("March 2026", "март 2026 г."), or short for a series' axis ("Nov 26");
 * - weekday: as a day's column heads it ("Mo", "пн"; one letter in a right-to-left language);
 * - date range: Intl's own range of the date kind ("12 – 14 March 2026", "30 March – 2 April 2026").
 * Dates and times are shown in UTC (spec 000 §9), so a plain date ("2026-11-20") never moves to
 * another day and every reader sees the same instant written the same way.
 *
 * Every locale uses the Gregorian calendar: hotels and tour operators contract in Gregorian dates,
 * and a Persian reader must see the same day as the contract. Numbers use the locale's own digits:
 * Persian shows Extended Arabic-Indic digits (۰–۹) everywhere Intl writes a number.
 */

/** The BCP 47 locale Intl formats a Language with: its locale plus the Gregorian calendar. */
export function intlLocale(lang: Language): string {
  return `${languageInfo(lang).locale}-u-ca-gregory`;
}

type DateInput = Date | string | number;

function toDate(v: DateInput): Date | undefined {
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

// Intl formatters are costly to build and cheap to reuse: one per language and kind.
const cache = new Map<string, object>();
function cached<F extends object>(key: string, build: () => F): F {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = build()));
  return f as F;
}

const DATE: Intl.DateTimeFormatOptions = { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...TIME, day: '2-digit', month: '2-digit', year: 'numeric' };
const MONTH: Record<'long' | 'short', Intl.DateTimeFormatOptions> = {
  long: { timeZone: 'UTC', month: 'long', year: 'numeric' },
  short: { timeZone: 'UTC', month: 'short', year: '2-digit' },
};
const WEEKDAY: Record<'short' | 'narrow', Intl.DateTimeFormatOptions> = {
  short: { timeZone: 'UTC', weekday: 'short' },
  narrow: { timeZone: 'UTC', weekday: 'narrow' },
};

function dateFormat(lang: Language, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`${lang} ${kind}`, () => new Intl.DateTimeFormat(intlLocale(lang), options));
}

/** A text that is not a date is shown as it came: better the raw value than "Invalid Date". */
const dated = (v: DateInput, f: (d: Date) => string): string => {
  const d = toDate(v);
  return d ? f(d) : String(v);
};

export const formatDate = (lang: Language, v: DateInput): string =>
  dated(v, (d) => dateFormat(lang, 'date', DATE).format(d));

export const formatTime = (lang: Language, v: DateInput): string =>
  dated(v, (d) => dateFormat(lang, 'time', TIME).format(d));

export const formatDateTime = (lang: Language, v: DateInput): string =>
  dated(v, (d) => dateFormat(lang, 'date-time', DATE_TIME).format(d));

/** A month and its year ("March 2026", "مارس ۲۰۲۶"); `short` for a report's series ("Nov 26", "нояб. 26"). */
export const formatMonth = (lang: Language, v: DateInput, length: 'long' | 'short' = 'long'): string =>
  dated(v, (d) => dateFormat(lang, `month ${length}`, MONTH[length]).format(d));

/**
 * A weekday (0 Sunday, as getUTCDay) short enough for a day's column: two letters where the
 * language abbreviates ("Mo", "пн", "lu"); a right-to-left language's weekday names are whole
 * words (Persian), so its one-letter form, as its calendars print them.
 */
export function formatWeekday(lang: Language, weekday: number): string {
  // 7 January 2024 was a Sunday.
  const day = new Date(Date.UTC(2024, 0, 7 + weekday));
  if (directionOf(lang) === 'rtl') return dateFormat(lang, 'weekday narrow', WEEKDAY.narrow).format(day);
  return dateFormat(lang, 'weekday short', WEEKDAY.short).format(day).replace(/\.$/, '').slice(0, 2);
}

/** The days from one date to another as one date ("12 March 2026" when they are the same day). */
export function formatDateRange(lang: Language, from: DateInput, to: DateInput): string {
  const [a, b] = [toDate(from), toDate(to)];
  if (!a || !b) return `${String(from)} – ${String(to)}`;
  return dateFormat(lang, 'date', DATE).formatRange(a, b);
}

export function formatNumber(lang: Language, n: number, opts?: Intl.NumberFormatOptions): string {
  const key = `${lang} number ${opts ? JSON.stringify(opts) : ''}`;
  return cached(key, () => new Intl.NumberFormat(intlLocale(lang), opts)).format(n);
}

/** A share as a percentage: 0.25 → "25%" ("۲۵٪" in Persian). */
export const formatPercent = (lang: Language, share: number, maximumFractionDigits = 0): string =>
  formatNumber(lang, share, { style: 'percent', maximumFractionDigits });

/** An amount in an ISO 4217 currency ("EUR"); an unknown code shows the number and the code. */
export function formatCurrency(lang: Language, amount: number, currency: string): string {
  try {
    return formatNumber(lang, amount, { style: 'currency', currency });
  } catch {
    return `${formatNumber(lang, amount)} ${currency}`;
  }
}

export type Unit = 'km' | 'm' | 'm2' | 'minutes';

const INTL_UNIT = { km: 'kilometer', m: 'meter', minutes: 'minute' } as const;

/**
 * A distance, an area or a duration with its unit as the locale writes it ("1,5 км", "5 minutes").
 * Intl has no square metre: the locale's metre symbol gets a "²" when it is a symbol (m, м), else
 * (a word, as in Persian) the SI symbol m² follows the number.
 */
export function formatUnit(lang: Language, n: number, unit: Unit): string {
  if (unit === 'minutes') return formatNumber(lang, n, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  if (unit !== 'm2') return formatNumber(lang, n, { style: 'unit', unit: INTL_UNIT[unit] });
  const parts = cached(`${lang} m2`, () => new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit: 'meter' }));
  return parts
    .formatToParts(n)
    .map((p) => (p.type !== 'unit' ? p.value : /^\p{L}{1,2}$/u.test(p.value) ? `${p.value}²` : 'm²'))
    .join('')
    .replace(/(\p{Nd})(m²)$/u, '$1 $2');
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago or ahead, in the largest whole unit: "3 days ago", "через 2 часа", "yesterday". */
export function formatRelative(lang: Language, v: DateInput, now: DateInput = Date.now()): string {
  const d = toDate(v);
  const n = toDate(now);
  if (!d || !n) return String(v);
  const seconds = Math.round((d.getTime() - n.getTime()) / 1000);
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const f = cached(`${lang} relative`, () => new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'auto' }));
  return f.format(Math.trunc(seconds / size), unit);
}

/** Items joined as the language lists them: "a, b and c", "a, b и c". */
export function formatList(lang: Language, items: readonly string[]): string {
  return cached(`${lang} list`, () => new Intl.ListFormat(intlLocale(lang), { type: 'conjunction' })).format(items);
}

/** The locale's own digits in a text written with ASCII digits (a count put together outside Intl). */
export function localDigits(lang: Language, text: string): string {
  if (lang === DEFAULT_LANGUAGE) return text;
  const digits = formatNumber(lang, 1234567890, { useGrouping: false });
  if (digits === '1234567890') return text;
  const map = [...digits];
  // 1234567890 → the digit for d is at index (d + 9) % 10.
  return text.replace(/[0-9]/g, (c) => map[(Number(c) + 9) % 10] ?? c);
}

/** Time left as m:ss, or h:mm:ss from an hour on; never negative (a count-down, as a clock shows it). */
export function formatTimeLeft(lang: Language, ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (x: number) => String(x).padStart(2, '0');
  return localDigits(lang, h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`);
}

/** Newest first by a date string field; equal dates keep their order. */
export function newestFirst<T>(items: readonly T[], date: (item: T) => string): T[] {
  return [...items].sort((a, b) => Date.parse(date(b)) - Date.parse(date(a)));
}
