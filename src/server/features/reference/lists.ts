import { cities, Country, State } from '../../../shared/places.js';
import { ApiError, notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { optionLabel } from '../../../shared/option-label.js';

/** The reference lists that take a question: a country's states, a state's cities, the option lists of a head. */

/** The states of a country by its ISO code (any case); 404 for no country. */
export function statesOf(countryCode: string) {
  const code = countryCode.toUpperCase();
  if (!Country.getCountryByCode(code)) throw notFound();
  return State.getStatesOfCountry(code).map((s) => ({ name: s.name, iso2: s.isoCode, country_code: s.countryCode }));
}

/** The cities of a state of a country (ISO codes, any case); 404 for no such state. */
export function citiesOf(countryCode: string, stateCode: string) {
  const country = countryCode.toUpperCase();
  const state = stateCode.toUpperCase();
  if (!State.getStateByCodeAndCountry(state, country)) throw notFound();
  return cities()
    .getCitiesOfState(country, state)
    .map((c) => ({
      name: c.name,
      latitude: c.latitude ? Number(c.latitude) : null,
      longitude: c.longitude ? Number(c.longitude) : null,
    }));
}

/** The option lists of a head (any case; 400 naming the known ones otherwise), labelled in a language. */
export function optionsOf(services: Services, heads: ReadonlySet<string>, body: { head: string; language?: string }) {
  const head = body.head.trim();
  const match = [...heads].find((h) => h.toLowerCase() === head.toLowerCase());
  if (!match) throw new ApiError(400, { head: [`Unknown head "${head}". Known: ${[...heads].sort().join(', ')}.`] });
  // "ES", "es" or "es-ES": the language's own labels; one without labels reads English.
  const language = (body.language ?? 'EN').toLowerCase().split(/[-_]/)[0]!;
  return services.schemas.bundle.options
    .filter((o) => (o.head ?? 'Facts') === match)
    .map((o) => ({
      category: o.category,
      // Values kept only for the spec's clients (not of the field's kind) are not offered.
      options: o.options
        .filter((opt) => opt.offered !== false)
        .map((opt) => ({ value: opt.value, text: optionLabel(opt.label, language) })),
    }));
}
