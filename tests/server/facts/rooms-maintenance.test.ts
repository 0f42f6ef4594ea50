import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';

const room = (name: string, extra: Record<string, unknown> = {}) => ({
  id: 0,
  room_name: name,
  room_name_type: 'double room',
  room_view: 'Sea view',
  ...extra,
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`rooms and maintenance specifics (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
    });
    afterAll(() => t.stop());

    it("names every missing room field in the spec's words, by 1-based position, and saves nothing", async () => {
      const roomTypes = t.services.schemas.resolved('facts/room.schema.json').properties as Record<
        string,
        { enum?: unknown[] }
      >;
      expect(roomTypes.room_name_type!.enum).toContain('double room');
      const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: [
          room('Sea view double'),
          { id: 0, room_total_units: 3 },
          { id: 0, room_name: '', room_name_type: 'double room', room_view: '' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors).toEqual([
        'Room (2): room name required - room type required - room view required',
        'Room (3): room name required - room view required',
      ]);
      expect(res.json().rows['1']).toEqual({
        room_name: ['room name required'],
        room_name_type: ['room type required'],
        room_view: ['room view required'],
      });
      expect((await t.api('GET', `/api/facts/rooms/${property}/`, { token: owner.token })).json()).toEqual([]);
    });

    it('keeps the infant fields as sent, assigns ids, deletes one room, and keeps rooms a save leaves out', async () => {
      const saved = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: [
          room('Garden studio', { room_allowed_infant_count: 1, room_infant_not_allowed: false }),
          room('Family suite', { room_allowed_infant_count: 0, room_infant_not_allowed: true }),
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [a, b] = saved.json() as {
        id: number;
        room_allowed_infant_count: number;
        room_infant_not_allowed: boolean;
      }[];
      expect(a!.id).toBeGreaterThan(0);
      expect(b!.id).toBeGreaterThan(a!.id);
      expect(a).toMatchObject({ room_allowed_infant_count: 1, room_infant_not_allowed: false, hotel: property });
      expect(b).toMatchObject({ room_allowed_infant_count: 0, room_infant_not_allowed: true });

      // A save that sends only one room edits it; the other stays (rooms are deleted one by one).
      const edited = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: [{ ...a, room_name: 'Garden studio XL' }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const list = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: owner.token })).json() as {
        id: number;
        room_name: string;
      }[];
      expect(list.map((r) => r.room_name).sort()).toEqual(['Family suite', 'Garden studio XL']);

      const other = await signUp(t);
      expect((await t.api('DELETE', `/api/facts/rooms/delete/${b!.id}/`, { token: other.token })).statusCode).toBe(404);
      expect((await t.api('DELETE', `/api/facts/rooms/delete/${b!.id}/`, { token: owner.token })).statusCode).toBe(204);
      expect((await t.api('DELETE', `/api/facts/rooms/delete/${b!.id}/`, { token: owner.token })).statusCode).toBe(404);
      expect(
        ((await t.api('GET', `/api/facts/rooms/${property}/`, { token: owner.token })).json() as unknown[]).length,
      ).toBe(1);
    });

    it('answers maintenance problems with the spec\'s messages joined by " - "', async () => {
      const res = await t.api('POST', `/api/facts/maintenance/update/${property}/`, {
        token: owner.token,
        body: [
          {
            id: 0,
            maintenance_type_apply: 'Lobby renovation',
            maintenance_zone: 'Partially',
            maintenance_disturbance: 'disturbing',
            maintenance_from: '2027-01-10',
            maintenance_to: '2027-02-01',
          },
          { id: 0 },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors).toEqual([
        'Maintenance (2): Maintenance type is required. - Maintenance zone is required. - Maintenance disturbance level is required. - Maintenance starting time is required. - Maintenance ending time is required.',
      ]);
    });

    it('replaces the whole maintenance list with the array sent', async () => {
      const entry = (type: string) => ({
        id: 0,
        maintenance_type_apply: type,
        maintenance_zone: 'Complete',
        maintenance_disturbance: 'little disturbing',
        maintenance_from: '2027-03-01',
        maintenance_to: '2027-03-15',
      });
      const first = (
        await t.api('POST', `/api/facts/maintenance/update/${property}/`, {
          token: owner.token,
          body: [entry('Lobby renovation'), entry('Spa renovation')],
        })
      ).json() as { id: number }[];
      const second = await t.api('POST', `/api/facts/maintenance/update/${property}/`, {
        token: owner.token,
        body: [first[1]],
      });
      expect(second.statusCode).toBe(200);
      const list = (await t.api('GET', `/api/facts/maintenance/${property}/`, { token: owner.token })).json() as {
        id: number;
        maintenance_type_apply: string;
      }[];
      expect(list).toEqual([expect.objectContaining({ id: first[1]!.id, maintenance_type_apply: 'Spa renovation' })]);
      expect(
        (await t.api('POST', `/api/facts/maintenance/update/${property}/`, { token: owner.token, body: [] })).json(),
      ).toEqual([]);
    });
  });
}
