import { createRequire } from 'node:module';
import type { ICity, ICountry, IState } from 'country-state-city';

/**
 * country-state-city's parts, each loaded when first used. Its index loads all three lists at
 * once, and the cities (8 MB of JSON, 150,000 of them) held about 30 MB of the server's heap from
 * its start although only `GET api/reference/cities/...` reads them (issue 39, memory at rest).
 * Server and codegen only (the client does not import this module).
 */
const load = createRequire(import.meta.url);

interface Countries {
  getAllCountries(): ICountry[];
  getCountryByCode(isoCode: string): ICountry | undefined;
}
interface States {
  getStatesOfCountry(countryCode: string): IState[];
  getStateByCodeAndCountry(stateCode: string, countryCode: string): IState | undefined;
}
interface Cities {
  getCitiesOfState(countryCode: string, stateCode: string): ICity[];
}

export const Country = (load('country-state-city/lib/cjs/country.js') as { default: Countries }).default;
export const State = (load('country-state-city/lib/cjs/state.js') as { default: States }).default;

/** The cities, loaded on the first call (and kept: the module system keeps what it loaded). */
export function cities(): Cities {
  return (load('country-state-city/lib/cjs/city.js') as { default: Cities }).default;
}
