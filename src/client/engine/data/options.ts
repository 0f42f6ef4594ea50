import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/** Labels of option values by category: labels.get('boards')?.get('Half Board'). */
export type OptionLabels = ReadonlyMap<string, ReadonlyMap<string, string>>;

export const NO_LABELS: OptionLabels = new Map();

/** The families of option lists the server knows (POST api/external/ops/options/ `head`). */
export type OptionHead = 'Facts' | 'Account' | 'Contracts';

const cache = new Map<string, Promise<OptionLabels>>();

/** The option lists of one screen family in one language, asked once per pair and kept. */
export function loadOptionLabels(language: string, head: OptionHead = 'Facts'): Promise<OptionLabels> {
  const lang = (language || 'en').toUpperCase();
  const key = `${head}:${lang}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = unwrap(api.POST('/api/external/ops/options/', { body: { head, language: lang } })).then(
      (lists) => new Map(lists.map((l) => [l.category, new Map(l.options.map((o) => [String(o.value), o.text]))])),
      (e: unknown) => {
        cache.delete(key);
        throw e;
      },
    );
    cache.set(key, pending);
  }
  return pending;
}

export interface Currency {
  code: string;
  name: string;
}

let currencies: Promise<Currency[]> | undefined;

/** ISO 4217 currencies (GET api/external/currency/), asked once. */
export function loadCurrencies(): Promise<Currency[]> {
  currencies ??= unwrap(api.GET('/api/external/currency/', {})).then(
    (list) => list.map((c) => ({ code: c.code, name: c.name })),
    (e: unknown) => {
      currencies = undefined;
      throw e;
    },
  );
  return currencies;
}
