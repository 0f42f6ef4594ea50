/**
 * Month and weekday names from `Intl` (issue 26 §3), not typed out in each feature. English
 * (en-US) is what the chart, its PDF, the dashboard and the feature dates print today; a sheet in
 * another language can ask for its own. Read in UTC: these name calendar days, never moments.
 */
const names = (
  locale: string,
  options: Intl.DateTimeFormatOptions,
  count: number,
  day: (i: number) => Date,
): readonly string[] => {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return Object.freeze(Array.from({ length: count }, (_, i) => format.format(day(i))));
};

/** January ... December (index 0 is January). */
export const MONTH_NAMES = names('en-US', { month: 'long' }, 12, (m) => new Date(Date.UTC(2024, m, 1)));
/** Jan ... Dec (index 0 is January). */
export const MONTH_SHORT_NAMES = names('en-US', { month: 'short' }, 12, (m) => new Date(Date.UTC(2024, m, 1)));
/** Su, Mo ... Sa: two letters by the weekday number of `getUTCDay()` (0 Sunday); 7 January 2024 was a Sunday. */
export const WEEKDAY_LETTERS = names('en-US', { weekday: 'short' }, 7, (d) => new Date(Date.UTC(2024, 0, 7 + d))).map(
  (n) => n.slice(0, 2),
);
