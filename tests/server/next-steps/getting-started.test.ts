/**
 * A new account's first dashboard (issue 25 §1): the getting-started checklist of the next-steps
 * answers. A hotel: add a property, fill in what publishing needs, add photos, publish; an
 * operator: find hotels, propose a contract. Each step is ticked when done and links to where it
 * is done; a brand-new account has every step open (never "nothing to do" with nothing done).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { testSections, url } from '../../helpers/sections.js';
import { file, jpeg, uploaded } from '../../helpers/fixtures/uploaded-photos.js';

type Step = { key: string; title: string; done: boolean; link: string };

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`getting started (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const steps = async (as: Account, path: string): Promise<Step[]> => {
      const res = await t.api('GET', path, { token: as.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ getting_started: Step[] }>().getting_started;
    };
    const ticks = (list: Step[]) => Object.fromEntries(list.map((s) => [s.key, s.done]));

    it('a hotel: each step ticked as it is done, linking where it is done', async () => {
      const hotel = await signUp(t, { account_type: 'accommodation', company: 'Fig Hotels' });
      let list = await steps(hotel, '/api/reports/next-steps/');
      expect(list.map((s) => [s.key, s.done, s.link])).toEqual([
        ['add_property', false, '/add-property'],
        ['fill_facts', false, '/add-property'],
        ['add_photos', false, '/add-property'],
        ['publish', false, '/add-property'],
      ]);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Fig Tree Inn' })).id;
      list = await steps(hotel, '/api/reports/next-steps/');
      expect(ticks(list)).toEqual({ add_property: true, fill_facts: false, add_photos: false, publish: false });
      // The facts step leads to the first tab that still misses something; photos to the gallery.
      expect(list.find((s) => s.key === 'fill_facts')!.link).toMatch(new RegExp(`^/property/${property}/[a-z-]+$`));
      expect(list.find((s) => s.key === 'add_photos')!.link).toBe(`/property/${property}/gallery`);
      for (const s of testSections().filter((x) => x.kind === 'document')) {
        const res = await t.api('POST', url(s.routes.create!, property), {
          token: hotel.token,
          body: { ...filledDocument(t.services.schemas.resolved(s.ref)), hotel: property },
        });
        expect(res.statusCode, `${s.key}: ${res.body}`).toBe(201);
      }
      expect(ticks(await steps(hotel, '/api/reports/next-steps/'))).toEqual({
        add_property: true,
        fill_facts: true,
        add_photos: false,
        publish: false,
      });
      await uploaded(t, hotel.token, property, [file(await jpeg(), 'pool.jpg')]);
      expect(ticks(await steps(hotel, '/api/reports/next-steps/'))).toEqual({
        add_property: true,
        fill_facts: true,
        add_photos: true,
        publish: false,
      });
      const published = await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: hotel.token });
      expect(published.statusCode, published.body).toBe(200);
      list = await steps(hotel, '/api/reports/next-steps/');
      expect(list.every((s) => s.done)).toBe(true);
      expect(list.find((s) => s.key === 'publish')!.link).toBe(`/property/${property}/general`);
    });

    it('an operator: find hotels, then propose a contract', async () => {
      const hotel = await signUp(t, { account_type: 'accommodation', company: 'Pine Hotels' });
      await createProperty(t, hotel.token, { hotel_name: 'Pine Lodge' });
      const operator = await signUp(t, { account_type: 'to', company: 'Cedar Tours' });
      expect((await steps(operator, '/api/reports/operator-next-steps/')).map((s) => [s.key, s.done, s.link])).toEqual([
        ['find_hotels', false, '/partners'],
        ['propose_contract', false, '/partners'],
      ]);
      const proposal = await t.api('POST', '/api/partners/contract/create/', {
        token: operator.token,
        body: { partner: hotel.id },
      });
      expect(proposal.statusCode, proposal.body).toBe(201);
      expect((await steps(operator, '/api/reports/operator-next-steps/')).map((s) => [s.key, s.done, s.link])).toEqual([
        ['find_hotels', true, '/partners'],
        ['propose_contract', true, '/contract-details'],
      ]);
    });
  });
}
