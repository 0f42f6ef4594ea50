/**
 * GET init-facts-info is every section of a property in one answer, assembled as text and kept per
 * facts revision (features/facts/init-info.ts). Whatever its shortcuts, each section in it must be
 * byte for byte what the section's own read answers: a fully filled hotel (every document, 20
 * room types with their accessibility, so the derived room counts have rows to count), a hotel
 * with nothing saved, before and after a save, on a miss and on a hit. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { testSections, url } from '../../helpers/sections.js';
import { seedBenchHotel } from '../../../scripts/bench/fixtures.js';
import { sectionsOf } from '../../../src/server/features/facts/sections.js';

type Json = Record<string, unknown>;

for (const dialect of dialects()) {
  describe(`init-facts-info (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    /** Each section's own answer (GET of its document, or of its list), by init key. */
    async function ownReads(property: number, token: string): Promise<Json> {
      const routes = new Map(testSections().map((s) => [s.key, s.routes]));
      const out: Json = {};
      for (const s of sectionsOf(t.services.schemas)) {
        if (!s.initKey) continue;
        const route = routes.get(s.key)?.[s.kind === 'list' ? 'list' : 'get'];
        expect(route, `a read of ${s.key}`).toBeDefined();
        const res = await t.api('GET', url(route!, property), { token });
        expect(res.statusCode, `${s.key}: ${res.body}`).toBe(200);
        out[s.initKey] = res.json();
      }
      return out;
    }

    const initOf = async (property: number, token: string) => {
      const res = await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Json;
    };

    it("holds each section exactly as the section's own read answers it, filled or never saved", async () => {
      const filled = await seedBenchHotel(t.services);
      const reads = await ownReads(filled.propertyId, filled.token);
      // The derived counts have room types to count: the comparison is not between two nulls.
      const access = reads.accessibilityInfo as Json;
      expect(Object.values(access).some((v) => typeof v === 'number' && v > 0)).toBe(true);
      expect(await initOf(filled.propertyId, filled.token)).toStrictEqual(reads); // a miss
      expect(await initOf(filled.propertyId, filled.token)).toStrictEqual(reads); // a hit

      // A save moves the revision: the next answer is assembled again, with the new room types.
      const rooms = reads.roomsInfo as Json[];
      const body = rooms.map((r, i) => (i ? r : { ...r, room_wheelchair_accessible: false }));
      const saved = await t.api('POST', `/api/facts/rooms/update/${filled.propertyId}/`, {
        token: filled.token,
        body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await ownReads(filled.propertyId, filled.token);
      expect(after.accessibilityInfo).not.toStrictEqual(access);
      expect(await initOf(filled.propertyId, filled.token)).toStrictEqual(after);

      const hotel = await signUp(t);
      const bare = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Vacío' })).id;
      expect(await initOf(bare, hotel.token)).toStrictEqual(await ownReads(bare, hotel.token));
    });
  });
}
