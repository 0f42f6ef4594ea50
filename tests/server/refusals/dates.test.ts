/**
 * Impossible dates (issue 34 §2): 2027-02-30, 2027-02-29 and 2026-11-31 name no day. Every date
 * a request carries (a query's range, a fact, a maintenance period, a key's expiry, a stop-sale
 * range) must be one: 400 naming the field, nothing stored. Dates stored before this was checked
 * never reach a partner: the OTA and JSON feeds leave them out with a warning (and stay valid
 * against the official OTA schema), and migration 0038 lists and logs every one it finds.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { apiKey, partner, publishNow, type Json } from '../../helpers/fixtures/partner-api-access.js';

const IMPOSSIBLE = ['2027-02-30', '2027-02-29', '2026-11-31', '2027-04-31', '2100-02-29', '2027-13-01', '2027-00-10'];

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`impossible dates (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;
    let room: number;
    let key: Json;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
      const rooms = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: [{ id: 0, room_name: 'Sea Suite', room_name_type: 'double room', room_view: 'Sea view' }],
      });
      expect(rooms.statusCode, rooms.body).toBe(200);
      room = rooms.json<{ id: number }[]>()[0]!.id;
      key = await apiKey(t, owner);
    });
    afterAll(() => t.stop());

    const maintenance = (from: string, to: string) => ({
      id: 0,
      maintenance_type_apply: 'Lobby renovation',
      maintenance_zone: 'Partially',
      maintenance_disturbance: 'disturbing',
      maintenance_from: from,
      maintenance_to: to,
    });

    it('refuses them in queries, naming the parameter', async () => {
      for (const day of IMPOSSIBLE) {
        const audit = await t.api('GET', `/api/settings/audit-trail/?date_from=${day}`, { token: owner.token });
        expect(audit.statusCode, `${day}: ${audit.body}`).toBe(400);
        expect(audit.json(), day).toEqual({ date_from: ['Enter a valid date (YYYY-MM-DD).'] });
        const chart = await partner(
          t,
          key.token,
          `/api/v1/properties/${property}/stop-sale/?from=${day}&to=2999-12-31`,
        );
        expect(chart.statusCode, `${day}: ${chart.body}`).toBe(400);
        expect(chart.json(), day).toEqual({ from: ['Enter a valid date (YYYY-MM-DD).'] });
        const ical = await partner(
          t,
          key.token,
          `/api/v1/properties/${property}/rooms/${room}/stop-sale/ical/?from=${day}`,
        );
        expect(ical.statusCode, `${day}: ${ical.body}`).toBe(400);
        expect(Object.keys(ical.json()), day).toEqual(['from']);
      }
      // The examples: the first of May is no longer lost, the range is refused instead.
      const may = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/stop-sale/ota/?from=2027-04-31&to=2027-05-01`,
      );
      expect(may.statusCode, may.body).toBe(400);
      // A leap day of a leap year is a day.
      const leap = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/stop-sale/?from=2028-02-29&to=2028-03-01`,
      );
      expect(leap.statusCode, leap.body).toBe(200);
    });

    it('refuses them in facts, a key expiry and a stop-sale range, and stores nothing', async () => {
      const saved = await t.api('POST', `/api/facts/maintenance/update/${property}/`, {
        token: owner.token,
        body: [maintenance('2027-02-30', '2027-04-31')],
      });
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json().rows).toEqual({
        '0': {
          maintenance_from: ['Maintenance starting time: enter a day of the calendar (YYYY-MM-DD).'],
          maintenance_to: ['Maintenance ending time: enter a day of the calendar (YYYY-MM-DD).'],
        },
      });
      for (const day of IMPOSSIBLE) {
        const season = await t.api('POST', `/api/facts/entertainment/create/`, {
          token: owner.token,
          body: {
            hotel: property,
            evening_entertainment: true,
            evening_entertainment_seasonal: true,
            evening_entertainment_from: day,
          },
        });
        expect(season.statusCode, `${day}: ${season.body}`).toBe(400);
        expect(season.json(), day).toEqual({ evening_entertainment_from: ['Enter a valid date (YYYY-MM-DD).'] });
        const expiry = await t.api('PUT', `/api/settings/api-key/update/${key.id}/`, {
          token: owner.token,
          body: { title: 'Channel manager', domain: key.domain, expires_at: day },
        });
        expect(expiry.statusCode, `${day}: ${expiry.body}`).toBe(400);
        expect(expiry.json(), day).toEqual({ expires_at: ['Enter a valid date (YYYY-MM-DD).'] });
        const range = await t.api('POST', '/api/stop-sale/range/', {
          token: owner.token,
          body: { hotel: property, rooms: [room], from: day, to: '2028-03-01', color: 2 },
        });
        expect(range.statusCode, `${day}: ${range.body}`).toBe(400);
        expect(Object.keys(range.json()), day).toContain('from');
      }
      const db = t.services.db.kysely;
      expect(await db.selectFrom('fact_rows').select('id').where('kind', '=', 'maintenance').execute()).toEqual([]);
      expect(await db.selectFrom('fact_sections').select('section').execute()).toEqual([]);
      expect(await db.selectFrom('stop_sale_events').select('id').execute()).toEqual([]);
      expect((await db.selectFrom('api_keys').select('expires_at').executeTakeFirstOrThrow()).expires_at).toBeNull();
      const leap = await t.api('POST', `/api/facts/maintenance/update/${property}/`, {
        token: owner.token,
        body: [maintenance('2028-02-29', '2028-03-01')],
      });
      expect(leap.statusCode, leap.body).toBe(200);
      const cleared = await t.api('POST', `/api/facts/maintenance/update/${property}/`, {
        token: owner.token,
        body: [],
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
    });

    it('leaves an impossible stored date out of the partner feeds, with a warning, and the OTA document stays valid', async () => {
      // Saved before dates were checked: a maintenance period 2027-02-30 to 2027-04-31.
      const now = t.clock.now().toISOString();
      const db = t.services.db.kysely;
      const row = await db
        .insertInto('fact_rows')
        .values({
          property_id: property,
          kind: 'maintenance',
          position: 0,
          data: '{}',
          updated_at: now,
          updated_by: owner.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('fact_rows')
        .set({ data: JSON.stringify({ ...maintenance('2027-02-30', '2027-04-31'), id: row.id, hotel: property }) })
        .where('id', '=', row.id)
        .execute();
      await publishNow(t, property, owner.id);

      // partner() checks the OTA document against the official OpenTravel schema.
      const ota = await partner(t, key.token, `/api/v1/properties/${property}/facts/ota/`);
      expect(ota.statusCode, ota.body).toBe(200);
      const [, content] = ota.body.split('</Warnings>');
      expect(content, ota.body).not.toMatch(/2027-02-30|2027-04-31/);
      expect(ota.body).toContain(
        `<Warning Type="3">Maintenance ${row.id}: From 2027-02-30 is not a calendar date; left out</Warning>`,
      );
      expect(ota.headers.warning).toContain(`Maintenance ${row.id}: To 2027-04-31 is not a calendar date; left out`);

      const facts = await partner(t, key.token, `/api/v1/properties/${property}/facts/`);
      expect(facts.statusCode, facts.body).toBe(200);
      expect(facts.json().sections.maintenance[0]).toMatchObject({ maintenance_from: null, maintenance_to: null });
      expect(facts.headers.warning).toContain(
        `Maintenance ${row.id}: From 2027-02-30 is not a calendar date; left out`,
      );
    });

    it('lists every impossible stored date in a migration, and logs each at start', async () => {
      const db = t.services.db.kysely;
      const now = t.clock.now().toISOString();
      await db
        .insertInto('fact_sections')
        .values({
          property_id: property,
          section: 'entertainment',
          data: JSON.stringify({ id: property, hotel: property, version: 1, evening_entertainment_from: '2026-11-31' }),
          version: 1,
          updated_at: now,
          updated_by: owner.id,
        })
        .execute();
      await db
        .updateTable('api_keys')
        .set({ expires_at: '2027-02-29' })
        .where('id', '=', key.id as number)
        .execute();
      await db
        .insertInto('stop_sale_events')
        .values({
          property_id: property,
          room_id: room,
          date: '2027-02-30',
          color: 2,
          updated_by: owner.id,
          updated_at: now,
        })
        .execute();
      // As on a database that had not run 0038 yet: its bookkeeping row and table gone.
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0038-impossible-dates' as never)
        .execute();
      await db.schema.dropTable('impossible_dates').execute();

      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const second = await buildApp({
        config: {
          ...loadConfig({ LOG_LEVEL: 'warn', NOTIFY_STREAM_SECONDS: '0' }),
          dataDir: t.testDb.dataDir,
          clientDir: '/nonexistent',
        },
        db: t.services.db,
        clock: t.clock,
        mailer: t.mail,
        logger: { level: 'warn', stream },
        worker: false,
      });
      await second.close();

      const found = await db
        .selectFrom('impossible_dates')
        .select(['found_in', 'property_id', 'section', 'field', 'value'])
        .orderBy('id')
        .execute();
      expect(found).toEqual(
        expect.arrayContaining([
          {
            found_in: 'fact_sections',
            property_id: property,
            section: 'entertainment',
            field: 'evening_entertainment_from',
            value: '2026-11-31',
          },
          {
            found_in: 'fact_rows',
            property_id: property,
            section: 'maintenance',
            field: 'maintenance_from',
            value: '2027-02-30',
          },
          {
            found_in: 'fact_rows',
            property_id: property,
            section: 'maintenance',
            field: 'maintenance_to',
            value: '2027-04-31',
          },
          {
            found_in: 'publications',
            property_id: property,
            section: 'publication 1',
            field: expect.stringMatching(/maintenance\.0\.maintenance_from$/),
            value: '2027-02-30',
          },
          { found_in: 'api_keys', property_id: null, section: null, field: 'expires_at', value: '2027-02-29' },
          { found_in: 'stop_sale_events', property_id: property, section: null, field: 'date', value: '2027-02-30' },
        ]),
      );
      // Nothing that names a day is listed (the leap day saved above, the dates of the records).
      expect(
        found.map((f) => f.value).filter((v) => !/^(2027-02-30|2027-04-31|2026-11-31|2027-02-29)$/.test(v)),
      ).toEqual([]);
      const logged = lines.map((l) => JSON.parse(l) as Json).filter((l) => /names no calendar day/.test(String(l.msg)));
      expect(logged.length).toBe(found.length);
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 40,
          property,
          section: 'maintenance',
          field: 'maintenance_from',
          value: '2027-02-30',
        }),
      );
      // The migration changed nothing it listed.
      const row = await db
        .selectFrom('fact_rows')
        .select('data')
        .where('kind', '=', 'maintenance')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.data)).toMatchObject({ maintenance_from: '2027-02-30' });
    });

    it('leaves an impossible stored stop-sale day out of the chart feeds, with a warning; a date-time must name a day too', async () => {
      // The day 2027-02-30 stored by the test above (the chart's own checks never write one).
      const chart = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/stop-sale/?from=2027-02-01&to=2027-03-31`,
      );
      expect(chart.statusCode, chart.body).toBe(200);
      expect(chart.json().rooms[0].days).toEqual([]);
      expect(chart.headers.warning).toContain(`Room ${room}: day 2027-02-30 is not a calendar date; left out`);
      const ota = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/stop-sale/ota/?from=2027-02-01&to=2027-03-31`,
      );
      expect(ota.statusCode, ota.body).toBe(200);
      expect(ota.body).not.toContain('2027-02-30');
      expect(ota.headers.warning).toContain('day 2027-02-30 is not a calendar date');
      const list = await partner(t, key.token, '/api/v1/properties/?updated_since=2027-02-30T00:00:00Z');
      expect(list.statusCode, list.body).toBe(400);
      expect(Object.keys(list.json())).toEqual(['updated_since']);
    });
  });
}
