/**
 * Issue 28 §4: what a client built to the spec sends keeps working, on SQLite and PostgreSQL.
 * Each case sends the spec's (or the earlier product's inventory's) shape and checks what is
 * stored and answered; each failed with a 400 before.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../helpers/db.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signIn, signUp } from '../helpers/accounts.js';
import { createProperty } from '../helpers/properties.js';
import { call, create, hotelWithProperties, party, type Json } from '../helpers/fixtures/contract-parties.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the spec's clients (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('contract create and edit (version reads the same schema) take the boolean terms (true/false, or Y/N) and answer the documented codes', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      const made = await create(t, operator.owner, {
        partner: hotel.owner.id,
        status: 'D',
        to_sync_ss: true,
        to_allow_on_request: false,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const stored = JSON.stringify(made.body);
      expect(stored).toContain('"to_sync_ss":"Y"');
      expect(stored).toContain('"to_allow_on_request":"N"');
      const id = made.body.id as number;
      const edited = await call(t, operator.owner, 'PUT', `/api/partners/contract/edit/${id}/`, {
        to_sync_ss: false,
        to_allow_on_request: 'Y',
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const view = await call(t, operator.owner, 'GET', `/api/partners/contract/view/${id}/`);
      expect(JSON.stringify(view.body)).toContain('"to_sync_ss":"N"');
      expect(JSON.stringify(view.body)).toContain('"to_allow_on_request":"Y"');
      // Anything else is still refused.
      expect(
        (await call(t, operator.owner, 'PUT', `/api/partners/contract/edit/${id}/`, { to_sync_ss: 'maybe' })).status,
      ).toBe(400);
    });

    it('my-contracts takes status "" as all contracts', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      expect((await create(t, operator.owner, { partner: hotel.owner.id })).status).toBe(201);
      const all = await call(t, operator.owner, 'POST', '/api/partners/my-contracts/', { status: '' });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      const none = await call(t, operator.owner, 'POST', '/api/partners/my-contracts/', {});
      expect(all.body.count).toBe(none.body.count);
      expect(all.body.count).toBeGreaterThan(0);
    });

    it("an owner's quick sub-user needs no names (the spec's invite form asks none); signing up alone still does", async () => {
      const owner = await signUp(t);
      const email = `quick-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const quick = await t.api('POST', '/api/auth/users/', {
        token: owner.token,
        body: { email, password: PASSWORD, re_password: PASSWORD, manager: owner.id },
      });
      expect(quick.statusCode, quick.body).toBe(201);
      const alone = await t.api('POST', '/api/auth/users/', {
        body: { email: `x${email}`, password: PASSWORD, re_password: PASSWORD, account_type: 'accommodation' },
      });
      expect(alone.statusCode).toBe(400);
      expect(Object.keys(alone.json())).toEqual(expect.arrayContaining(['first_name', 'last_name']));
    });

    it('a room takes room_additional_bed_linen as the list of checked items and stores the flags', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token)).id;
      const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.token,
        body: [
          {
            id: 0,
            room_name: 'Double',
            room_name_type: 'double room',
            room_view: 'Sea view',
            room_additional_bed_linen: ['bed linen', 'tea towel'],
            room_additional_towels: true,
          },
        ],
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const rooms = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.token })).json() as Json[];
      expect(rooms[0]).toMatchObject({
        room_additional_bed_linen: true,
        room_additional_tea_towels: true,
        room_additional_towels: false,
        room_additional_cleaning_tools: false,
      });
    });

    it('stop-sale takes the state by its colour name and answers the month also as the spec reads it (paged results, colour names)', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token)).id;
      const rooms = (
        await t.api('POST', `/api/facts/rooms/update/${property}/`, {
          token: hotel.token,
          body: [{ id: 0, room_name: 'Double', room_name_type: 'double room', room_view: 'Sea view' }],
        })
      ).json() as Json[];
      const room = rooms[0]!.id as number;
      const day = t.clock.now().toISOString().slice(0, 10);
      const made = await t.api('POST', '/api/stop-sale/create/', {
        token: hotel.token,
        body: { room, date: day, color: 'danger' },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().color).toBe(2);
      const changed = await t.api('PUT', `/api/stop-sale/${made.json().id}/update/`, {
        token: hotel.token,
        body: { color: 'warning' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const month = (
        await t.api('GET', `/api/stop-sale/${property}/?date=${day.slice(0, 8)}01`, { token: hotel.token })
      ).json() as Json;
      expect(month.rooms[0].events[0]).toMatchObject({ date: day, color: 3 });
      expect(month).toMatchObject({ count: 1, next: null, previous: null });
      expect(month.results[0]).toMatchObject({
        id: room,
        events: [{ date: day, color: 'warning', state: 3, visible: true, room }],
      });
      expect(
        (
          await t.api('PUT', `/api/stop-sale/${made.json().id}/update/`, {
            token: hotel.token,
            body: { color: 'purple' },
          })
        ).statusCode,
      ).toBe(400);
    });

    it('a whitelist takes a bare host name as its https and http origins; an API key names its whitelist by name or entry', async () => {
      const operator = await signUp(t, { account_type: 'to' });
      const w = await t.api('POST', '/api/settings/whitelist/create/', {
        token: operator.token,
        body: { name: 'Hotel site', domain: 'hotel.example, 127.0.0.1' },
      });
      expect(w.statusCode, w.body).toBe(201);
      expect(w.json().entries).toEqual(['https://hotel.example', 'http://hotel.example', '127.0.0.1']);
      await t.api('POST', '/api/settings/whitelist/create/', {
        token: operator.token,
        body: { name: 'Office', domain: '203.0.113.7' },
      });
      for (const domain of ['Hotel site', 'hotel.example', '127.0.0.1', String(w.json().id)]) {
        const key = await t.api('POST', '/api/settings/api-key/create/', {
          token: operator.token,
          body: { title: `By ${domain}`, domain },
        });
        expect(key.statusCode, `${domain}: ${key.body}`).toBe(201);
        expect(key.json().domain).toBe(w.json().id);
      }
      // A name that names no whitelist, or another account's, is refused.
      const other = await signUp(t, { account_type: 'to' });
      expect(
        (
          await t.api('POST', '/api/settings/api-key/create/', {
            token: other.token,
            body: { title: 'x', domain: 'Hotel site' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await t.api('POST', '/api/settings/api-key/create/', {
            token: operator.token,
            body: { title: 'x', domain: 'nowhere.example' },
          })
        ).statusCode,
      ).toBe(400);
    });

    it("a widget is created and edited with the spec's property and null optional settings", async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token)).id;
      const made = await t.api('POST', '/api/settings/widget/create/', {
        token: hotel.token,
        body: { property, font_select: null, font_size: 12 },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ hotel: property, font_size: 12, font_select: 'Arial,Helvetica,sans-serif' });
      const edited = await t.api('PUT', '/api/settings/widget/edit/', {
        token: hotel.token,
        body: { property, font_size: 14, font_select: null },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ hotel: property, font_size: 14 });
    });

    it('accommodation-number answers previous (the twelve months before) beside current and total', async () => {
      const hotel = await signUp(t);
      await createProperty(t, hotel.token);
      const token = await signIn(t, hotel.email);
      const body = (await t.api('GET', '/api/reports/accommodation-number/', { token })).json() as Json;
      expect(body.current).toHaveLength(12);
      expect(body.previous).toHaveLength(12);
      const first = body.current[0] as Json;
      const last = body.previous.at(-1) as Json;
      // previous ends the month before current starts.
      expect(new Date(Date.UTC(last.year, last.month, 1)).getTime()).toBe(
        new Date(Date.UTC(first.year, first.month - 1, 1)).getTime(),
      );
      expect(body.total).toBe(1);
    });
  });
}
