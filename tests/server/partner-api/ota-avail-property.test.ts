/**
 * The OTA availability feed is valid for every input (issue 28 §1): any hotel name, any hotel and
 * room codes (longer than OTA allows, empty, control characters, lone surrogates, markup), any
 * number of rooms and states go through the builder the partner API uses, and every document it
 * answers is valid against the official OpenTravel 2015A schema (xmllint, one run for all). A
 * code is never altered: it is sent as saved or left out with a warning; with no room left there
 * is no document (the API answers 409).
 */
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { otaAvailNotif } from '../../../src/server/features/partner-api/stop-sale-feeds.js';
import { usableCode } from '../../../src/server/features/partner-api/ota-xml.js';
import type { PartnerStopSaleWire } from '../../../src/shared/generated/wire-types.js';
import { otaProblems } from '../../helpers/ota.js';
import { oddText } from '../../helpers/fixtures/odd-text.js';

const code = fc.oneof(fc.constant(null), oddText(24), fc.stringMatching(/^[A-Z0-9-]{1,16}$/));

const day = (n: number) => `2026-12-${String(n).padStart(2, '0')}`;
const room = fc.record({
  id: fc.integer({ min: 1, max: 2_147_483_647 }),
  room_name: oddText(40),
  code,
  days: fc.uniqueArray(fc.record({ d: fc.integer({ min: 1, max: 10 }), state: fc.integer({ min: 0, max: 4 }) }), {
    selector: (x) => x.d,
    maxLength: 10,
  }),
});
const chart = fc.record({
  id: fc.integer({ min: 1, max: 2_147_483_647 }),
  hotel_name: oddText(300),
  hotelCode: code,
  rooms: fc.array(room, { maxLength: 4 }),
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  isArray: (name) => name === 'AvailStatusMessage',
});

describe('OTA_HotelAvailNotifRQ for any input', () => {
  it('is valid against the official schema, or not sent when no room is left; codes are sent as saved or left out with a warning', () => {
    const documents: string[] = [];
    fc.assert(
      fc.property(chart, (c) => {
        const wire: PartnerStopSaleWire = {
          id: c.id,
          hotel_name: c.hotel_name,
          from: day(1),
          to: day(10),
          rooms: c.rooms.map((r) => ({
            id: r.id,
            room_name: r.room_name,
            code: r.code,
            days: r.days.map((x) => ({ date: day(x.d), state: x.state, state_name: '', event_code: null })),
          })),
        };
        const feed = otaAvailNotif(wire, c.hotelCode);
        const kept = c.rooms.filter((r) => r.code === null || usableCode(r.code));
        const leftOut = c.rooms.length - kept.length + (c.hotelCode !== null && !usableCode(c.hotelCode) ? 1 : 0);
        expect(feed.warnings).toHaveLength(leftOut);
        for (const w of feed.warnings) expect(w).toMatch(/^[\x20-\x7e]+$/);
        if (!kept.length) {
          expect(feed.xml).toBeNull();
          return;
        }
        expect(feed.xml).not.toBeNull();
        documents.push(feed.xml!);
        const doc = parser.parse(feed.xml!) as {
          OTA_HotelAvailNotifRQ: {
            AvailStatusMessages: {
              HotelCode?: unknown;
              AvailStatusMessage: { StatusApplicationControl: { InvCode: unknown } }[];
            };
          };
        };
        const messages = doc.OTA_HotelAvailNotifRQ.AvailStatusMessages;
        const expectedHotel = c.hotelCode === null ? String(c.id) : usableCode(c.hotelCode) ? c.hotelCode : undefined;
        expect(messages.HotelCode === undefined ? undefined : String(messages.HotelCode)).toBe(expectedHotel);
        const invCodes = new Set(messages.AvailStatusMessage.map((m) => String(m.StatusApplicationControl.InvCode)));
        expect(invCodes).toEqual(new Set(kept.map((r) => r.code ?? String(r.id))));
      }),
      { numRuns: 300, seed: 2815 },
    );
    expect(documents.length).toBeGreaterThan(100);
    expect(otaProblems('OTA_HotelAvailNotifRQ', documents)).toEqual([]);
  });
});
