import { cities, Country, State } from '../../../shared/places.js';
import currencyCodes from 'currency-codes';
import { ApiError, notFound } from '../../plugins/errors.js';
import { ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { optionLabel } from '../../../shared/option-label.js';

/** Built once: the country list never changes while the server runs. */
const countries = Country.getAllCountries().map((c, i) => ({ id: i + 1, name: c.name, iso2: c.isoCode, flag: c.flag }));
const currencies = currencyCodes
  .codes()
  .map((code) => currencyCodes.code(code)!)
  .filter(
    (c) => !/^X[A-Z]{2}$/.test(c.code) || c.code === 'XOF' || c.code === 'XAF' || c.code === 'XPF' || c.code === 'XCD',
  )
  .map((c) => ({ code: c.code, name: c.currency, digits: c.digits }));

export function referenceHandlers(services: Services): HandlerMap {
  const heads = new Set(services.schemas.bundle.options.map((o) => o.head ?? 'Facts'));
  return {
    async countriesList() {
      return ok(countries);
    },
    async statesList(ctx) {
      const code = ctx.params.country.toUpperCase();
      if (!Country.getCountryByCode(code)) throw notFound();
      return ok(
        State.getStatesOfCountry(code).map((s) => ({ name: s.name, iso2: s.isoCode, country_code: s.countryCode })),
      );
    },
    async citiesList(ctx) {
      const country = ctx.params.countryCode.toUpperCase();
      const state = ctx.params.stateCode.toUpperCase();
      if (!State.getStateByCodeAndCountry(state, country)) throw notFound();
      return ok(
        cities()
          .getCitiesOfState(country, state)
          .map((c) => ({
            name: c.name,
            latitude: c.latitude ? Number(c.latitude) : null,
            longitude: c.longitude ? Number(c.longitude) : null,
          })),
      );
    },
    async currenciesList() {
      return ok(currencies);
    },
    async optionsList(ctx) {
      const head = ctx.body.head.trim();
      const match = [...heads].find((h) => h.toLowerCase() === head.toLowerCase());
      if (!match)
        throw new ApiError(400, { head: [`Unknown head "${head}". Known: ${[...heads].sort().join(', ')}.`] });
      // "ES", "es" or "es-ES": the language's own labels; one without labels reads English.
      const language = (ctx.body.language ?? 'EN').toLowerCase().split(/[-_]/)[0]!;
      return ok(
        services.schemas.bundle.options
          .filter((o) => (o.head ?? 'Facts') === match)
          .map((o) => ({
            category: o.category,
            // Values kept only for the spec's clients (not of the field's kind) are not offered.
            options: o.options
              .filter((opt) => opt.offered !== false)
              .map((opt) => ({ value: opt.value, text: optionLabel(opt.label, language) })),
          })),
      );
    },
  };
}
