import { Country } from '../../../shared/places.js';
import currencyCodes from 'currency-codes';
import { ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { citiesOf, optionsOf, statesOf } from './lists.js';

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
      return ok(statesOf(ctx.params.country));
    },
    async citiesList(ctx) {
      return ok(citiesOf(ctx.params.countryCode, ctx.params.stateCode));
    },
    async currenciesList() {
      return ok(currencies);
    },
    async optionsList(ctx) {
      return ok(optionsOf(services, heads, ctx.body));
    },
  };
}
