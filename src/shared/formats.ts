import { Country } from 'country-state-city';
import currencyCodes from 'currency-codes';

const alternation = (codes: readonly string[]): RegExp => new RegExp(`^(?:${[...codes].sort().join('|')})$`);

/**
 * String formats shared by the server, codegen and the precompiled browser validators.
 * `time` is HH:MM (seconds optional) because that is what hotel forms collect; ajv-formats'
 * RFC 3339 full-time would demand seconds and an offset.
 */
export const formats = {
  time: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/,
  // The WHATWG "valid e-mail address" rule, as browsers apply it to <input type=email>.
  email:
    /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/,
  uri: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  /** ISO 3166-1 alpha-2, from the country data package the reference-data API serves. */
  country: alternation(Country.getAllCountries().map((c) => c.isoCode)),
  /** ISO 4217 alphabetic codes. */
  currency: alternation(currencyCodes.codes()),
  hostname: /^(?=.{1,253}$)(?:(?!-)[A-Za-z0-9-]{1,63}(?<!-)\.)*(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/,
} as const;

export type FormatName = keyof typeof formats;
