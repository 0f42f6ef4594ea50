/**
 * Accessibility (issue 40 part 1): the property's section (step-free route, lift, parking,
 * summary counts, hearing and sight, facilities) and each room type's own accessibility are saved
 * and read back, printed in the fact sheet PDF (English and Spanish), answered by the partner API
 * and sent as OTA hotel content with their OpenTravel codes (valid against the official schema:
 * `partner` runs xmllint). The section's room counts are never typed: they are counted from the
 * room types (which ones have each feature, and how many units) in every answer and snapshot, and
 * a typed count sent is ignored. Both databases.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { pdfText } from '../../helpers/file-readers.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { apiKey, partner, type Json } from '../../helpers/fixtures/partner-api-access.js';

const ACCESS = {
  access_step_free_entrance: true,
  access_entrance_door_width: 110,
  access_step_free_route: true,
  access_lift: true,
  access_lift_door_width: 90,
  access_lift_braille: true,
  access_parking: true,
  access_parking_count: 3,
  access_parking_distance: 25,
  access_parking_distance_unit: 'meters',
  access_hearing_loop: true,
  access_visual_alarms: true,
  access_service_animals: true,
  access_restaurant: true,
  access_bar: false,
  access_pool_hoist: true,
  access_pool_ramp: false,
};

const ROOM = {
  room_wheelchair_accessible: true,
  room_wheelchair_units: 4,
  room_step_free: true,
  room_door_width: 92,
  room_bathroom_door_width: 87,
  room_bed_height: 48,
  room_roll_in_shower: true,
  room_grab_bars: true,
  room_shower_seat: true,
  room_lowered_sink: true,
  room_lowered_wardrobe_rail: true,
  room_hearing_accessible: true,
  room_hearing_units: 1,
  room_visual_alarm: true,
  room_vibrating_alarm: true,
  room_knock_light: true,
  room_textphone: false,
};

const LISTS = new Set(['GuestRoom', 'Service', 'Amenity']);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => LISTS.has(n) });

for (const dialect of dialects()) {
  describe(`accessibility facts (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('saves the section and a room type, reads them back, prints them and sends them to partners with their codes', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Hotel Rampa' })).id;
      await fillFacts(t, hotel.token, property);

      // The section: every field given here, the rest emptied (a PUT replaces the document).
      const before = (
        await t.api('GET', `/api/facts/accessibility/${property}/`, { token: hotel.token })
      ).json() as Json;
      const saved = await t.api('PUT', `/api/facts/accessibility/update/${property}/`, {
        token: hotel.token,
        body: { hotel: property, version: before.version, ...ACCESS },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const read = (await t.api('GET', `/api/facts/accessibility/${property}/`, { token: hotel.token })).json() as Json;
      expect(read).toMatchObject(ACCESS);
      expect(read.access_notes).toBeNull();
      // Every section at once carries it under its initKey.
      const init = (
        await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: hotel.token })
      ).json() as Json;
      expect(init.accessibilityInfo).toMatchObject(ACCESS);
      const refused = await t.api('PUT', `/api/facts/accessibility/update/${property}/`, {
        token: hotel.token,
        body: { hotel: property, version: read.version, ...ACCESS, access_lift_door_width: -1 },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json() as Json)).toEqual(['access_lift_door_width']);

      // A room type says its own accessibility.
      const rooms = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.token })).json() as Json[];
      const [first, ...rest] = rooms;
      const body = [{ ...first, ...ROOM }, ...rest.map((r) => ({ ...r, room_wheelchair_accessible: false }))];
      const roomsSaved = await t.api('POST', `/api/facts/rooms/update/${property}/`, { token: hotel.token, body });
      expect(roomsSaved.statusCode, roomsSaved.body).toBe(200);
      const roomsRead = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.token })).json() as Json[];
      expect(roomsRead.find((r) => r.id === first!.id)).toMatchObject(ROOM);

      // The section's counts come from the room types: a second type, with 2 wheelchair units
      // and no roll-in shower, joins the first (4 units, roll-in shower, 1 for hearing loss).
      const second = rest[0]!;
      const twoTypes = [
        { ...first, ...ROOM },
        {
          ...second,
          room_wheelchair_accessible: true,
          room_wheelchair_units: 2,
          room_roll_in_shower: false,
          room_grab_bars: true,
          room_hearing_accessible: false,
        },
        {
          ...second,
          id: 0,
          room_name: 'Plain Double',
          room_wheelchair_accessible: false,
          room_hearing_accessible: false,
        },
      ];
      const savedTwo = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.token,
        body: twoTypes,
      });
      expect(savedTwo.statusCode, savedTwo.body).toBe(200);
      const COUNTED = {
        access_rooms: true,
        access_rooms_count: 6,
        access_rooms_types: `${String(first!.room_name)}, ${String(second.room_name)}`,
        access_rooms_roll_in_shower_count: 4,
        access_rooms_roll_in_shower_types: String(first!.room_name),
        access_rooms_grab_bars_count: 6,
        access_rooms_hearing_count: 1,
        access_rooms_hearing_types: String(first!.room_name),
        access_rooms_textphone_count: null,
        access_rooms_textphone_types: null,
      };
      const counted = (
        await t.api('GET', `/api/facts/accessibility/${property}/`, { token: hotel.token })
      ).json() as Json;
      expect(counted).toMatchObject({ ...ACCESS, ...COUNTED });
      const initCounted = (
        await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: hotel.token })
      ).json() as Json;
      expect(initCounted.accessibilityInfo).toMatchObject(COUNTED);
      // A typed count is ignored (never stored): the answer keeps the rooms' count.
      const typed = await t.api('PUT', `/api/facts/accessibility/update/${property}/`, {
        token: hotel.token,
        body: {
          ...counted,
          access_rooms: false,
          access_rooms_count: 99,
          access_rooms_types: 'All of them',
          access_notes: 'Ask us',
        },
      });
      expect(typed.statusCode, typed.body).toBe(200);
      expect(typed.json()).toMatchObject({ ...COUNTED, access_notes: 'Ask us' });
      const stored = await t.services.db.kysely
        .selectFrom('fact_sections')
        .select('data')
        .where('property_id', '=', property)
        .where('section', '=', 'accessibility')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.data)).not.toHaveProperty('access_rooms_count');
      expect(JSON.parse(stored.data)).not.toHaveProperty('access_rooms');
      // The facility section's wheelchair count (the spec's name) is the same count, never typed.
      const facility = (await t.api('GET', `/api/facts/facility/${property}/`, { token: hotel.token })).json() as Json;
      expect(facility.hotel_units_wheelchair).toBe(COUNTED.access_rooms_count);
      // Not accessible: its wheelchair details are hidden, so stored empty.
      expect(roomsRead.find((r) => r.id === rest[0]!.id)).toMatchObject({
        room_wheelchair_accessible: false,
        room_bed_height: null,
        room_grab_bars: null,
      });

      expect(
        (await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: hotel.token })).statusCode,
      ).toBe(200);

      // The fact sheet PDF, in English and in Spanish.
      const en = pdfText(
        (await t.api('GET', `/api/facts/download-facts/${property}/?language=en`, { token: hotel.token })).rawPayload,
      );
      expect(en).toContain('Accessibility');
      expect(en).toContain('Lift: door width (cm) 90');
      expect(en).toContain('Accessible parking: number of spaces 3');
      expect(en).toContain('Service animals allowed Yes');
      expect(en).toContain('Wheelchair-accessible rooms: number 6');
      expect(en).toContain('Rooms with a roll-in shower: number 4');
      // A room's details print as one text, 'Title: value.' after its group.
      expect(en).toContain('Accessibility: Wheelchair-accessible: Yes.');
      expect(en).toContain('Bed height (cm): 48.');
      expect(en).toContain('Roll-in shower: Yes.');
      expect(en).toContain('Lowered wardrobe rail: Yes.');
      const es = pdfText(
        (await t.api('GET', `/api/facts/download-facts/${property}/?language=es`, { token: hotel.token })).rawPayload,
      );
      expect(es).toContain('Accesibilidad');
      expect(es).toContain('Ascensor: ancho de la puerta (cm) 90');
      expect(es).toContain('Altura de la cama (cm): 48.');

      // A contracted operator's key: the facts and the OTA content.
      const op = await signUp(t, { account_type: 'to' });
      await accepted(t, hotel, op);
      const key = (await apiKey(t, op)).token as string;
      const facts = (await partner(t, key, `/api/v1/properties/${property}/facts/`)).json() as Json;
      expect(facts.sections.accessibility).toMatchObject({ ...ACCESS, ...COUNTED });
      expect((facts.sections.room as Json[]).find((r) => r.id === first!.id)).toMatchObject(ROOM);

      // The partner's own lists: Google's and Expedia's accessibility attributes, from the same facts.
      const google = await partner(
        t,
        key,
        `/api/v1/properties/${property}/facts/attributes/?profile=google-accessibility`,
      );
      expect(google.statusCode, google.body).toBe(200);
      const g = google.json() as Json;
      expect(g).toMatchObject({ id: property, profile: 'google-accessibility', partner: 'Google' });
      const gAttr = (code: string) => (g.attributes as Json[]).find((a) => a.code === code)!;
      expect(gAttr('mobilityAccessibleElevator')).toMatchObject({ value: true, fields: ['access_lift'], rooms: null });
      expect(gAttr('mobilityAccessiblePool')).toMatchObject({ value: true }); // the hoist, though no ramp
      const unit = gAttr('livingArea.accessibility.mobilityAccessibleShower');
      expect(unit.value).toBe(true);
      expect(unit.rooms).toEqual(
        expect.arrayContaining([
          { id: first!.id, room_name: first!.room_name, value: true },
          { id: second.id, room_name: second.room_name, value: false },
        ]),
      );
      expect(gAttr('livingArea.accessibility.adaCompliantUnit')).toMatchObject({ value: null, section: null });
      const expedia = (
        await partner(t, key, `/api/v1/properties/${property}/facts/attributes/?profile=expedia-accessibility`)
      ).json() as Json;
      expect((expedia.attributes as Json[]).map((a) => a.code)).toEqual([
        'elevator',
        'accessible_bathroom',
        'roll_in_shower',
        'in_room_accessibility',
        'stair_free_path',
        'accessible_path',
        'entrance_ramp',
        'handrail',
        'single_level_property',
        'accessible_parking',
        'accessible_van_parking',
        'accessible_pool',
        'service_animals',
        'sign_language',
      ]);
      const eAttr = (code: string) => (expedia.attributes as Json[]).find((a) => a.code === code)!;
      expect(eAttr('service_animals')).toMatchObject({ value: true, section: 'accessibility' });
      expect(eAttr('accessible_pool')).toMatchObject({ value: true }); // the hoist, though no ramp
      expect(eAttr('handrail')).toMatchObject({ value: null, section: null });
      const unknown = await partner(t, key, `/api/v1/properties/${property}/facts/attributes/?profile=tripadvisor`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        profile: ['Unknown profile: use expedia-accessibility or google-accessibility.'],
      });

      const ota = await partner(t, key, `/api/v1/properties/${property}/facts/ota/`);
      expect(ota.statusCode, ota.body).toBe(200);
      const content = (parser.parse(ota.body) as Json).OTA_HotelDescriptiveInfoRS.HotelDescriptiveContents
        .HotelDescriptiveContent as Json;
      const services = content.HotelInfo.Services.Service as Json[];
      const service = (code: number) => services.filter((s) => s.Code === String(code));
      expect(service(101)[0]).toMatchObject({ ExistsCode: '1' }); // Wheelchair access: the step-free entrance
      expect(service(33)[0]).toMatchObject({ ExistsCode: '1' }); // Elevators
      expect(service(13)[0]).toMatchObject({ ExistsCode: '1' }); // Brailed elevators
      expect(service(116)[0]).toMatchObject({ ExistsCode: '1', Quantity: '3' }); // Accessible parking, 3 spaces
      expect(service(258)[0]).toMatchObject({ ExistsCode: '1', Quantity: '6' }); // Accessible rooms, 6 (4 + 2)
      expect(service(248)[0]).toMatchObject({ ExistsCode: '1' }); // Hearing impaired services
      // Facts without a code go as text: service animals, the pool hoist.
      expect(ota.body).toContain('Service animals allowed');
      expect(ota.body).toContain('Pool: hoist');

      const guestRooms = content.FacilityInfo.GuestRooms.GuestRoom as Json[];
      const room = guestRooms.find((g) => JSON.stringify(g).includes(String(first!.room_name)))!;
      const amenity = (code: number) =>
        (room.Amenities.Amenity as Json[]).find((a) => a.RoomAmenityCode === String(code));
      expect(amenity(161)).toMatchObject({ ExistsCode: '1' }); // Accessible room
      expect(amenity(48)).toMatchObject({ ExistsCode: '1' }); // Grab bars in bathroom
      expect(amenity(40)).toMatchObject({ ExistsCode: '1' }); // Fire alarm with light
      expect(amenity(62)).toMatchObject({ ExistsCode: '1' }); // Knock light
      expect(amenity(194)).toMatchObject({ ExistsCode: '2' }); // Textphone: no
      expect(JSON.stringify(room)).toContain('Bed height (cm)');
      const other = guestRooms.find((g) => JSON.stringify(g).includes('Plain Double'))!;
      expect((other.Amenities.Amenity as Json[]).find((a) => a.RoomAmenityCode === '161')).toMatchObject({
        ExistsCode: '2',
      });
    }, 180_000);
  });
}
