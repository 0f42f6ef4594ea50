/**
 * Issue 38 §1: an operator's lists agree with its fact sheet and export. A hotel's property that
 * was never published is marked as such in every list (the contracted hotels with a count of them,
 * the dashboard, the directory) and an export leaves it out whole, saying why in skipped.txt; the
 * operator's override of the hotel name is the name its lists show, the hotel's own name beside it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { parseCsv, zipEntry, zipNames } from '../../helpers/file-readers.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import {
  accepted,
  call,
  expectStatus,
  preferences,
  publish,
  type Json,
} from '../../helpers/fixtures/contracted-operator.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`drafts and the operator's hotel names in its lists (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let live: number;
    let draft: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 2, { name: 'Sol Hotels' });
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
      [live, draft] = hotel.properties as [number, number];
      await fillFacts(t, hotel.owner.token, live);
      await publish(t, hotel.owner.token, live);
      await accepted(t, hotel.owner, operator.owner, { to_edit_facts: 'Y', override_moderation: 'O' });
      await preferences(t, hotel.owner, { partner_override_facts: true });
      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/override-facts/create/', {
          hotel: live,
          data: { hotel_name: 'Sunny Sol Beach' },
        }),
        201,
      );
    }, 180_000);
    afterAll(() => t.stop());

    const contracted = (body: Json = {}) =>
      call(t, operator.owner, 'POST', '/api/partners/partners-properties/', body).then((r) => expectStatus(r, 200));

    it('lists the operator’s name for a hotel with the hotel’s own beside it, and counts the unpublished', async () => {
      const page = await contracted();
      expect(page).toMatchObject({ count: 2, unpublished: 1 });
      const rows = page.results as Json[];
      expect(rows.find((r) => r.id === live)).toMatchObject({
        hotel_name: 'Sunny Sol Beach',
        hotel_own_name: 'Sol Hotels 1',
        publication: 1,
      });
      expect(rows.find((r) => r.id === draft)).toMatchObject({
        hotel_name: 'Sol Hotels 2',
        hotel_own_name: null,
        publication: null,
      });
      // Found by either name; the count of the unpublished follows the filters.
      expect(((await contracted({ search: 'sunny' })).results as Json[]).map((r) => r.id)).toEqual([live]);
      expect(((await contracted({ search: 'sol hotels 1' })).results as Json[]).map((r) => r.id)).toEqual([live]);
      expect(await contracted({ search: 'sunny' })).toMatchObject({ count: 1, unpublished: 0 });
      expect(await contracted({ search: 'hotels 2' })).toMatchObject({ count: 1, unpublished: 1 });
    });

    it('names and marks them alike on the dashboard', async () => {
      const report = await expectStatus(
        await call(t, operator.owner, 'GET', '/api/reports/operator-report-data/'),
        200,
      );
      const rows = report.by_property as Json[];
      expect(rows.find((r) => r.property === live)).toMatchObject({
        property_name: 'Sunny Sol Beach',
        property_own_name: 'Sol Hotels 1',
        published: true,
      });
      expect(rows.find((r) => r.property === draft)).toMatchObject({
        property_name: 'Sol Hotels 2',
        property_own_name: null,
        published: false,
      });
      const feed = await expectStatus(await call(t, operator.owner, 'GET', '/api/reports/operator-feed/'), 200);
      expect((feed.results as Json[]).map((f) => f.property_name)).toEqual(['Sunny Sol Beach']);
    });

    it('marks the hotel’s unpublished property in the partner directory', async () => {
      const page = await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/', { search: 'Sol Hotels' }),
        200,
      );
      const entry = (page.results as Json[]).find((p) => p.id === hotel.owner.id)!;
      expect((entry.properties as Json[]).map((p) => [p.id, p.published])).toEqual([
        [live, true],
        [draft, false],
      ]);
    });

    it('leaves a draft out of an export whole, and says why in skipped.txt', async () => {
      const created = await expectStatus(
        await call(t, operator.owner, 'POST', '/api/tour-operator/exports/', {
          hotels: [live, draft],
          contents: ['pdf', 'json', 'csv'],
          language: 'en',
        }),
        201,
      );
      // The history names the hotels as the lists do.
      expect((created.hotels as Json[]).map((h) => h.hotel_name).sort()).toEqual(['Sol Hotels 2', 'Sunny Sol Beach']);
      await t.services.jobs.runDue();
      const res = await t.api('GET', `/api/tour-operator/exports/${String(created.id)}/download/`, {
        token: operator.owner.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const names = zipNames(res.rawPayload);
      expect(names.filter((n) => n.startsWith(`${draft}-`))).toEqual([]);
      expect(names).toContain(`${live}-Sunny Sol Beach/facts.json`);
      const skipped = zipEntry(res.rawPayload, 'skipped.txt').toString('utf8');
      expect(skipped).toContain(`${draft} Sol Hotels 2: not published yet`);
      // One CSV row: the published hotel's, by the operator's name.
      const csv = parseCsv(zipEntry(res.rawPayload, 'hotels.csv').toString('utf8'));
      expect(csv.map((h) => [Number(h.property_id), h.hotel_name])).toEqual([[live, 'Sunny Sol Beach']]);
    });
  });
}
