import { Country } from './places.js';
import currencyCodes from 'currency-codes';

const alternation = (codes: readonly string[]): RegExp => new RegExp(`^(?:${[...codes].sort().join('|')})$`);

/**
 * A day of the (proleptic Gregorian) calendar as YYYY-MM-DD: each month's own number of days, and
 * 29 February only in leap years (divisible by 4, centuries only when divisible by 400). A
 * regular expression rather than a function so that the precompiled browser validators carry it
 * as they are (ajv standalone inlines regular-expression formats) and openapi.json's `format:
 * date` means exactly what RFC 3339 full-date says: 2027-02-29 and 2026-11-31 are no days.
 */
const CALENDAR_DAY =
  '\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29';

/**
 * String formats shared by the server, codegen and the precompiled browser validators.
 * `time` is HH:MM (seconds optional) because that is what hotel forms collect; ajv-formats'
 * RFC 3339 full-time would demand seconds and an offset.
 */
export const formats = {
  time: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
  date: new RegExp(`^(?:${CALENDAR_DAY})$`),
  'date-time': new RegExp(`^(?:${CALENDAR_DAY})T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?(Z|[+-]\\d\\d:\\d\\d)$`),
  // The WHATWG "valid e-mail address" rule, as browsers apply it to <input type=email>.
  email:
    /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/,
  uri: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  /** ISO 3166-1 alpha-2, from the country data package the reference-data API serves. */
  country: alternation(Country.getAllCountries().map((c) => c.isoCode)),
  /** ISO 4217 alphabetic codes. */
  currency: alternation(currencyCodes.codes()),
  hostname: /^(?=.{1,253}$)(?:(?!-)[A-Za-z0-9-]{1,63}(?<!-)\.)*(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/,
  /**
   * Text with something besides blanks: a name of spaces, tabs, line breaks, no-break, em or
   * ideographic spaces (any Unicode white space, which JavaScript's \s covers) or invisible
   * characters that are not white space to Unicode but show nothing (zero-width space and
   * joiners, word joiner, Mongolian vowel separator, Hangul fillers) is as empty as "". A name
   * field says `"minLength": 1, "format": "non-blank"`; the message is its minLength one.
   */
  'non-blank': /[^\s\u180E\u200B-\u200D\u2060\u3164\uFFA0]/,
} as const;

export type FormatName = keyof typeof formats;

/** A YYYY-MM-DD text that names a day of the calendar (2027-02-29 and 2026-11-31 do not). */
export function isCalendarDate(text: string): boolean {
  return formats.date.test(text);
}
