/**
 * The report calls on known data, counts asserted exactly and every answer valid under its
 * schema: a hotel with two properties added in two months (one filled and published), contracts
 * in four states, a download and a send; operators contracted, proposing, rejected and drafted to.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import {
  call,
  create,
  edit,
  expectStatus,
  party,
  propose,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';
import { fillFacts, groupWith, ROWS } from '../../helpers/fixtures/published-hotel.js';
import { change } from '../../helpers/fixtures/contracted-operator.js';

const DAY = 86_400_000;

function valid(t: TestApp, ref: string, body: unknown): void {
  const errors = t.services.schemas.check(t.services.schemas.validator(ref), ref, body);
  expect(errors, JSON.stringify(errors)).toBeNull();
}

async function report(t: TestApp, as: Party['owner'], path: string, ref: string): Promise<Json> {
  const res = await call(t, as, 'GET', `/api/reports/${path}/`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  valid(t, `reports/${ref}.schema.json`, res.body);
  return res.body;
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`reports (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party;
    let contracted: Party;
    let proposing: Party;
    let rejected: Party;
    let drafted: Party;
    let filled: number;
    let empty: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await party(t, 'accommodation', { name: 'Olive Hotels' });
      filled = (await createProperty(t, hotel.owner.token, { hotel_name: 'Olive Bay' })).id;
      // The second property a month and more later (December 2026); sessions last 3 hours.
      t.clock.advance(40 * DAY);
      for (const who of [hotel.owner, hotel.withFlag, hotel.withoutFlag]) who.token = await signIn(t, who.email);
      empty = (await createProperty(t, hotel.owner.token, { hotel_name: 'Olive Hill' })).id;
      contracted = await party(t, 'to', { name: 'Alpha Tours' });
      proposing = await party(t, 'to', { name: 'Beta Tours' });
      rejected = await party(t, 'to', { name: 'Gamma Tours' });
      drafted = await party(t, 'to', { name: 'Delta Tours' });
      const a = await propose(t, contracted.owner, hotel.owner.id);
      await expectStatus(await edit(t, hotel.owner, a.id, { status: 'A' }), 200);
      await propose(t, proposing.owner, hotel.owner.id);
      const r = await propose(t, rejected.owner, hotel.owner.id);
      await expectStatus(await edit(t, hotel.owner, r.id, { status: 'R' }), 200);
      await expectStatus(await create(t, hotel.owner, { partner: drafted.owner.id, status: 'D' }), 201);
      await fillFacts(t, hotel.owner.token, filled);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${filled}/publish/create/`), 200);
    });
    afterAll(() => t.stop());

    it('operator-number: the operators on Ananas, and your partners', async () => {
      expect(await report(t, hotel.owner, 'operator-number', 'operator-number')).toEqual({ operators: 4, partners: 1 });
      expect(await report(t, contracted.owner, 'operator-number', 'operator-number')).toEqual({
        operators: 4,
        partners: 0,
      });
    });

    it('accommodation-number: properties added per month over twelve months, and in all', async () => {
      const body = await report(t, hotel.owner, 'accommodation-number', 'accommodation-number');
      expect(body.total).toBe(2);
      expect(body.current).toHaveLength(12);
      expect(body.current[0]).toEqual({ month: 1, year: 2026, total: 0 });
      expect(body.current.slice(-2)).toEqual([
        { month: 11, year: 2026, total: 1 },
        { month: 12, year: 2026, total: 1 },
      ]);
      // The operator's: the properties it reaches, by when the contract was accepted (December).
      const op = await report(t, contracted.owner, 'accommodation-number', 'accommodation-number');
      expect(op.total).toBe(2);
      expect(op.current.at(-1)).toEqual({ month: 12, year: 2026, total: 2 });
      // A member allowed no property counts none.
      expect((await report(t, hotel.withoutFlag, 'accommodation-number', 'accommodation-number')).total).toBe(0);
    });

    it("report-data: the hotel's contracts by status, operators connected, downloads and sends per month, completeness", async () => {
      const download = await t.api('GET', `/api/facts/download-facts/${filled}/`, { token: hotel.owner.token });
      expect(download.statusCode).toBe(201);
      const group = await groupWith(t, hotel.owner.token, ['x@partner.example']);
      expect((await call(t, hotel.owner, 'GET', `/api/facts/send-facts/${group}/sheet/${filled}/`)).status).toBe(201);
      expect((await call(t, hotel.owner, 'GET', `/api/facts/send-photos/${group}/acc/${filled}`)).status).toBe(409); // no photos: no send
      const body = await report(t, hotel.owner, 'report-data', 'report-data');
      expect(body.contracts).toEqual([
        { status: 'P', label: 'Pending', total: 1 },
        { status: 'C', label: 'Changed', total: 0 },
        { status: 'A', label: 'Accepted', total: 1 },
        { status: 'D', label: 'Draft', total: 1 },
        { status: 'R', label: 'Rejected', total: 1 },
        { status: 'X', label: 'Canceled', total: 0 },
      ]);
      expect(body.operators_connected).toBe(1);
      expect(body.exports).toHaveLength(12);
      expect(body.exports.at(-1)).toEqual({ month: 12, year: 2026, downloads: 1, sends: 1 });
      expect(body.exports.slice(0, 11).every((m: Json) => m.downloads === 0 && m.sends === 0)).toBe(true);
      const [bay, hill] = body.completeness as Json[];
      expect(bay).toMatchObject({
        property: filled,
        property_name: 'Olive Bay',
        published: true,
        publish_state: 'published',
        blocking: [],
        link: `/property/${filled}/general`,
      });
      expect(bay!.percent).toBeGreaterThan(0);
      expect(hill).toMatchObject({
        property: empty,
        property_name: 'Olive Hill',
        published: false,
        publish_state: 'draft',
        percent: 0,
        filled: 0,
        link: `/property/${empty}/general`,
      });
      expect(hill!.blocking).toContain('Main info');
      // A member sees the properties it is allowed only (none here); the contracts are the account's.
      const member = await report(t, hotel.withFlag, 'report-data', 'report-data');
      expect(member.completeness).toEqual([]);
      expect(member.exports.at(-1)).toEqual({ month: 12, year: 2026, downloads: 0, sends: 0 });
      expect(member.contracts.find((c: Json) => c.status === 'A').total).toBe(1);
    }, 60_000);

    it('operator-report-data: contracted hotels, mapping of properties and rooms, overrides, per property', async () => {
      let body = await report(t, contracted.owner, 'operator-report-data', 'operator-report-data');
      expect(body).toMatchObject({
        hotels: 1,
        properties: 2,
        mapped_properties: 0,
        rooms: { mapped: 0, unmapped: ROWS.room },
      });
      expect(body.overrides.map((o: Json) => o.total)).toEqual([0, 0, 0, 0, 0]);
      expect(body.by_property.map((p: Json) => [p.property_name, p.company, p.rooms, p.mapped_rooms, p.link])).toEqual([
        ['Olive Bay', 'Olive Hotels', ROWS.room, 0, `/datamapping/${filled}`],
        ['Olive Hill', 'Olive Hotels', 0, 0, `/datamapping/${empty}`],
      ]);
      // What the mapping and override features write, as they write it.
      const db = t.services.db.kysely;
      const now = t.clock.now().toISOString();
      const room = await db
        .selectFrom('fact_rows')
        .select('id')
        .where('property_id', '=', filled)
        .where('kind', '=', 'room')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('hotel_mappings')
        .values({
          operator_account_id: contracted.owner.id,
          property_id: filled,
          external_id: 'OLV-1',
          local_id: null,
          override_code: null,
          supplying_name: null,
          updated_by: null,
          updated_at: now,
        } as never)
        .execute();
      await db
        .insertInto('room_mappings')
        .values({
          operator_account_id: contracted.owner.id,
          property_id: filled,
          room_id: room.id,
          linked: true,
          link_date: now,
          override_code: null,
          new_name: null,
          original_name: 'Room',
          updated_by: null,
          updated_at: now,
        } as never)
        .execute();
      await db
        .insertInto('overrides')
        .values({
          operator_account_id: contracted.owner.id,
          property_id: filled,
          field: 'hotel_name',
          value: '"Olive"',
          hotel_value: '"Olive Bay"',
          status: 'pending',
          comment: null,
          created_by: null,
          created_at: now,
          decided_by: null,
          decided_at: null,
          decision_comment: null,
          drift_value: null,
          drift_at: null,
        })
        .execute();
      body = await report(t, contracted.owner, 'operator-report-data', 'operator-report-data');
      expect(body).toMatchObject({ mapped_properties: 1, rooms: { mapped: 1, unmapped: ROWS.room - 1 } });
      expect(body.overrides).toEqual([
        { status: 'pending', total: 1 },
        { status: 'approved', total: 0 },
        { status: 'rejected', total: 0 },
        { status: 'withdrawn', total: 0 },
        { status: 'replaced', total: 0 },
      ]);
      expect(body.by_property[0]).toMatchObject({ mapped: true, mapped_rooms: 1, pending_overrides: 1 });
      // Operators not in force reach nothing.
      expect(await report(t, proposing.owner, 'operator-report-data', 'operator-report-data')).toMatchObject({
        hotels: 0,
        properties: 0,
        by_property: [],
      });
    });

    it('operator-feed: the latest publishes of the hotels it reaches, with the sections changed', async () => {
      let feed = await report(t, contracted.owner, 'operator-feed', 'operator-feed');
      expect(feed.results).toEqual([
        expect.objectContaining({
          kind: 'published',
          property: filled,
          property_name: 'Olive Bay',
          company: 'Olive Hotels',
          summary: 'Olive Hotels published the facts of Olive Bay',
          sections: [],
          link: `/fact-sheet?property=${filled}`,
        }),
      ]);
      t.clock.advance(60_000);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/maintenance/update/${filled}/`, []), 200);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${filled}/publish/create/`), 200);
      feed = await report(t, contracted.owner, 'operator-feed', 'operator-feed');
      expect(feed.results.map((r: Json) => r.kind)).toEqual(['changed', 'published']);
      expect(feed.results[0].sections).toEqual(['Maintenance']);
      expect(await report(t, rejected.owner, 'operator-feed', 'operator-feed')).toEqual({ results: [] });
    });

    it('report-data: a save after publishing shows as live with changes not published, as the portfolio says', async () => {
      await change(t, hotel.owner.token, filled, 'main-info', { check_in_time: '13:00' });
      const after = await report(t, hotel.owner, 'report-data', 'report-data');
      expect(after.completeness[0]).toMatchObject({ property: filled, published: true, publish_state: 'changed' });
    });

    it('each side reads its own reports only', async () => {
      expect((await call(t, hotel.owner, 'GET', '/api/reports/operator-report-data/')).status).toBe(403);
      expect((await call(t, hotel.owner, 'GET', '/api/reports/operator-feed/')).status).toBe(403);
      expect((await call(t, contracted.owner, 'GET', '/api/reports/report-data/')).status).toBe(403);
      expect((await t.api('GET', '/api/reports/operator-number/')).statusCode).toBe(401);
    });
  });
}
