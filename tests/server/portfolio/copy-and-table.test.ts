/**
 * Issue 29 §2: a new property from an existing one (the chosen sections and lists, photos only when
 * asked, never published), and the portfolio table's figures (completeness, publish state,
 * freshness, readiness per operator, photos, stop-sale coverage of the next 90 days).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn } from '../../helpers/accounts.js';
import { fillFacts, photosNamed, ROWS } from '../../helpers/fixtures/published-hotel.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import {
  accepted,
  call,
  change,
  expectStatus,
  publish,
  type Json,
} from '../../helpers/fixtures/contracted-operator.js';

const DAY = 86_400_000;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`copy a property, the portfolio table (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let source: number;
    let bare: number;
    let operator: Party;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 2, { name: 'Sol Group' });
      [source, bare] = hotel.properties as [number, number];
      await fillFacts(t, hotel.owner.token, source);
      await photosNamed(t, hotel.owner.token, source, ['Pool', 'Lobby', 'Beach']);
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
    }, 180_000);
    afterAll(() => t.stop());

    const copy = (body: Json) => call(t, hotel.owner, 'POST', `/api/facts/property/${source}/copy/`, body);
    const get = async (url: string) => (await t.api('GET', url, { token: hotel.owner.token })).json() as Json;

    it('copies the chosen sections and lists, not the photos unless asked; the copy is not published', async () => {
      const made = await expectStatus(await copy({ hotel_name: 'Sol Copy', sections: ['main-info', 'room'] }), 201);
      expect(made).toMatchObject({ hotel_name: 'Sol Copy', publish_date: null, photo_count: 0 });
      const id = made.id as number;
      const [mine, theirs] = [await get(`/api/facts/main-info/${id}/`), await get(`/api/facts/main-info/${source}/`)];
      const { id: _a, hotel: _b, version: _c, ...facts } = theirs;
      expect(mine).toMatchObject({ ...facts, id, hotel: id, version: 1 });
      const rooms = (await get(`/api/facts/rooms/${id}/`)) as unknown as Json[];
      expect(rooms.length).toBe(ROWS.room);
      for (const r of rooms) expect(r.hotel).toBe(id);
      expect(rooms.map((r) => r.id)).not.toContain(
        ((await get(`/api/facts/rooms/${source}/`)) as unknown as Json[])[0]!.id,
      );
      // Not chosen: never saved in the copy.
      expect(
        await t.services.db.kysely
          .selectFrom('fact_sections')
          .select('section')
          .where('property_id', '=', id)
          .execute(),
      ).toEqual([{ section: 'main-info' }]);
      const kinds = await t.services.db.kysely
        .selectFrom('fact_rows')
        .select('kind')
        .distinct()
        .where('property_id', '=', id)
        .execute();
      expect(kinds).toEqual([{ kind: 'room' }]);
      const photos = await t.services.db.kysely
        .selectFrom('photos')
        .select('id')
        .where('property_id', '=', id)
        .execute();
      expect(photos.length).toBe(0);
      expect(
        (await t.services.db.kysely.selectFrom('publications').select('id').where('property_id', '=', id).execute())
          .length,
      ).toBe(0);
    });

    it('copies the photos when asked: files of its own, same order and names', async () => {
      const made = await expectStatus(
        await copy({ hotel_name: 'Sol Copy With Photos', sections: [], photos: true }),
        201,
      );
      expect(made.photo_count).toBe(3);
      const rows = await t.services.db.kysely
        .selectFrom('photos')
        .selectAll()
        .where('property_id', '=', made.id)
        .orderBy('sequence')
        .execute();
      expect(rows.map((r) => r.name)).toEqual(['Pool', 'Lobby', 'Beach']);
      for (const r of rows) {
        expect(r.original_key.startsWith(`properties/${made.id}/photos/`)).toBe(true);
        expect(await t.services.storage.open(r.display_key)).toBeDefined();
      }
      const img = await t.api('GET', `/api/facts/property/${made.id}/gallery/${rows[0]!.id}/thumbnail/`, {
        token: hotel.owner.token,
      });
      expect([200, 302, 404]).toContain(img.statusCode);
    });

    it("refuses an unknown section (400) and another account's property (404)", async () => {
      await expectStatus(await copy({ hotel_name: 'X', sections: ['no-such'] }), 400);
      await expectStatus(await copy({ hotel_name: '', sections: [] }), 400);
      const other = await hotelWithProperties(t, 1);
      await expectStatus(
        await call(t, other.owner, 'POST', `/api/facts/property/${source}/copy/`, { hotel_name: 'Stolen' }),
        404,
      );
    });

    it('the portfolio table: every property with its figures', async () => {
      await publish(t, hotel.owner.token, source);
      await accepted(t, hotel.owner, operator.owner, { to_select_photos: 'A' });
      // Stop-sale: 2 rooms × 90 days = 180 room-days; 45 of them have a state (25 %), one before today does not count.
      const rooms = (
        await t.services.db.kysely
          .selectFrom('fact_rows')
          .select('id')
          .where('property_id', '=', source)
          .where('kind', '=', 'room')
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
      const today = new Date(t.clock.now().toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
      const days = (n: number, from = 0) =>
        Array.from({ length: n }, (_, i) => new Date(today + (from + i) * DAY).toISOString().slice(0, 10));
      const at = t.clock.now().toISOString();
      const events = [
        ...days(45).map((date) => ({ room_id: rooms[0]!, date })),
        { room_id: rooms[1]!, date: days(1, -1)[0]! },
        { room_id: rooms[1]!, date: days(1, 90)[0]! },
      ];
      await t.services.db.kysely
        .insertInto('stop_sale_events')
        .values(events.map((e) => ({ ...e, property_id: source, color: 2, updated_by: null, updated_at: at })))
        .execute();

      const table = (await expectStatus(
        await call(t, hotel.owner, 'GET', '/api/facts/portfolio/'),
        200,
      )) as unknown as Json[];
      const names = table.map((r) => r.hotel_name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(table.length).toBe(4);
      const row = (id: number) => table.find((r) => r.id === id)!;
      expect(row(source)).toMatchObject({
        publish_state: 'published',
        publishable: true,
        missing_required: 0,
        photo_count: 3,
        rooms: 2,
        stop_sale_coverage: 25,
        stale_sections: 0,
      });
      expect(row(source).completeness).toBeGreaterThan(90);
      expect(row(source).last_confirmed).toEqual(expect.any(String));
      // Published with photos; only the operator's own mapping is missing.
      expect(row(source).operators).toEqual([
        { operator: operator.owner.id, company: 'Blue Sky Tours', ready: false, missing: 2 },
      ]);
      expect(row(bare)).toMatchObject({
        publish_state: 'draft',
        publishable: false,
        completeness: 0,
        photo_count: 0,
        rooms: 0,
        stop_sale_coverage: 0,
        last_confirmed: null,
      });
      expect(row(bare).operators[0]).toMatchObject({ ready: false });
      // The count the facts list shows: what the property's own completeness call says is missing.
      const own = (await expectStatus(
        await call(t, hotel.owner, 'GET', `/api/facts/completeness/${bare}/`),
        200,
      )) as unknown as { sections: { enabled: boolean; missing: unknown[] }[] };
      const missing = own.sections.filter((s) => s.enabled).reduce((n, s) => n + s.missing.length, 0);
      expect(missing).toBeGreaterThan(0);
      expect(row(bare).missing_required).toBe(missing);
      expect(row(bare).operators[0].missing).toBeGreaterThan(2);
    });

    it('shows a member only the properties allowed to it; an operator is refused', async () => {
      const perms = await t.api('GET', `/api/auth/permissions/${hotel.withoutFlag.id}/`, { token: hotel.owner.token });
      expect(perms.statusCode).toBe(200);
      await t.api('PUT', `/api/auth/permissions/update/${(perms.json() as Json).id}/`, {
        token: hotel.owner.token,
        body: { user: hotel.withoutFlag.id, facts: true, properties_allowed: [bare] },
      });
      const table = (await expectStatus(
        await call(t, hotel.withoutFlag, 'GET', '/api/facts/portfolio/'),
        200,
      )) as unknown as Json[];
      expect(table.map((r) => r.id)).toEqual([bare]);
      await expectStatus(await call(t, operator.owner, 'GET', '/api/facts/portfolio/'), 403);
    });

    it('a save after publishing shows as changed; a year later the saved sections are stale', async () => {
      await change(t, hotel.owner.token, source, 'main-info', { check_in_time: '13:00' });
      t.clock.advance(400 * DAY);
      const owner = { ...hotel.owner, token: await signIn(t, hotel.owner.email) };
      const table = (await expectStatus(
        await call(t, owner, 'GET', '/api/facts/portfolio/'),
        200,
      )) as unknown as Json[];
      const row = table.find((r) => r.id === source)!;
      expect(row.publish_state).toBe('changed');
      expect(row.stale_sections).toBeGreaterThan(3);
      expect(row.stop_sale_coverage).toBe(0);
    });
  });
}
