/**
 * The accessibility section's yes/no "Wheelchair-accessible rooms" (`access_rooms`) is derived
 * from the room types (issue 40): yes when one is wheelchair-accessible, no when every one says
 * it is not, unknown otherwise; a typed answer is ignored and never stored. Migration 0048 drops
 * the typed answers from stored sections and gives old publications the answer of their own
 * room types. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { up } from '../../../src/server/db/migrations/0048-accessibility-rooms-derived.js';

type Json = Record<string, unknown>;

const room = (name: string, accessible: boolean | null) => ({
  id: 0,
  room_name: name,
  room_name_type: 'double room',
  room_view: 'Sea view',
  room_wheelchair_accessible: accessible,
  ...(accessible ? { room_wheelchair_units: 1 } : {}),
});

for (const dialect of dialects()) {
  describe(`wheelchair-accessible rooms, from the room types (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('answers yes, no or unknown from the room types, whatever is typed', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Rueda' })).id;
      const answer = async () =>
        ((await t.api('GET', `/api/facts/accessibility/${property}/`, { token: hotel.token })).json() as Json)
          .access_rooms;
      const rooms = async (body: Json[]) => {
        const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, { token: hotel.token, body });
        expect(res.statusCode, res.body).toBe(200);
      };
      // A typed yes, no room types: not stored, unknown.
      const typed = await t.api('POST', '/api/facts/accessibility/create/', {
        token: hotel.token,
        body: { hotel: property, access_rooms: true, access_lift: true },
      });
      expect(typed.statusCode, typed.body).toBe(201);
      expect((typed.json() as Json).access_rooms).toBeNull();
      expect(await answer()).toBeNull();

      // Every room type says no: no, even with a yes typed.
      await rooms([room('Double', false), room('Twin', false)]);
      expect(await answer()).toBe(false);
      const read = (await t.api('GET', `/api/facts/accessibility/${property}/`, { token: hotel.token })).json() as Json;
      const again = await t.api('PUT', `/api/facts/accessibility/update/${property}/`, {
        token: hotel.token,
        body: { ...read, access_rooms: true },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as Json).access_rooms).toBe(false);

      // One room type not answered: unknown.
      const current = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.token })).json() as Json[];
      await rooms([...current, room('Suite', null)]);
      expect(await answer()).toBeNull();

      // One wheelchair-accessible room type: yes, in the section and in everything at once.
      const withSuite = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.token })).json() as Json[];
      await rooms(
        withSuite.map((r) =>
          r.room_name === 'Suite' ? { ...r, room_wheelchair_accessible: true, room_wheelchair_units: 2 } : r,
        ),
      );
      expect(await answer()).toBe(true);
      const init = (
        await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: hotel.token })
      ).json() as Json;
      expect((init.accessibilityInfo as Json).access_rooms).toBe(true);

      const stored = await t.services.db.kysely
        .selectFrom('fact_sections')
        .select('data')
        .where('property_id', '=', property)
        .where('section', '=', 'accessibility')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.data)).not.toHaveProperty('access_rooms');
    });

    it('migration 0048: drops typed answers and gives old publications their rooms’ answer', async () => {
      const hotel = await signUp(t);
      const [typedYes, contradicted, noSection] = await Promise.all(
        ['Hotel Uno', 'Hotel Dos', 'Hotel Tres'].map(
          async (name) => (await createProperty(t, hotel.token, { hotel_name: name })).id,
        ),
      );
      const db = t.services.db.kysely;
      const now = t.clock.now().toISOString();
      await db
        .insertInto('fact_sections')
        .values({
          property_id: typedYes,
          section: 'accessibility',
          data: JSON.stringify({ id: typedYes, hotel: typedYes, version: 2, access_rooms: true, access_lift: true }),
          version: 2,
          updated_at: now,
          updated_by: hotel.id,
        })
        .execute();
      const publish = (property: number, data: Json) =>
        db
          .insertInto('publications')
          .values({
            property_id: property,
            number: 1,
            facts_rev: 1,
            data: JSON.stringify(data),
            completeness: 50,
            rooms: '[]',
            published_by: hotel.id,
            published_at: now,
          })
          .execute();
      // A typed yes its room types contradict; a typed no one of them contradicts; no section, an accessible room.
      await publish(contradicted, {
        accessibility: { id: contradicted, hotel: contradicted, version: 1, access_rooms: true },
        room: [{ id: 1, room_name: 'Double', room_wheelchair_accessible: false }],
      });
      await publish(typedYes, {
        accessibility: { id: typedYes, hotel: typedYes, version: 1, access_rooms: false, access_lift: true },
        room: [
          { id: 2, room_name: 'Suite', room_wheelchair_accessible: true },
          { id: 3, room_name: 'Double', room_wheelchair_accessible: false },
        ],
      });
      await publish(noSection, { room: [{ id: 4, room_name: 'Suite', room_wheelchair_accessible: true }] });

      await up(db as never);

      const section = await db
        .selectFrom('fact_sections')
        .select('data')
        .where('property_id', '=', typedYes)
        .where('section', '=', 'accessibility')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(section.data)).toEqual({ id: typedYes, hotel: typedYes, version: 2, access_lift: true });
      const published = async (property: number) =>
        JSON.parse(
          (
            await db
              .selectFrom('publications')
              .select('data')
              .where('property_id', '=', property)
              .executeTakeFirstOrThrow()
          ).data,
        ) as Record<string, Json>;
      expect((await published(contradicted)).accessibility).toMatchObject({ access_rooms: false });
      expect((await published(typedYes)).accessibility).toMatchObject({ access_rooms: true, access_lift: true });
      const created = await published(noSection);
      expect(Object.keys(created)).toEqual(['accessibility', 'room']);
      expect(created.accessibility).toEqual({ id: null, hotel: noSection, version: null, access_rooms: true });
    });
  });
}
