/**
 * Migration 0042 (issue 40): the typed room counts leave the stored documents; a property whose
 * facility section said it had wheelchair units keeps that as the accessibility section's
 * "Wheelchair-accessible rooms" yes (in its section, or a new one), never over an answer given;
 * an old publication gets the counts its own room types give. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { up } from '../../../src/server/db/migrations/0042-accessibility-derived-counts.js';

type Json = Record<string, unknown>;

for (const dialect of dialects()) {
  describe(`migration 0042: accessibility counts (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('drops the typed counts, keeps a wheelchair yes, and re-counts old publications from their rooms', async () => {
      const hotel = await signUp(t);
      const [withSection, withoutSection, answeredNo] = await Promise.all(
        ['Hotel Uno', 'Hotel Dos', 'Hotel Tres'].map(
          async (name) => (await createProperty(t, hotel.token, { hotel_name: name })).id,
        ),
      );
      const db = t.services.db.kysely;
      const now = t.clock.now().toISOString();
      const section = (property: number, key: string, data: Json) =>
        db
          .insertInto('fact_sections')
          .values({
            property_id: property,
            section: key,
            data: JSON.stringify({ id: property, hotel: property, version: 1, ...data }),
            version: 1,
            updated_at: now,
            updated_by: hotel.id,
          })
          .execute();
      await section(withSection, 'facility', { hotel_units_wheelchair: 4, hotel_lifts_available: true });
      await section(withSection, 'accessibility', {
        access_lift: true,
        access_rooms_count: 4,
        access_rooms_hearing_count: 1,
      });
      await section(withoutSection, 'facility', { hotel_units_wheelchair: 2 });
      await section(answeredNo, 'facility', { hotel_units_wheelchair: 3 });
      await section(answeredNo, 'accessibility', { access_rooms: false });
      const rooms = [
        {
          id: 11,
          room_name: 'Suite',
          room_wheelchair_accessible: true,
          room_wheelchair_units: 2,
          room_roll_in_shower: true,
        },
        { id: 12, room_name: 'Double', room_wheelchair_accessible: false, room_roll_in_shower: null },
      ];
      await db
        .insertInto('publications')
        .values({
          property_id: withSection,
          number: 1,
          facts_rev: 1,
          data: JSON.stringify({
            accessibility: {
              id: withSection,
              hotel: withSection,
              version: 1,
              access_lift: true,
              access_rooms_count: 9,
            },
            facility: { id: withSection, hotel: withSection, version: 1, hotel_units_wheelchair: 4 },
            room: rooms,
          }),
          completeness: 50,
          rooms: '[]',
          published_by: hotel.id,
          published_at: now,
        })
        .execute();

      await up(db as never);

      const read = async (property: number, key: string) => {
        const row = await db
          .selectFrom('fact_sections')
          .select('data')
          .where('property_id', '=', property)
          .where('section', '=', key)
          .executeTakeFirst();
        return row ? (JSON.parse(row.data) as Json) : undefined;
      };
      expect(await read(withSection, 'facility')).toEqual({
        id: withSection,
        hotel: withSection,
        version: 1,
        hotel_lifts_available: true,
      });
      expect(await read(withSection, 'accessibility')).toEqual({
        id: withSection,
        hotel: withSection,
        version: 1,
        access_lift: true,
        access_rooms: true,
      });
      expect(await read(withoutSection, 'facility')).not.toHaveProperty('hotel_units_wheelchair');
      expect(await read(withoutSection, 'accessibility')).toEqual({
        id: withoutSection,
        hotel: withoutSection,
        version: 1,
        access_rooms: true,
      });
      // An answer the hotel gave stays.
      expect(await read(answeredNo, 'accessibility')).toMatchObject({ access_rooms: false });

      const publication = await db
        .selectFrom('publications')
        .select('data')
        .where('property_id', '=', withSection)
        .executeTakeFirstOrThrow();
      const data = JSON.parse(publication.data) as Record<string, Json>;
      expect(Object.keys(data)).toEqual(['accessibility', 'facility', 'room']);
      // The spec's facility count is the snapshot's own count, as access_rooms_count.
      expect(data.facility).toMatchObject({ hotel_units_wheelchair: 2 });
      expect(data.accessibility).toMatchObject({
        access_lift: true,
        access_rooms_count: 2,
        access_rooms_types: 'Suite',
        access_rooms_roll_in_shower_count: 2,
        access_rooms_hearing_count: null,
      });
      // The section answers the counts of today's rooms (none here), whatever was stored; since
      // 0048 the yes/no is counted from the room types too (none here: unknown).
      const answer = (
        await t.api('GET', `/api/facts/accessibility/${withSection}/`, { token: hotel.token })
      ).json() as Json;
      expect(answer).toMatchObject({ access_rooms: null, access_lift: true, access_rooms_count: null });
    });
  });
}
