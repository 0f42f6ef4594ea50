import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

describe('reference data and option lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.stop());

  it('lists the 250 countries with ISO codes, their states and cities', async () => {
    const countries = (await t.api('GET', '/api/external/countries/')).json();
    expect(countries).toHaveLength(250);
    expect(countries).toContainEqual(expect.objectContaining({ name: 'Spain', iso2: 'ES' }));
    const states = (await t.api('GET', '/api/external/states/ES/')).json();
    expect(states).toContainEqual(
      expect.objectContaining({ name: 'Balearic Islands', iso2: 'PM', country_code: 'ES' }),
    );
    const cities = (await t.api('GET', '/api/external/cities/ES/PM/')).json();
    expect(cities.map((c: { name: string }) => c.name)).toContain('Palma');
    expect((await t.api('GET', '/api/external/states/XX/')).statusCode).toBe(404);
    expect((await t.api('GET', '/api/external/cities/ES/ZZZ/')).statusCode).toBe(404);
  });

  it('lists ISO 4217 currencies', async () => {
    const currencies = (await t.api('GET', '/api/external/currency/')).json();
    expect(currencies).toContainEqual({ code: 'EUR', name: 'Euro', digits: 2 });
    expect(currencies.length).toBeGreaterThan(150);
  });

  it('serves option lists by head and language, falling back to EN', async () => {
    const en = (await t.api('POST', '/api/external/ops/options/', { body: { head: 'Facts' } })).json() as {
      category: string;
      options: { value: string; text: string }[];
    }[];
    const units = en.find((c) => c.category === 'distanceUnits')!;
    expect(units.options.map((o) => o.value)).toEqual(['meters', 'kilometers', 'miles', 'minutes', 'hours']);
    const es = (
      await t.api('POST', '/api/external/ops/options/', { body: { head: 'Facts', language: 'ES' } })
    ).json() as typeof en;
    expect(es.find((c) => c.category === 'charges')!.options[1]).toEqual({
      value: 'Additional Charge',
      text: 'Con cargo adicional',
    });
    // German, a region and an odd case read the language's labels; a prototype key is no language.
    const de = (
      await t.api('POST', '/api/external/ops/options/', { body: { head: 'Facts', language: 'de-AT' } })
    ).json() as typeof en;
    expect(de.find((c) => c.category === 'boards')!.options[0]).toEqual({
      value: 'Room only',
      text: 'ohne Verpflegung',
    });
    const proto = (
      await t.api('POST', '/api/external/ops/options/', { body: { head: 'Facts', language: 'toString' } })
    ).json() as typeof en;
    expect(proto).toEqual(en);
    const klingon = (
      await t.api('POST', '/api/external/ops/options/', { body: { head: 'facts', language: 'tlh' } })
    ).json() as typeof en;
    expect(klingon).toEqual(en);
    const bad = await t.api('POST', '/api/external/ops/options/', { body: { head: 'Nonsense' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().head[0]).toMatch(/Unknown head "Nonsense"/);
    const account = (
      await t.api('POST', '/api/external/ops/options/', { body: { head: 'Account', language: 'RU' } })
    ).json() as typeof en;
    expect(account.find((c) => c.category === 'roles')).toBeDefined();
  });
});
