/**
 * The partner API's stop-sale feeds (issue 16 §2, §5): the chart as OTA_HotelAvailNotifRQ XML,
 * validated by xmllint against the official OTA 2015A schema (tests/helpers/ota.ts), and a room's iCal feed
 * parsed back with ical.js; same key, scope, reach and ETag rules as the JSON chart. Both databases.
 */
import ICAL from 'ical.js';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { assertValidOta } from '../../helpers/ota.js';
import { apiKey, partner, publishNow, type Json } from '../../helpers/fixtures/partner-api-access.js';

const validate = (xml: string): void => assertValidOta('OTA_HotelAvailNotifRQ', xml);

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`partner API stop-sale feeds (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    /** A contracted hotel with two rooms and days in every state; the operator maps codes. */
    async function world(): Promise<{ hotel: Account; op: Account; property: number; rooms: number[] }> {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Feeds & "Co" <Sea>' })).id;
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
      const now = t.clock.now().toISOString();
      const day = (room: number, date: string, color: number) => ({
        property_id: property,
        room_id: room,
        date,
        color,
        updated_by: hotel.id,
        updated_at: now,
      });
      await t.services.db.kysely
        .insertInto('stop_sale_events')
        .values([
          day(rooms[0]!, '2026-12-02', 2),
          day(rooms[0]!, '2026-12-03', 2),
          day(rooms[0]!, '2026-12-04', 4),
          day(rooms[0]!, '2026-12-06', 3),
          day(rooms[0]!, '2026-12-07', 1),
          day(rooms[0]!, '2026-12-08', 3),
        ] as never)
        .execute();
      const map = await t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
        token: op.token,
        body: { hotel: property, override_code: 'FEED-1', stop_event_code: 'SS-EV', request_event_code: 'RQ-EV' },
      });
      expect(map.statusCode, map.body).toBeLessThan(300);
      return { hotel, op, property, rooms };
    }

    it("answers OTA_HotelAvailNotifRQ valid against the OTA schema, days merged into ranges, with the operator's codes", async () => {
      const { hotel, op, property, rooms } = await world();
      const key = await apiKey(t, op);
      const url = `/api/v1/properties/${property}/stop-sale/ota/?from=2026-12-01&to=2026-12-10`;
      const res = await partner(t, key.token, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      validate(res.body);
      const doc = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        isArray: (name) => name === 'AvailStatusMessage',
      }).parse(res.body) as Json;
      const messages = doc.OTA_HotelAvailNotifRQ.AvailStatusMessages;
      expect(messages.HotelCode).toBe('FEED-1');
      expect(messages.HotelName).toBe('Feeds & "Co" <Sea>');
      const ranges = (messages.AvailStatusMessage as Json[]).map((m) => [
        m.StatusApplicationControl.InvCode,
        m.StatusApplicationControl.Start,
        m.StatusApplicationControl.End,
        m.RestrictionStatus.Status,
      ]);
      const [a, b] = rooms.map(String);
      // Stop Sale then Blocked merge into one Close; Open Sale between two On Request days stays Open.
      expect(ranges).toEqual([
        [a, '2026-12-01', '2026-12-01', 'Open'],
        [a, '2026-12-02', '2026-12-04', 'Close'],
        [a, '2026-12-05', '2026-12-05', 'Open'],
        [a, '2026-12-06', '2026-12-06', 'OnRequest'],
        [a, '2026-12-07', '2026-12-07', 'Open'],
        [a, '2026-12-08', '2026-12-08', 'OnRequest'],
        [a, '2026-12-09', '2026-12-10', 'Open'],
        [b, '2026-12-01', '2026-12-10', 'Open'],
      ]);
      // ETag and 304 as on the JSON chart.
      expect(
        (await partner(t, key.token, url, { headers: { 'if-none-match': res.headers.etag as string } })).statusCode,
      ).toBe(304);
      // The operator's room code is the InvCode once mapped, and the document (so its ETag) changes.
      const roomMap = await t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
        token: op.token,
        body: {
          hotel: property,
          override_code: 'FEED-1',
          stop_event_code: 'SS-EV',
          request_event_code: 'RQ-EV',
          rooms: [{ room: rooms[0], override_code: 'DBL-SEA' }],
        },
      });
      expect(roomMap.statusCode, roomMap.body).toBeLessThan(300);
      const mapped = await partner(t, key.token, url, { headers: { 'if-none-match': res.headers.etag as string } });
      expect(mapped.statusCode).toBe(200);
      validate(mapped.body);
      expect(mapped.body).toContain('InvCode="DBL-SEA"');
      // Same rules: scope, range, reach.
      const noScope = await apiKey(t, op, { stop_sale: false });
      expect((await partner(t, noScope.token, url)).statusCode).toBe(403);
      expect(
        (await partner(t, key.token, `/api/v1/properties/${property}/stop-sale/ota/?from=2026-12-10&to=2026-12-01`))
          .statusCode,
      ).toBe(400);
      expect((await partner(t, key.token, `/api/v1/properties/${property}/stop-sale/ota/`)).statusCode).toBe(400);
      const stranger = await apiKey(t, await signUp(t, { account_type: 'to' }));
      expect((await partner(t, stranger.token, url)).statusCode).toBe(404);
      // The hotel's own key: no operator codes, ids instead.
      const own = await apiKey(t, hotel);
      const mine = await partner(t, own.token, url);
      validate(mine.body);
      expect(mine.body).toContain(`HotelCode="${property}"`);
    });

    it("answers a room's iCal feed: one all-day event per range of non-free-sale days, state and event code, parsed back", async () => {
      const { op, property, rooms } = await world();
      const key = await apiKey(t, op);
      const url = `/api/v1/properties/${property}/rooms/${rooms[0]}/stop-sale/ical/?from=2026-12-01&to=2026-12-31`;
      const res = await partner(t, key.token, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      const cal = new ICAL.Component(ICAL.parse(res.body));
      const events = cal.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
      const rows = events.map((e) => [e.startDate.toString(), e.endDate.toString(), e.summary, e.startDate.isDate]);
      // DTEND is exclusive; Stop Sale and Blocked stay apart here (different states and codes).
      expect(rows).toEqual([
        ['2026-12-02', '2026-12-04', 'Stop Sale (SS-EV)', true],
        ['2026-12-04', '2026-12-05', 'Blocked', true],
        ['2026-12-06', '2026-12-07', 'On Request (RQ-EV)', true],
        ['2026-12-07', '2026-12-08', 'Open Sale', true],
        ['2026-12-08', '2026-12-09', 'On Request (RQ-EV)', true],
      ]);
      expect(events[0]!.component.getFirstPropertyValue('x-ananas-event-code')).toBe('SS-EV');
      expect(events[0]!.uid).toBe(
        `${property}-${rooms[0]}-2026-12-02@${new URL(t.services.config.publicUrl).hostname}`,
      );
      // The other room is all Free Sale: an empty calendar, still valid.
      const empty = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/rooms/${rooms[1]}/stop-sale/ical/?from=2026-12-01&to=2026-12-31`,
      );
      expect(new ICAL.Component(ICAL.parse(empty.body)).getAllSubcomponents('vevent')).toHaveLength(0);
      // Without a range: today and the 365 days after it (the test clock's today).
      const open = await partner(t, key.token, `/api/v1/properties/${property}/rooms/${rooms[0]}/stop-sale/ical/`);
      expect(open.statusCode, open.body).toBe(200);
      // ETag: the feed does not depend on the clock.
      const again = await partner(t, key.token, url, { headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      // A room not of this property, scope and reach.
      const other = await signUp(t);
      const otherProperty = (await createProperty(t, other.token)).id;
      const otherRooms = await t.api('POST', `/api/facts/rooms/update/${otherProperty}/`, {
        token: other.token,
        body: [{ id: 0, room_name: 'Other', room_name_type: 'double room', room_view: 'Sea view' }],
      });
      const otherRoom = (otherRooms.json() as Json[])[0]!.id as number;
      expect(
        (await partner(t, key.token, `/api/v1/properties/${property}/rooms/${otherRoom}/stop-sale/ical/`)).statusCode,
      ).toBe(404);
      expect((await partner(t, (await apiKey(t, op, { stop_sale: false })).token, url)).statusCode).toBe(403);
      expect((await partner(t, (await apiKey(t, await signUp(t, { account_type: 'to' }))).token, url)).statusCode).toBe(
        404,
      );
    });

    it('keeps one UID and the whole run for a run the window cuts, looking past the window (a year at a time), and ends with CRLF', async () => {
      const { hotel, op, property, rooms } = await world();
      const key = await apiKey(t, op);
      const host = new URL(t.services.config.publicUrl).hostname;
      const ical = (room: number, from: string, to: string) =>
        partner(t, key.token, `/api/v1/properties/${property}/rooms/${room}/stop-sale/ical/?from=${from}&to=${to}`);
      const events = (body: string) =>
        new ICAL.Component(ICAL.parse(body))
          .getAllSubcomponents('vevent')
          .map((c) => new ICAL.Event(c))
          .map((e) => [e.uid, e.startDate.toString(), e.endDate.toString()]);
      // The Stop Sale of 2 and 3 December, asked from the 3rd, then up to the 2nd: one event, one UID.
      const whole = [`${property}-${rooms[0]}-2026-12-02@${host}`, '2026-12-02', '2026-12-04'];
      const late = await ical(rooms[0]!, '2026-12-03', '2026-12-03');
      expect(events(late.body)).toEqual([whole]);
      expect(events((await ical(rooms[0]!, '2026-11-20', '2026-12-02')).body)).toEqual([whole]);
      // RFC 5545 §3.4: every content line ends with CRLF, the last one too.
      expect(late.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
      // A room blocked for 500 days: asked for ten of them, the event is the whole run (past a year's look-back).
      const now = t.clock.now().toISOString();
      const days = Array.from({ length: 500 }, (_, n) =>
        new Date(Date.parse('2025-10-01T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10),
      );
      await t.services.db.kysely
        .insertInto('stop_sale_events')
        .values(
          days.map((date) => ({
            property_id: property,
            room_id: rooms[1]!,
            date,
            color: 4,
            updated_by: hotel.id,
            updated_at: now,
          })),
        )
        .execute();
      // 1 October 2025 to 12 February 2027 (DTEND, exclusive: the 13th).
      const run = [`${property}-${rooms[1]}-2025-10-01@${host}`, '2025-10-01', '2027-02-13'];
      expect(events((await ical(rooms[1]!, '2026-12-10', '2026-12-20')).body)).toEqual([run]);
      expect(events((await ical(rooms[1]!, '2026-01-01', '2026-01-31')).body)).toEqual([run]);
    });
  });
}
