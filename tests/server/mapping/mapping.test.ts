/**
 * Code mapping (issue 13 §3): the operator's codes for a hotel and its published rooms, unique
 * within the operator's account (409 naming the other hotel or room) and free for other
 * operators; rooms the hotel adds, renames or removes are marked and the operator told;
 * suggestions for rooms not mapped come from the operator's rooms elsewhere.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { createProperty } from '../../helpers/properties.js';
import { mappingOf } from '../../../src/server/features/mapping/codes.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import { accepted, call, expectStatus, publish, type Json } from '../../helpers/fixtures/contracted-operator.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';

const get = (t: TestApp, as: Party['owner'], hotel: number) =>
  call(t, as, 'GET', `/api/tour-operator/mapping/hotel/get/${hotel}/`);
const save = (t: TestApp, as: Party['owner'], body: Json) =>
  call(t, as, 'POST', '/api/tour-operator/mapping/hotel/create/', body);

/** The property's rooms are exactly these (rows left out are deleted, as the editor deletes them). */
async function rooms(
  t: TestApp,
  token: string,
  property: number,
  list: { room_name: string; room_name_type: string; room_view: string; id?: number }[],
): Promise<Json[]> {
  const keep = new Set(list.map((r) => r.id).filter(Boolean));
  for (const r of (await t.api('GET', `/api/facts/rooms/${property}/`, { token })).json() as Json[]) {
    if (!keep.has(r.id))
      expect((await t.api('DELETE', `/api/facts/rooms/delete/${r.id}/`, { token })).statusCode).toBe(204);
  }
  const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
    token,
    body: list.map((r) => ({ id: 0, ...r })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json[];
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`code mapping (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let rival: Party;
    let a: number;
    let b: number;
    let roomsA: Json[];
    let roomsB: Json[];

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 0, { name: 'Sol Hotels' });
      a = (await createProperty(t, hotel.owner.token, { hotel_name: 'Sol Playa' })).id;
      b = (await createProperty(t, hotel.owner.token, { hotel_name: 'Sol Monte' })).id;
      for (const p of [a, b]) await fillFacts(t, hotel.owner.token, p);
      roomsA = await rooms(t, hotel.owner.token, a, [
        { room_name: 'Double Sea View', room_name_type: 'double room', room_view: 'Sea view' },
        { room_name: 'Junior Suite', room_name_type: 'juniorsuite', room_view: 'Pool side' },
      ]);
      roomsB = await rooms(t, hotel.owner.token, b, [
        { room_name: 'Double room, sea view', room_name_type: 'double room', room_view: 'Sea view' },
        { room_name: 'Family Room', room_name_type: 'family room', room_view: 'Mountain view' },
      ]);
      for (const p of [a, b]) await publish(t, hotel.owner.token, p);
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
      rival = await party(t, 'to', { name: 'Rival Tours' });
      await accepted(t, hotel.owner, operator.owner);
      await accepted(t, hotel.owner, rival.owner);
    });
    afterAll(() => t.stop());

    it('reads an unmapped hotel: every published room new, no codes', async () => {
      const m = await expectStatus(await get(t, operator.owner, a), 200);
      expect(m).toMatchObject({
        id: null,
        user: operator.owner.id,
        hotel: a,
        hotel_name: 'Sol Playa',
        override_code: null,
        free_event_code: null,
      });
      expect((m.rooms as Json[]).map((r) => [r.room, r.display_name, r.status, r.linked])).toEqual([
        [roomsA[0]!.id, 'Double Sea View', 'new', false],
        [roomsA[1]!.id, 'Junior Suite', 'new', false],
      ]);
    });

    it('shows a saved mapping at once on the dashboard report, the same as the mapping list (a hotel code alone maps it)', async () => {
      const report = async () =>
        expectStatus(await call(t, rival.owner, 'GET', '/api/reports/operator-report-data/'), 200);
      const listed = async () =>
        (
          (await expectStatus(await call(t, rival.owner, 'POST', '/api/partners/partners-properties/', {}), 200))
            .results as Json[]
        ).find((p) => p.id === b);
      const before = await report();
      expect((before.by_property as Json[]).find((p) => p.property === b)).toMatchObject({
        mapped: false,
        rooms: 2,
        mapped_rooms: 0,
      });
      await expectStatus(
        await save(t, rival.owner, {
          hotel: b,
          override_code: 'RV-MONTE',
          rooms: [{ room: roomsB[0]!.id, override_code: 'RV-DBL' }],
        }),
        201,
      );
      const after = await report();
      expect((after.by_property as Json[]).find((p) => p.property === b)).toMatchObject({
        mapped: true,
        rooms: 2,
        mapped_rooms: 1,
      });
      expect(after.mapped_properties).toBe(before.mapped_properties + 1);
      expect(after.rooms).toEqual({ mapped: before.rooms.mapped + 1, unmapped: before.rooms.unmapped - 1 });
      expect(await listed()).toMatchObject({ mapped: true });
      // Unmapped again: the rival leaves the codes empty.
      await expectStatus(await save(t, rival.owner, { hotel: b, override_code: '', rooms: [] }), 201);
      expect(((await report()).by_property as Json[]).find((p) => p.property === b)).toMatchObject({
        mapped: false,
        mapped_rooms: 0,
      });
    });

    it('saves the hotel and room codes in one go; mappingOf gives rooms the hotel event codes they lack', async () => {
      const body = {
        hotel: a,
        override_code: 'PMI-SOL',
        local_id: 'L-1',
        external_id: 'E-1',
        supplying_name: 'Sol direct',
        free_event_code: 'FS',
        stop_event_code: 'SS',
        rooms: [
          { room: roomsA[0]!.id, override_code: 'DBL-SV', new_name: 'Double Sea View', stop_event_code: 'STOPD' },
          { room: roomsA[1]!.id, override_code: 'JS', new_name: 'Junior Suite Pool', linked: false },
        ],
      };
      const m = await expectStatus(await save(t, operator.withFlag, body), 201);
      expect(m).toMatchObject({ override_code: 'PMI-SOL', local_id: 'L-1', free_event_code: 'FS' });
      expect((m.rooms as Json[]).map((r) => [r.override_code, r.status, r.linked, r.original_name])).toEqual([
        ['DBL-SV', 'mapped', true, 'Double Sea View'],
        ['JS', 'mapped', false, 'Junior Suite'],
      ]);
      expect((m.rooms as Json[])[0]!.link_date).not.toBeNull();
      const codes = await mappingOf(t.services.db.kysely, operator.owner.id, a);
      expect(codes.hotel?.eventCodes).toEqual(['FS', null, 'SS', null, null]);
      expect(codes.rooms.get(roomsA[0]!.id as number)?.eventCodes).toEqual(['FS', null, 'STOPD', null, null]);
      // A member without the flag reads but may not save.
      await expectStatus(await get(t, operator.withoutFlag, a), 200);
      expect((await save(t, operator.withoutFlag, body)).status).toBe(403);
    });

    it('keeps codes unique within the operator (409 naming the other hotel or room), free for other operators', async () => {
      const hotelDup = await save(t, operator.owner, { hotel: b, override_code: 'PMI-SOL' });
      expect(hotelDup.status).toBe(409);
      expect(hotelDup.body.detail).toBe('The hotel code PMI-SOL is already used for Sol Playa.');
      const roomDup = await save(t, operator.owner, {
        hotel: b,
        override_code: 'PMI-MON',
        rooms: [{ room: roomsB[0]!.id, override_code: 'dbl-sv' }].map((r) => ({ ...r, override_code: 'DBL-SV' })),
      });
      expect(roomDup.status).toBe(409);
      expect(roomDup.body.detail).toBe('The room code DBL-SV is already used for Double Sea View at Sol Playa.');
      const twice = await save(t, operator.owner, {
        hotel: b,
        rooms: [
          { room: roomsB[0]!.id, override_code: 'X' },
          { room: roomsB[1]!.id, override_code: 'X' },
        ],
      });
      expect(twice.status).toBe(409);
      // Nothing of the refused saves stayed.
      expect((await expectStatus(await get(t, operator.owner, b), 200)).id).toBeNull();
      // The rival may use the same codes; a room of another hotel is refused.
      await expectStatus(
        await save(t, rival.owner, {
          hotel: a,
          override_code: 'PMI-SOL',
          rooms: [{ room: roomsA[0]!.id, override_code: 'DBL-SV' }],
        }),
        201,
      );
      const foreign = await save(t, rival.owner, { hotel: a, rooms: [{ room: roomsB[0]!.id }] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.rooms['0'].room).toEqual(['Not a room of this hotel.']);
      // The rival's mapping is not the operator's.
      expect((await expectStatus(await get(t, operator.owner, a), 200)).local_id).toBe('L-1');
    });

    it('suggests names and free codes for rooms not mapped, from the operator rooms elsewhere', async () => {
      const m = await expectStatus(await get(t, operator.owner, b), 200);
      const double = (m.rooms as Json[]).find((r) => r.room === roomsB[0]!.id)!;
      expect(double.status).toBe('new');
      expect(double.suggestions[0]).toMatchObject({
        new_name: 'Double Sea View',
        override_code: 'DBL-SV-2',
        from_hotel: 'Sol Playa',
        from_room: 'Double Sea View',
      });
      expect(double.suggestions[0].score).toBeGreaterThan(0.5);
      const family = (m.rooms as Json[]).find((r) => r.room === roomsB[1]!.id)!;
      expect(family.suggestions).toEqual([]);
      // Taken in one click: the suggested code is free.
      await expectStatus(
        await save(t, operator.owner, {
          hotel: b,
          override_code: 'PMI-MON',
          rooms: [
            {
              room: roomsB[0]!.id,
              override_code: double.suggestions[0].override_code,
              new_name: double.suggestions[0].new_name,
            },
          ],
        }),
        201,
      );
    });

    it('marks rooms the hotel renamed, added or removed, and tells the operators mapping it', async () => {
      const current = (await t.api('GET', `/api/facts/rooms/${a}/`, { token: hotel.owner.token })).json() as Json[];
      const renamed = { ...current[0], room_name: 'Double Deluxe Sea View' };
      await rooms(t, hotel.owner.token, a, [
        { ...(renamed as { room_name: string; room_name_type: string; room_view: string; id: number }) },
        { room_name: 'Penthouse', room_name_type: 'penthouse suite', room_view: 'Sea view' },
      ]);
      await publish(t, hotel.owner.token, a);
      const m = await expectStatus(await get(t, operator.owner, a), 200);
      const byName = new Map((m.rooms as Json[]).map((r) => [r.display_name, r]));
      expect(byName.get('Double Deluxe Sea View')).toMatchObject({
        status: 'renamed',
        original_name: 'Double Sea View',
        override_code: 'DBL-SV',
      });
      expect(byName.get('Penthouse')).toMatchObject({ status: 'new', id: null });
      expect(byName.get('Junior Suite')).toMatchObject({ status: 'deleted', override_code: 'JS' });
      for (const who of [operator.withFlag, rival.owner]) {
        const bell = (await t.api('GET', '/api/notification/', { token: who.token })).json() as Json[];
        expect(bell.find((n) => n.notification_type === 'room_changed')?.message).toBe(
          'Sol Playa added Penthouse; renamed Double Sea View → Double Deluxe Sea View; removed Junior Suite: check your room mapping',
        );
      }
      // Saving again acknowledges the rename; the deleted room left out is unmapped.
      const again = await expectStatus(
        await save(t, operator.owner, {
          hotel: a,
          override_code: 'PMI-SOL',
          rooms: [{ room: current[0]!.id, override_code: 'DBL-SV' }],
        }),
        201,
      );
      expect((again.rooms as Json[]).map((r) => [r.display_name, r.status])).toEqual([
        ['Double Deluxe Sea View', 'mapped'],
        ['Penthouse', 'new'],
      ]);
    });
  });
}
