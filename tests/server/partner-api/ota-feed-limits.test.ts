/**
 * The OTA availability feed is valid for every input (issue 28 §1), through the real app on both
 * databases, every document checked by xmllint against the official OpenTravel 2015A schema:
 * hotel and room codes longer than OTA's 16 characters are refused when the mapping is saved (400
 * naming the limit); codes saved before that rule are answered by the mapping and left out of the
 * feed with a Warning header; a hotel name longer than HotelName's 128 characters is cut; a
 * property without rooms answers the documented 409; odd names and codes saved through the API
 * (a property test) always give a valid document.
 */
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { assertValidOta, otaProblems } from '../../helpers/ota.js';
import { apiKey, partner, publishNow, type Json } from '../../helpers/fixtures/partner-api-access.js';
import openapi from '../../../src/shared/generated/openapi.json' with { type: 'json' };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  isArray: (name) => name === 'AvailStatusMessage',
});
const messagesOf = (xml: string): Json => (parser.parse(xml) as Json).OTA_HotelAvailNotifRQ.AvailStatusMessages;
const invCodes = (xml: string): string[] => [
  ...new Set((messagesOf(xml).AvailStatusMessage as Json[]).map((m) => String(m.StatusApplicationControl.InvCode))),
];
const LONG_NAME = `Grand Hotel ${'Playa de Palma & "Sea" <Spa> '.repeat(6)}`.slice(0, 190);

for (const dialect of dialects()) {
  describe(`OTA feed limits (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    /** A contracted, published hotel with a name longer than HotelName allows and two rooms; the operator's key. */
    async function world(): Promise<{
      hotel: Account;
      op: Account;
      property: number;
      rooms: number[];
      key: string;
      url: string;
    }> {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = (await createProperty(t, hotel.token, { hotel_name: LONG_NAME })).id;
      const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.token,
        body: [
          { id: 0, room_name: 'Double', room_name_type: 'double room', room_view: 'Sea view' },
          { id: 0, room_name: 'Single', room_name_type: 'single room', room_view: 'Sea view' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const rooms = (res.json() as Json[]).map((r) => r.id as number);
      await accepted(t, hotel, op);
      await publishNow(t, property, hotel.id);
      const key = (await apiKey(t, op)).token as string;
      return {
        hotel,
        op,
        property,
        rooms,
        key,
        url: `/api/v1/properties/${property}/stop-sale/ota/?from=2026-12-01&to=2026-12-05`,
      };
    }

    const saveMapping = (op: Account, body: Json) =>
      t.api('POST', '/api/tour-operator/mapping/hotel/create/', { token: op.token, body });

    it('refuses hotel and room codes longer than 16 characters when the mapping is saved, naming the limit; cuts a long hotel name', async () => {
      const { op, property, rooms, key, url } = await world();
      const hotelCode = await saveMapping(op, { hotel: property, override_code: 'PMI-PLAYA-PALMA-1' });
      expect(hotelCode.statusCode).toBe(400);
      expect((hotelCode.json() as Json).override_code).toEqual([
        'At most 16 characters: OTA messages carry hotel and room codes (HotelCode, InvCode) of 1 to 16 characters.',
      ]);
      const roomCode = await saveMapping(op, {
        hotel: property,
        override_code: 'PMI-1',
        rooms: [{ room: rooms[0], override_code: 'DOUBLE-SEA-VIEW-1' }],
      });
      expect(roomCode.statusCode).toBe(400);
      expect((roomCode.json() as Json).rooms['0'].override_code[0]).toMatch(/At most 16 characters/);
      const tab = await saveMapping(op, { hotel: property, rooms: [{ room: rooms[0], override_code: 'DBL\tSEA' }] });
      expect(tab.statusCode).toBe(400);
      expect((tab.json() as Json).rooms['0'].override_code).toEqual([
        'No tabs, line breaks or other control characters in a code.',
      ]);
      // Nothing of the refused saves stayed.
      expect(
        (await t.api('GET', `/api/tour-operator/mapping/hotel/get/${property}/`, { token: op.token })).json(),
      ).toMatchObject({ id: null, override_code: null });
      // 16 characters (counted as characters, not UTF-16 units) are taken and sent as saved.
      const sixteen = 'Ü😀-ÄÖ&<"x-123456';
      expect([...sixteen]).toHaveLength(16);
      const ok = await saveMapping(op, {
        hotel: property,
        override_code: 'PMI-PLAYA-PALMA',
        rooms: [{ room: rooms[0], override_code: sixteen }],
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const feed = await partner(t, key, url);
      expect(feed.statusCode, feed.body).toBe(200);
      assertValidOta('OTA_HotelAvailNotifRQ', feed.body);
      expect(feed.headers.warning).toBeUndefined();
      const messages = messagesOf(feed.body);
      expect(messages.HotelCode).toBe('PMI-PLAYA-PALMA');
      expect(invCodes(feed.body)).toEqual([sixteen, String(rooms[1])]);
      // HotelName allows 128 characters: the name is cut there, marked with an ellipsis.
      expect([...(messages.HotelName as string)]).toHaveLength(128);
      expect(messages.HotelName).toBe(`${LONG_NAME.slice(0, 127).trimEnd()}…`);
    });

    it('leaves codes saved before the limit out of the feed with a Warning header, never sends an invalid message', async () => {
      const { op, property, rooms, key, url } = await world();
      expect(
        (
          await saveMapping(op, {
            hotel: property,
            override_code: 'PMI-1',
            rooms: [
              { room: rooms[0], override_code: 'DBL' },
              { room: rooms[1], override_code: 'SGL' },
            ],
          })
        ).statusCode,
      ).toBe(201);
      const db = t.services.db.kysely;
      await db
        .updateTable('hotel_mappings')
        .set({ override_code: 'PALMA-DE-MALLORCA-PLAYA' })
        .where('property_id', '=', property)
        .execute();
      await db
        .updateTable('room_mappings')
        .set({ override_code: 'DOUBLE-ROOM-SEA-VIEW-2' })
        .where('room_id', '=', rooms[0]!)
        .execute();
      // The mapping answers them as they are (the page says they are too long).
      const mapping = (
        await t.api('GET', `/api/tour-operator/mapping/hotel/get/${property}/`, { token: op.token })
      ).json() as Json;
      expect(mapping.override_code).toBe('PALMA-DE-MALLORCA-PLAYA');
      expect((mapping.rooms as Json[]).find((r) => r.room === rooms[0])!.override_code).toBe('DOUBLE-ROOM-SEA-VIEW-2');

      const feed = await partner(t, key, url);
      expect(feed.statusCode, feed.body).toBe(200);
      assertValidOta('OTA_HotelAvailNotifRQ', feed.body);
      expect(messagesOf(feed.body).HotelCode).toBeUndefined();
      expect(invCodes(feed.body)).toEqual(['SGL']);
      const warning = String(feed.headers.warning);
      expect(warning).toMatch(
        /^199 - "HotelCode \(your hotel code\) is left out: its code is longer than the 16 characters OTA allows/,
      );
      expect(warning).toContain(`199 - "Room ${rooms[0]} is left out`);
      // The warning stays on a 304.
      const again = await partner(t, key, url, { headers: { 'if-none-match': feed.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      expect(String(again.headers.warning)).toBe(warning);

      // With every room's code too long, there is nothing to report: 409, the warnings say why.
      await db
        .updateTable('room_mappings')
        .set({ override_code: 'SINGLE-ROOM-SEA-VIEW' })
        .where('room_id', '=', rooms[1]!)
        .execute();
      const none = await partner(t, key, url);
      expect(none.statusCode).toBe(409);
      expect((none.json() as Json).detail).toMatch(/every room code is longer than OTA allows/);
      expect(String(none.headers.warning)).toContain(`Room ${rooms[1]} is left out`);
    });

    it('answers 409 (documented) for a property without rooms: an OTA_HotelAvailNotifRQ reports at least one', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token)).id;
      const own = (await apiKey(t, hotel)).token as string;
      const res = await partner(t, own, `/api/v1/properties/${property}/stop-sale/ota/?from=2026-12-01&to=2026-12-05`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'The property has no rooms, and an OTA_HotelAvailNotifRQ reports at least one.',
      });
      const doc = openapi as unknown as Json;
      expect(doc.paths['/api/v1/properties/{id}/stop-sale/ota/'].get.responses['409'].description).toMatch(/no room/);
    });

    it('gives a valid document for odd names and codes saved through the API (property test)', async () => {
      const { hotel, op, property, rooms, key, url } = await world();
      const documents: string[] = [];
      const char = fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        fc.constantFrom('<', '&', '"', "'", ' ', '\u00a0', '😀', 'ي', '\u200f', '\t', '\u0001', 'ß'),
      );
      const code = fc.oneof(fc.constant(null), fc.string({ unit: char, maxLength: 20 }));
      await fc.assert(
        fc.asyncProperty(
          fc.string({ unit: char, minLength: 1, maxLength: 200 }),
          code,
          code,
          code,
          async (name, hotelCode, a, b) => {
            await t.services.db.kysely
              .updateTable('properties')
              .set({ hotel_name: name })
              .where('id', '=', property)
              .execute();
            const body = {
              hotel: property,
              override_code: hotelCode,
              rooms: [
                { room: rooms[0], override_code: a },
                { room: rooms[1], override_code: b },
              ],
            };
            const saved = await saveMapping(op, body);
            // eslint-disable-next-line no-control-regex
            const fits = (c: string | null) => c === null || ([...c].length <= 16 && !/[\u0000-\u001f\u007f]/.test(c));
            const trimmed = (c: string | null) => (c?.trim() ? c.trim() : null);
            if (![hotelCode, a, b].every(fits)) expect(saved.statusCode, saved.body).toBe(400);
            else if (trimmed(a) && trimmed(a)!.toLowerCase() === trimmed(b)?.toLowerCase())
              expect(saved.statusCode, saved.body).toBe(409);
            else expect(saved.statusCode, saved.body).toBe(201);
            const feed = await partner(t, key, url);
            expect(feed.statusCode, feed.body).toBe(200);
            documents.push(feed.body);
          },
        ),
        { numRuns: 25, seed: 28 },
      );
      // The hotel's own key too (no operator codes).
      documents.push((await partner(t, (await apiKey(t, hotel)).token as string, url)).body);
      expect(otaProblems('OTA_HotelAvailNotifRQ', documents)).toEqual([]);
    });
  });
}
