/**
 * Hotel content as OTA (issue 28 §2): GET api/v1/properties/{id}/facts/ota/ answers the facts an
 * API key's account sees (an operator: the latest publication with its approved overrides, its
 * codes, the photos its contract allows) as OTA_HotelDescriptiveInfoRS, valid against the
 * official OpenTravel 2015A schema (xmllint) for a fully filled hotel, a nearly empty one, an
 * unpublished one and the demo hotel; in the language asked; ETag/304 and scopes as the other
 * partner reads. Both databases.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { accepted, preferences } from '../../helpers/fixtures/contracted-operator.js';
import { assertValidOta } from '../../helpers/ota.js';
import { photosNamed, publishedHotel } from '../../helpers/fixtures/published-hotel.js';
import { apiKey, partner, publishNow, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { seedDemo } from '../../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/demo/accounts.js';

const LISTS = new Set([
  'HotelDescriptiveContent',
  'GuestRoom',
  'Restaurant',
  'Service',
  'RefPoint',
  'Recreation',
  'ImageItem',
  'ImageFormat',
  'Policy',
  'TaxPolicy',
  'ListItem',
  'Amenity',
  'Phone',
  'Warning',
  'HotelCategory',
  'LocationCategory',
  'MeetingRoom',
  'Renovation',
  'AddressLine',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  isArray: (name) => LISTS.has(name),
});
const contentOf = (xml: string): Json => (parser.parse(xml) as Json).OTA_HotelDescriptiveInfoRS;
const url = (property: number, query = '') => `/api/v1/properties/${property}/facts/ota/${query}`;

for (const dialect of dialects()) {
  describe(`partner API hotel content as OTA (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    /** A fully filled, published hotel with photos (one of a room), contracted by an operator that mapped its codes and overrode the name and a fact. */
    async function world(terms: Json = {}) {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = await publishedHotel(t, hotel.token, 'Hotel Ananas Playa');
      const rooms = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.token })).json() as Json[];
      const photos = await photosNamed(t, hotel.token, property, ['Pool at dusk', 'Double room']);
      const tagged = await t.api('PATCH', `/api/facts/property/gallery/${property}/${photos[1]}/update/`, {
        token: hotel.token,
        body: { room: rooms[0]!.id, alt: 'The double room, sea side' },
      });
      expect(tagged.statusCode, tagged.body).toBe(200);
      await preferences(t, hotel, { partner_override_facts: true });
      await accepted(t, hotel, op, { to_edit_facts: 'Y', override_moderation: 'M', ...terms });
      const map = await t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
        token: op.token,
        body: {
          hotel: property,
          override_code: 'PMI-ANP',
          rooms: [
            { room: rooms[0]!.id, override_code: 'DBL-SEA' },
            { room: rooms[1]!.id, override_code: 'SGL-1' },
          ],
        },
      });
      expect(map.statusCode, map.body).toBe(201);
      const override = await t.api('POST', '/api/partners/override-facts/create/', {
        token: op.token,
        body: {
          hotel: property,
          data: { hotel_name: 'Ananas Beach (Blue Sky)', location: { distance_to_shopping: 3 } },
        },
      });
      expect(override.statusCode, override.body).toBe(201);
      const pending = (
        await t.api('GET', `/api/partners/override-reviews/?property=${property}`, { token: hotel.token })
      ).json() as Json;
      for (const o of pending.results as Json[])
        expect(
          (
            await t.api('POST', `/api/partners/override-reviews/${o.id}/`, {
              token: hotel.token,
              body: { decision: 'approve' },
            })
          ).statusCode,
        ).toBe(200);
      const key = (await apiKey(t, op)).token as string;
      return { hotel, op, property, rooms, photos, key };
    }

    it('answers a fully filled hotel as the operator sees it: valid, its name, codes, rooms, restaurants, policies, area, photos', async () => {
      const { property, rooms, photos, key } = await world();
      const res = await partner(t, key, url(property));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.headers['content-language']).toBe('en');
      expect(String(res.headers.vary)).toMatch(/Accept-Language/i);
      assertValidOta('OTA_HotelDescriptiveInfoRS', res.body);
      const rs = contentOf(res.body);
      expect(rs.Success).toBe('');
      // The sample rooms' own override codes ("room override code 1", 20 characters) do not fit OTA's
      // 16: left out of TypeRoom@RoomType and named, in the document and the Warning header.
      const ownCodes = rooms.map(
        (r) =>
          `RoomType of room ${r.id} (your room's override code) is left out: it is longer than the 16 characters OTA allows, or has spaces around it or characters XML cannot carry; correct it in the room's facts`,
      );
      expect((rs.Warnings.Warning as Json[]).map((w) => w['#text'])).toEqual(ownCodes);
      expect(String(res.headers.warning)).toContain(`199 - "${ownCodes[0]}"`);
      const [content] = rs.HotelDescriptiveContents.HotelDescriptiveContent as Json[];
      expect(content).toMatchObject({ HotelCode: 'PMI-ANP', HotelName: 'Ananas Beach (Blue Sky)', LanguageCode: 'en' });
      expect(content.HotelInfo.HotelName).toBe('Ananas Beach (Blue Sky)');
      expect(content.HotelInfo.Position).toMatchObject({ Latitude: expect.any(String), Longitude: expect.any(String) });
      expect((content.HotelInfo.Services.Service as Json[]).length).toBeGreaterThan(20);

      // Guest rooms: the operator's codes, the room id, the photo tagged with the room.
      const guestRooms = content.FacilityInfo.GuestRooms.GuestRoom as Json[];
      expect(guestRooms.map((g) => [g.ID, g.TypeRoom.RoomTypeCode])).toEqual([
        [String(rooms[0]!.id), 'DBL-SEA'],
        [String(rooms[1]!.id), 'SGL-1'],
      ]);
      expect(guestRooms[0]!.RoomTypeName).toBe(rooms[0]!.room_name);
      // The rooms of the type are GuestRoom@Quantity (TypeRoom@Count is the rooms of one composite unit).
      expect(guestRooms[0]!.Quantity).toBe(String(rooms[0]!.room_total_units));
      expect(guestRooms[0]!.TypeRoom.Count).toBeUndefined();
      expect((guestRooms[0]!.Amenities.Amenity as Json[]).length).toBeGreaterThan(5);
      const roomImages = guestRooms[0]!.MultimediaDescriptions.MultimediaDescription.ImageItems.ImageItem as Json[];
      expect(roomImages.map((i) => i.ID)).toEqual([String(photos[1])]);
      expect(roomImages[0]!.Description.Caption).toBe('The double room, sea side');
      // The hotel's other photo at the hotel level, at the partner API's own image route: URLs a
      // receiver may store (they answer with the key, and never expire like the signed ones).
      const hotelImages = content.MultimediaDescriptions.MultimediaDescription.ImageItems.ImageItem as Json[];
      expect(hotelImages.map((i) => i.ID)).toEqual([String(photos[0])]);
      const urls = (hotelImages[0]!.ImageFormat as Json[]).map((f) => [f.DimensionCategory, f.URL]);
      const route = `http://portal.test/api/v1/properties/${property}/photos/${photos[0]}`;
      expect(urls).toEqual([
        ['Original', `${route}/original/`],
        ['Display', `${route}/display/`],
        ['Thumbnail', `${route}/thumbnail/`],
      ]);
      t.clock.advance(3 * 60 * 60 * 1000);
      const image = await partner(t, key, urls[1]![1].replace('http://portal.test', ''));
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect((await partner(t, undefined, urls[1]![1].replace('http://portal.test', ''))).statusCode).toBe(401);

      // Restaurants and bars, with cuisine and opening times.
      const restaurants = content.FacilityInfo.Restaurants.Restaurant as Json[];
      expect(restaurants).toHaveLength(2);
      // Opening days as OTA's day attributes (ota-mapping.json values: Wed is Weds, Thu is Thur).
      const opening = restaurants[0]!.OperationSchedules.OperationSchedule.OperationTimes.OperationTime as Json;
      expect(opening).toMatchObject({ Start: '08:30:00', End: '08:30:00' });
      expect(Object.keys(opening).filter((k) => /^(Mon|Tue|Weds|Thur|Fri|Sat|Sun)$/.test(k)).length).toBeGreaterThan(0);
      expect(restaurants[0]!.CuisineCodes.CuisineCode.CodeDetail).toEqual(expect.any(String));

      // Policies: check-in and out, taxes, pets, children.
      const [general, ...others] = content.Policies.Policy as Json[];
      expect(general!.PolicyInfo).toMatchObject({ CheckInTime: '08:30:00', CheckOutTime: '08:30:00' });
      const taxes = general!.TaxPolicies.TaxPolicy as Json[];
      expect(taxes.length).toBeGreaterThan(0);
      // Charges "Additional Charge" is OTA's Exclusive; the amount and currency as attributes.
      expect(taxes[0]).toMatchObject({
        Type: 'Exclusive',
        Amount: expect.stringMatching(/^\d+(\.\d+)?$/),
        CurrencyCode: 'EUR',
      });
      expect(general!.PetsPolicies.PetsAllowedCode).toMatch(/^Pets (Not )?Allowed$/);
      expect(others.map((p) => p.PolicyInfo.Description.Name)).toEqual(expect.arrayContaining(['Cots & babysitter']));

      // Area: the airport and the approved override of a distance.
      const refPoints = content.AreaInfo.RefPoints.RefPoint as Json[];
      expect(refPoints.some((r) => /airport/i.test(String(r.DescriptiveText)))).toBe(true);
      const shopping = refPoints.find((r) => r.Name === 'Distance to shopping')!;
      expect(shopping.Distance).toBe('3');
      expect((content.AreaInfo.Recreations.Recreation as Json[]).length).toBeGreaterThan(10);
      expect(content.ContactInfos.ContactInfo.Emails.Email).toBe('frontdesk@example.com');
      expect(content.AffiliationInfo.Awards.Award.RatingSymbol).toBe('Star');

      // ETag and 304 as the other partner reads.
      expect(
        (await partner(t, key, url(property), { headers: { 'if-none-match': res.headers.etag as string } })).statusCode,
      ).toBe(304);
    });

    it('answers in the language asked: ?lang= wins, then Accept-Language; labels and options translated, hotel text as entered', async () => {
      const { property, key } = await world();
      const es = await partner(t, key, url(property, '?lang=es'));
      expect(es.statusCode, es.body).toBe(200);
      assertValidOta('OTA_HotelDescriptiveInfoRS', es.body);
      expect(es.headers['content-language']).toBe('es');
      const content = (contentOf(es.body).HotelDescriptiveContents.HotelDescriptiveContent as Json[])[0]!;
      expect(content.LanguageCode).toBe('es');
      expect(contentOf(es.body).PrimaryLangID).toBe('es');
      expect(JSON.stringify(content.Policies)).toContain('Hora de check-in');
      const ru = await partner(t, key, url(property), {
        headers: { 'accept-language': 'it-IT, ru-RU;q=0.8, en;q=0.5' },
      });
      expect(ru.headers['content-language']).toBe('ru');
      assertValidOta('OTA_HotelDescriptiveInfoRS', ru.body);
      const fa = await partner(t, key, url(property, '?lang=fa'), { headers: { 'accept-language': 'ru' } });
      expect(fa.headers['content-language']).toBe('fa');
      assertValidOta('OTA_HotelDescriptiveInfoRS', fa.body);
      // Different languages are different documents (ETags); an unknown one is refused.
      expect(fa.headers.etag).not.toBe(ru.headers.etag);
      expect(
        (await partner(t, key, url(property), { headers: { 'accept-language': 'it' } })).headers['content-language'],
      ).toBe('en');
      expect((await partner(t, key, url(property, '?lang=it'))).statusCode).toBe(400);
      // German, the fifth language: asked by ?lang= or Accept-Language alike.
      const de = await partner(t, key, url(property), { headers: { 'accept-language': 'de-AT' } });
      expect(de.headers['content-language']).toBe('de');
      assertValidOta('OTA_HotelDescriptiveInfoRS', de.body);
      expect(JSON.stringify(contentOf(de.body))).toContain('Check-in-Zeit');
    });

    it('follows the contract (photos), the key (scope fact_sheet) and the reach (404) as the other partner reads', async () => {
      const { hotel, op, property, key } = await world({ to_select_photos: 'N' });
      const res = await partner(t, key, url(property));
      assertValidOta('OTA_HotelDescriptiveInfoRS', res.body);
      expect(res.body).not.toContain('ImageItem');
      expect(
        (await partner(t, (await apiKey(t, op, { fact_sheet: false })).token as string, url(property))).statusCode,
      ).toBe(403);
      const stranger = await apiKey(t, await signUp(t, { account_type: 'to' }));
      expect((await partner(t, stranger.token as string, url(property))).statusCode).toBe(404);
      // The hotel's own key: its own facts, the property id as HotelCode, every photo.
      const own = await partner(t, (await apiKey(t, hotel)).token as string, url(property));
      assertValidOta('OTA_HotelDescriptiveInfoRS', own.body);
      const content = (contentOf(own.body).HotelDescriptiveContents.HotelDescriptiveContent as Json[])[0]!;
      expect(content).toMatchObject({ HotelCode: String(property), HotelName: 'Hotel Ananas Playa' });
      expect(own.body).toContain('ImageItem');
    });

    it('leaves codes saved before the 16-character limit out, named in its Warnings and the Warning header', async () => {
      const { property, rooms, key } = await world();
      const db = t.services.db.kysely;
      await db
        .updateTable('hotel_mappings')
        .set({ override_code: 'PALMA-DE-MALLORCA-PLAYA' })
        .where('property_id', '=', property)
        .execute();
      await db
        .updateTable('room_mappings')
        .set({ override_code: 'DOUBLE-ROOM-SEA-VIEW-2' })
        .where('room_id', '=', rooms[0]!.id as number)
        .execute();
      const res = await partner(t, key, url(property));
      expect(res.statusCode, res.body).toBe(200);
      assertValidOta('OTA_HotelDescriptiveInfoRS', res.body);
      const rs = contentOf(res.body);
      const content = (rs.HotelDescriptiveContents.HotelDescriptiveContent as Json[])[0]!;
      expect(content.HotelCode).toBeUndefined();
      expect((content.FacilityInfo.GuestRooms.GuestRoom as Json[]).map((g) => g.TypeRoom.RoomTypeCode)).toEqual([
        undefined,
        'SGL-1',
      ]);
      const own = (id: number) =>
        `RoomType of room ${id} (your room's override code) is left out: it is longer than the 16 characters OTA allows, or has spaces around it or characters XML cannot carry; correct it in the room's facts`;
      expect((rs.Warnings.Warning as Json[]).map((w) => w['#text'])).toEqual([
        'HotelCode (your hotel code) is left out: its code is longer than the 16 characters OTA allows (or holds characters XML cannot carry); shorten it in your mapping',
        own(rooms[0]!.id),
        `RoomTypeCode of room ${rooms[0]!.id} is left out: its code is longer than the 16 characters OTA allows (or holds characters XML cannot carry); shorten it in your mapping`,
        own(rooms[1]!.id),
      ]);
      expect(String(res.headers.warning)).toContain(`199 - "RoomTypeCode of room ${rooms[0]!.id} is left out`);
    });

    it('is valid for a nearly empty hotel and an unpublished one (name and code only, with a Warning)', async () => {
      const hotel = await signUp(t);
      const key = (await apiKey(t, hotel)).token as string;
      const draft = (await createProperty(t, hotel.token, { hotel_name: 'Casa Nueva' })).id;
      const unpublished = await partner(t, key, url(draft));
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      assertValidOta('OTA_HotelDescriptiveInfoRS', unpublished.body);
      const rs = contentOf(unpublished.body);
      expect((rs.Warnings.Warning as Json[])[0]).toMatchObject({
        Type: '3',
        '#text': expect.stringMatching(/not published/),
      });
      expect(unpublished.headers.warning).toMatch(/^199 - "The hotel has not published/);
      expect((rs.HotelDescriptiveContents.HotelDescriptiveContent as Json[])[0]).toMatchObject({
        HotelCode: String(draft),
        HotelName: 'Casa Nueva',
      });
      // Published with almost nothing: one fact.
      const res = await t.api('POST', '/api/facts/main-info/create/', {
        token: hotel.token,
        body: { hotel: draft, check_in_time: '14:00' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await publishNow(t, draft, hotel.id);
      const empty = await partner(t, key, url(draft));
      assertValidOta('OTA_HotelDescriptiveInfoRS', empty.body);
      const content = (contentOf(empty.body).HotelDescriptiveContents.HotelDescriptiveContent as Json[])[0]!;
      expect(content.Policies.Policy[0].PolicyInfo.CheckInTime).toBe('14:00:00');
      expect(content.FacilityInfo).toBeUndefined();
      expect(contentOf(empty.body).Warnings).toBeUndefined();
    });

    it('is valid for the demo hotel, as the demo operator sees it', async () => {
      // The demo is seeded into an empty database only: an app of its own.
      const demo = await startTestApp(dialect);
      try {
        await seedDemo(demo.services);
        const op = await signIn(demo, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
        const me = (await demo.api('GET', '/api/auth/users/me/', { token: op })).json() as Json;
        const key = (await apiKey(demo, { token: op, id: me.id } as Account)).token as string;
        const [property] = ((await partner(demo, key, '/api/v1/properties/')).json() as Json).results as Json[];
        for (const lang of ['en', 'es', 'ru', 'fa']) {
          const res = await partner(demo, key, url(property!.id as number, `?lang=${lang}`));
          expect(res.statusCode, res.body).toBe(200);
          assertValidOta('OTA_HotelDescriptiveInfoRS', res.body);
        }
        const content = (
          contentOf((await partner(demo, key, url(property!.id as number))).body).HotelDescriptiveContents
            .HotelDescriptiveContent as Json[]
        )[0]!;
        expect(content.HotelCode).toBe('PMI-ANP');
        // The demo operator mapped two of the three rooms.
        expect((content.FacilityInfo.GuestRooms.GuestRoom as Json[]).map((g) => g.TypeRoom.RoomTypeCode)).toEqual([
          'ANP-1',
          'ANP-2',
          undefined,
        ]);
      } finally {
        await demo.stop();
      }
    });
  });
}
