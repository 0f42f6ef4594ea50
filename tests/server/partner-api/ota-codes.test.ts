/**
 * OpenTravel codes in every feed (issue 36): the OTA hotel content carries the codes the schemas
 * declare (x-ota on fields, ota / otaIncluded on option values) where OTA puts them, with the text
 * in the language asked beside them, and only codes of the vendored tables; the partner API's
 * JSON carries the same codes (ota_codes); the demo hotel's content reaches the numbers;
 * what OTA cannot carry is left out and named. Every document is validated by xmllint against the
 * official 2015A schema (partner() does it). Both databases.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../src/shared/bundle-types.js';
import { holds } from '../../../src/shared/conditions.js';
import { coverSection } from '../../../src/shared/ota/coverage.js';
import { sectionsOf } from '../../../src/server/features/facts/index.js';
import { seedDemo } from '../../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/demo/accounts.js';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { otaMetrics, unknownCodes } from '../../helpers/ota-metrics.js';
import { publishedHotel } from '../../helpers/fixtures/published-hotel.js';
import { apiKey, partner, publishNow, type Json } from '../../helpers/fixtures/partner-api-access.js';

// Every element a list (attributes stay values), so a path reads the same however many there are.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name !== 'OTA_HotelDescriptiveInfoRS',
});
const contentOf = (xml: string): Json =>
  (parser.parse(xml) as Json).OTA_HotelDescriptiveInfoRS.HotelDescriptiveContents[0].HotelDescriptiveContent[0];
const all = (el: Json | undefined, ...path: string[]): Json[] => {
  let level: Json[] = el ? [el] : [];
  for (const name of path) level = level.flatMap((e) => (e[name] ?? []) as Json[]);
  return level;
};
const url = (property: number, query = '') => `/api/v1/properties/${property}/facts/ota/${query}`;

for (const dialect of dialects()) {
  describe(`OpenTravel codes in the partner API (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it("sends the demo hotel with a code on at least 80 % of its fact elements, six kinds of code attribute, every code OpenTravel's", async () => {
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
          const m = otaMetrics(res.body);
          expect(m.elements).toBeGreaterThan(20);
          expect(m.coded / m.elements, `${lang}: ${m.coded} of ${m.elements}`).toBeGreaterThanOrEqual(0.8);
          expect(m.kinds.length, m.kinds.join(', ')).toBeGreaterThanOrEqual(6);
          expect(unknownCodes(m.codes)).toEqual([]);
        }
      } finally {
        await demo.stop();
      }
    });

    it('sends a fully filled hotel with the codes its schemas declare, where OTA puts them, the text in the language asked beside them', async () => {
      const hotel = await signUp(t);
      const property = await publishedHotel(t, hotel.token, 'Hotel Codes Playa');
      const key = (await apiKey(t, hotel)).token as string;
      const res = await partner(t, key, url(property));
      expect(res.statusCode, res.body).toBe(200);
      expect(unknownCodes(otaMetrics(res.body).codes)).toEqual([]);
      const content = contentOf(res.body);
      const services = all(content, 'HotelInfo', 'Services', 'Service');
      const recreations = all(content, 'AreaInfo', 'Recreations', 'Recreation');
      const rooms = all(content, 'FacilityInfo', 'GuestRooms', 'GuestRoom');
      const sections = ((await partner(t, key, `/api/v1/properties/${property}/facts/`)).json() as Json)
        .sections as Json;

      // Every yes/no fact answered yes and every stored value whose declared code names a hotel
      // service (HAC), a meal plan (MPT) or a recreation (RST) is an element with that code.
      const sent = {
        HAC: new Set(services.map((s) => s.Code)),
        MPT: new Set(services.map((s) => s.MealPlanCode)),
        RST: new Set(recreations.map((r) => r.Code)),
      };
      const missing: string[] = [];
      for (const s of sectionsOf(t.services.schemas)) {
        // A section its condition turns off (all inclusive without such a board) is not sent.
        if (s.kind === 'list' || (s.enabledIf && !holds(s.enabledIf.condition, sections[s.enabledIf.section])))
          continue;
        const doc = sections[s.key] as Json;
        const schema = t.services.schemas.resolved(s.ref) as JsonSchema;
        for (const f of coverSection(
          s.key,
          schema,
          t.services.schemas.bundle.ota.sections[s.key],
          t.services.schemas.bundle.options,
        )) {
          if (!f.route || (f.route.to !== 'service' && f.route.to !== 'recreation')) continue;
          const value = f.path.split('.').reduce<unknown>((v, k) => (v as Json | undefined)?.[k], doc);
          const codes =
            f.nature === 'flag'
              ? value === true
                ? f.codes
                : []
              : (f.values ?? [])
                  .filter((v) => (Array.isArray(value) ? value.map(String) : [String(value)]).includes(v.value))
                  .flatMap((v) => v.codes);
          for (const c of codes)
            if (c.list in sent && !sent[c.list as keyof typeof sent].has(String(c.code)))
              missing.push(`${s.key}.${f.path}: ${c.list} ${c.code}`);
        }
      }
      expect(missing).toEqual([]);
      expect(sent.HAC.size).toBeGreaterThan(30);
      expect(sent.RST.size).toBeGreaterThan(30);

      // A coded fact says yes (ExistsCode 1) and keeps its text; a count is the Quantity of what it counts.
      const pool = services.find((s) => s.Code === '71')!;
      expect(pool).toMatchObject({ ExistsCode: '1', Quantity: expect.stringMatching(/^\d+$/) });
      expect(pool.DescriptiveText[0]).toMatch(/^Swimming pool available at the hotel: /);
      // A charges value: included in the room rate or not.
      expect(services.some((s) => s.Included === 'true' || s.Included === 'false')).toBe(true);
      // A partner hotel's facility is away from the hotel (PRX 2 offsite) and says where.
      const casino = services.find((s) => s.Code === '16' && s.ProximityCode === '2')!;
      expect(casino.DescriptiveText[0]).toMatch(/^Partner hotel's facilities available to guests: Casino/);
      // An included extra: how it is counted (CHG), included in the rate.
      expect(
        services.some(
          (s) =>
            s.Included === 'true' &&
            all(s, 'OperationSchedules', 'OperationSchedule', 'Charge').some((c) => c.ChargeFrequency === '1'),
        ),
      ).toBe(true);
      // Opening times of a snack or drinks service.
      expect(
        services.some((s) =>
          all(s, 'OperationSchedules', 'OperationSchedule', 'OperationTimes', 'OperationTime').some(
            (o) => o.Start && o.End,
          ),
        ),
      ).toBe(true);
      // A recreation's details coded (REC): classes available, a pool's depth.
      expect(
        recreations.some((r) => all(r, 'RecreationDetails', 'RecreationDetail').some((d) => d.Code === '35')),
      ).toBe(true);

      // Categories by their list: a property class (PCT) from the accommodation type; what has no code is text.
      const categories = all(content, 'HotelInfo', 'CategoryCodes')[0]!;
      expect(all(categories, 'HotelCategory').map((c) => c.Code)).toContain('30');
      expect(all(categories, 'GuestRoomInfo').find((g) => g.Code === '32')).toMatchObject({
        Quantity: expect.any(String),
      });

      // Rooms: the rooms of the type as GuestRoom@Quantity, the view and kind of room on TypeRoom, amenities by RMA.
      const room = rooms[0]!;
      expect(room.Quantity).toMatch(/^\d+$/);
      expect(room.TypeRoom[0]).toMatchObject({ RoomViewCode: '25' });
      // "3 bedroom" is no kind of room OpenTravel's guest room codes (GRI) have: no classification is made up.
      expect(room.TypeRoom[0].RoomClassificationCode).toBeUndefined();
      expect(room.TypeRoom[0].Count).toBeUndefined();
      expect(room.TypeRoom[0].BedTypeCode.split(' ')).toContain('1');
      const amenities = all(room, 'Amenities', 'Amenity');
      expect(amenities.find((a) => a.RoomAmenityCode === '2')).toMatchObject({ ExistsCode: '1' });
      expect(amenities.find((a) => a.RoomAmenityCode === '33')).toMatchObject({
        Quantity: expect.stringMatching(/^[1-9]/),
      });
      expect(amenities.some((a) => a.IncludedInRateIndicator !== undefined)).toBe(true);

      // Restaurants: category, cuisine and service codes.
      const restaurant = all(content, 'FacilityInfo', 'Restaurants', 'Restaurant')[0]!;
      expect(all(restaurant, 'CuisineCodes', 'CuisineCode')[0]).toMatchObject({ Code: '78', IsMain: 'true' });

      // Reference points: category and distance unit; the airport with its transfers (TRP, travel time in minutes).
      const refPoints = all(content, 'AreaInfo', 'RefPoints', 'RefPoint');
      const airport = refPoints.find((r) => r.RefPointCategoryCode === '1')!;
      expect(airport).toMatchObject({ UnitOfMeasureCode: '3', Distance: expect.any(String) });
      expect(
        all(airport, 'Transportations', 'Transportation').find((x) => x.TransportationCode === '14'),
      ).toMatchObject({
        TypicalTravelTime: expect.stringMatching(/^\d+$/),
      });
      expect(refPoints.find((r) => r.RefPointCategoryCode === '30')).toMatchObject({ UnitOfMeasureCode: '3' });

      // Taxes and fees: their type (FTT) and what the amount is counted per (CHG 21, per person per night).
      const policy = all(content, 'Policies', 'Policy')[0]!;
      expect(all(policy, 'TaxPolicies', 'TaxPolicy').find((x) => x.Code === '18')).toMatchObject({
        ChargeFrequency: '21',
        Amount: expect.any(String),
        CurrencyCode: expect.any(String),
      });
      expect(all(policy, 'FeePolicies', 'FeePolicy')[0]).toMatchObject({ Code: '12', ChargeFrequency: '21' });

      // Photos? (none uploaded here) The text beside the codes follows the language asked.
      const es = contentOf((await partner(t, key, url(property, '?lang=es'))).body);
      const poolEs = all(es, 'HotelInfo', 'Services', 'Service').find((s) => s.Code === '71')!;
      expect(poolEs.DescriptiveText[0]).toMatch(/^El hotel tiene piscina: /);
    });

    it("says no with a code's ExistsCode, counts with Quantity, and never sends a distance it cannot name the unit of", async () => {
      const hotel = await signUp(t);
      const key = (await apiKey(t, hotel)).token as string;
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Casa Codes' })).id;
      for (const [section, body] of [
        [
          'facility',
          { hotel_has_swimming_pool: false, has_parasols: true, hotel_restaurants_count: 2, quiet_relaxing: true },
        ],
        [
          'location',
          {
            distance_to_city_center: 25,
            distance_to_city_center_unit: 'minutes',
            distance_to_shopping: 2,
            distance_to_shopping_unit: 'kilometers',
          },
        ],
        ['main-info', { email: `${'a'.repeat(130)}@example.com`, check_in_time: '14:00' }],
      ] as const) {
        const res = await t.api('POST', `/api/facts/${section}/create/`, {
          token: hotel.token,
          body: { hotel: property, ...body },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      // The hotel's own room code padded with spaces: OTA's RoomType cannot carry it as saved.
      const saved = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.token,
        body: [
          {
            id: 0,
            room_name: 'Double',
            room_name_type: 'double room',
            room_view: 'Sea view',
            room_override_code: ' DBL ',
          },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const room = (saved.json() as Json[])[0]!.id as number;
      await publishNow(t, property, hotel.id);
      // ?lang= matches whatever its case.
      const res = await partner(t, key, url(property, '?lang=ES'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-language']).toBe('es');
      const content = contentOf(res.body);
      const services = all(content, 'HotelInfo', 'Services', 'Service');
      expect(services.find((s) => s.Code === '71')).toMatchObject({ ExistsCode: '2' });
      expect(services.find((s) => s.Code === '278')).toMatchObject({ ExistsCode: '1' });
      expect(services.find((s) => s.Code === '76')).toMatchObject({ ExistsCode: '1', Quantity: '2' });
      // No category code for "quiet & relaxing": said in the description, not dressed up as a category.
      expect(JSON.stringify(all(content, 'HotelInfo', 'CategoryCodes'))).not.toContain('Tranquilo');
      expect(all(content, 'HotelInfo', 'Descriptions')[0]!.DescriptiveText[0]).toMatch(/Tranquilo y relajante/);
      const refPoints = all(content, 'AreaInfo', 'RefPoints', 'RefPoint');
      // 25 minutes is no distance: the text says it, Distance is not sent.
      const centre = refPoints.find((r) => r.RefPointCategoryCode === '10')!;
      expect(centre.Distance).toBeUndefined();
      expect(centre.DescriptiveText[0]).toMatch(/25 minutos/);
      expect(refPoints.find((r) => r.RefPointCategoryCode === '30')).toMatchObject({
        Distance: '2',
        UnitOfMeasureCode: '2',
      });
      // An e-mail over OTA's 128 characters is left out and named, in the document and the Warning header.
      expect(all(content, 'ContactInfos', 'ContactInfo', 'Emails')).toEqual([]);
      const warnings = (parser.parse(res.body) as Json).OTA_HotelDescriptiveInfoRS.Warnings[0].Warning as Json[];
      expect(warnings.map((w) => w['#text'])).toEqual([
        `RoomType of room ${room} (your room's override code) is left out: it is longer than the 16 characters OTA allows, or has spaces around it or characters XML cannot carry; correct it in the room's facts`,
        'Email is left out: it is longer than the 128 characters OTA allows (or holds characters XML cannot carry)',
      ]);
      expect(String(res.headers.warning)).toContain('199 - "Email is left out');
      expect(String(res.headers.warning)).toContain(`199 - "RoomType of room ${room}`);
      expect(all(content, 'FacilityInfo', 'GuestRooms', 'GuestRoom', 'TypeRoom')[0]!.RoomType).toBeUndefined();
    });

    it('carries the same codes in the JSON facts (ota_codes), per field and per list row, null before the first publish', async () => {
      const hotel = await signUp(t);
      const key = (await apiKey(t, hotel)).token as string;
      const draft = (await createProperty(t, hotel.token)).id;
      expect(((await partner(t, key, `/api/v1/properties/${draft}/facts/`)).json() as Json).ota_codes).toBeNull();
      const property = await publishedHotel(t, hotel.token, 'Hotel Codes JSON');
      const body = (await partner(t, key, `/api/v1/properties/${property}/facts/`)).json() as Json;
      expect(body.sections.facility.hotel_has_swimming_pool).toBe(true);
      expect(body.ota_codes.facility.hotel_has_swimming_pool).toEqual([{ list: 'HAC', code: 71, value: null }]);
      // A choice: its value's code, naming the value.
      expect(body.ota_codes['main-info'].accommodation_type).toEqual([
        { list: 'PCT', code: 30, value: body.sections['main-info'].accommodation_type },
      ]);
      // A list section: per row, with its id.
      const rooms = body.sections.room as Json[];
      expect((body.ota_codes.room as Json[]).map((r) => r.id)).toEqual(rooms.map((r) => r.id));
      expect(body.ota_codes.room[0].room_view).toEqual([{ list: 'RVT', code: 25, value: 'Sea view' }]);
      // A field without a code for what is stored is left out.
      expect(body.ota_codes['main-info'].address).toBeUndefined();
      // The same codes as the OTA document: the pool is there with HAC 71.
      const services = all(contentOf((await partner(t, key, url(property))).body), 'HotelInfo', 'Services', 'Service');
      expect(services.some((s) => s.Code === '71')).toBe(true);
    });
  });
}
