/**
 * Rules between fields (issue 34 §2): declared once in the schemas (`x-rules`), so a minimum
 * above its maximum (occupancy, ages) or a period that ends before it starts (seasons,
 * maintenance, query ranges) is refused with 400 and the rule's words at both fields, and nothing
 * is stored. Equal values, and a rule with one side empty, pass.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { apiKey, partner, type Json } from '../../helpers/fixtures/partner-api-access.js';

const ROOM = { id: 0, room_name: 'Sea Suite', room_name_type: 'double room', room_view: 'Sea view' };
const ADULTS = 'Minimum adults must not be more than maximum adults.';
const CHILDREN = 'Minimum children must not be more than maximum children.';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`rules between fields (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
    });
    afterAll(() => t.stop());

    const post = (url: string, body: unknown) => t.api('POST', url, { token: owner.token, body });
    const stored = (kind: string) =>
      t.services.db.kysely.selectFrom('fact_rows').select('data').where('kind', '=', kind).execute();

    it('refuses a room whose minimum adults or children is above the maximum, at both fields, and saves no room', async () => {
      const res = await post(`/api/facts/rooms/update/${property}/`, [
        { ...ROOM, room_min_adults: 2, room_max_adults: 2, room_min_children: 0, room_max_children: null },
        {
          ...ROOM,
          room_name: 'Garden Room',
          room_min_adults: 3,
          room_max_adults: 2,
          room_min_children: 2,
          room_max_children: 1,
        },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: [`Room (2): ${ADULTS} - ${CHILDREN}`],
        rows: {
          '1': {
            room_min_adults: [ADULTS],
            room_max_adults: [ADULTS],
            room_min_children: [CHILDREN],
            room_max_children: [CHILDREN],
          },
        },
      });
      expect(await stored('room')).toEqual([]);
      const ok = await post(`/api/facts/rooms/update/${property}/`, [
        { ...ROOM, room_min_adults: 2, room_max_adults: 2, room_min_children: 0, room_max_children: null },
      ]);
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('refuses a children tax from an older age than it goes to, in the nested group', async () => {
      const res = await post('/api/facts/main-info/create/', {
        hotel: property,
        child_tax: { child_tax_applicable: true, age_from: 12, age_to: 2 },
      });
      expect(res.statusCode, res.body).toBe(400);
      const words = 'Children tax: the age from must not be more than the age to.';
      expect(res.json()).toEqual({ child_tax: { age_from: [words], age_to: [words] } });
      expect(await t.services.db.kysely.selectFrom('fact_sections').select('section').execute()).toEqual([]);
    });

    it('refuses a season or a maintenance period that ends before it starts', async () => {
      const season = await post('/api/facts/entertainment/create/', {
        hotel: property,
        sports_animation: true,
        sports_animation_seasonal: true,
        sports_animation_from: '2027-09-30',
        sports_animation_to: '2027-05-01',
      });
      expect(season.statusCode, season.body).toBe(400);
      const words = 'Sports animation: the season must not end before it starts.';
      expect(season.json()).toEqual({ sports_animation_from: [words], sports_animation_to: [words] });
      const works = await post(`/api/facts/maintenance/update/${property}/`, [
        {
          id: 0,
          maintenance_type_apply: 'Lobby renovation',
          maintenance_zone: 'Partially',
          maintenance_disturbance: 'disturbing',
          maintenance_from: '2027-04-02',
          maintenance_to: '2027-04-01',
        },
      ]);
      expect(works.statusCode, works.body).toBe(400);
      expect(works.json().rows['0']).toEqual({
        maintenance_from: ['Maintenance must not end before it starts.'],
        maintenance_to: ['Maintenance must not end before it starts.'],
      });
      expect(await stored('maintenance')).toEqual([]);
      expect(await t.services.db.kysely.selectFrom('fact_sections').select('section').execute()).toEqual([]);
    });

    it('refuses a query range that ends before it starts, at both parameters', async () => {
      const audit = await t.api('GET', '/api/settings/audit-trail/?date_from=2027-03-02&date_to=2027-03-01', {
        token: owner.token,
      });
      expect(audit.statusCode, audit.body).toBe(400);
      const words = 'The end of the range is before its start.';
      expect(audit.json()).toEqual({ date_from: [words], date_to: [words] });
      const key: Json = await apiKey(t, owner);
      const chart = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/stop-sale/?from=2027-03-02&to=2027-03-01`,
      );
      expect(chart.statusCode, chart.body).toBe(400);
      expect(Object.keys(chart.json()).sort()).toEqual(['from', 'to']);
      const [room] = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: owner.token })).json() as Json[];
      const range = await post('/api/stop-sale/range/', {
        hotel: property,
        rooms: [room!.id],
        from: '2027-03-02',
        to: '2027-03-01',
        color: 2,
      });
      expect(range.statusCode, range.body).toBe(400);
      expect(range.json()).toEqual({
        from: ['The range ends before it starts.'],
        to: ['The range ends before it starts.'],
      });
      expect(await t.services.db.kysely.selectFrom('stop_sale_events').select('id').execute()).toEqual([]);
    });
  });
}
