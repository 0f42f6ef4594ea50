/**
 * The stop-sale chart (issue 14 §1, §3, §5): every state round trips, save marks (create, update,
 * delete) in one transaction (one bad event saves nothing), range writes across month, year and
 * leap day, single-day calls, rooms of another property and strangers 404, the permissions as
 * documented (stop_sales writes), contracted operators read it with their codes and those whose
 * contract syncs stop-sale are told which rooms and days changed; every change is in the audit trail.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import { accepted, call, expectStatus, type Json } from '../../helpers/fixtures/contracted-operator.js';

/** The property's rooms, created with these names (answers their ids, in order). */
async function addRooms(t: TestApp, token: string, property: number, names: string[]): Promise<number[]> {
  const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
    token,
    body: names.map((room_name) => ({ id: 0, room_name, room_name_type: 'double room', room_view: 'Sea view' })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ id: number; room_name: string }[]>()
    .filter((r) => names.includes(r.room_name))
    .map((r) => r.id);
}

const month = (t: TestApp, as: Account, hotel: number, date: string) =>
  call(t, as, 'GET', `/api/stop-sale/${hotel}/?date=${date}`);
const save = (t: TestApp, as: Account, data: Json) => call(t, as, 'POST', '/api/stop-sale/save/', { data });
const range = (t: TestApp, as: Account, body: Json) => call(t, as, 'POST', '/api/stop-sale/range/', body);

/** {room id: {date: color}} of a month answer. */
function days(body: Json): Record<number, Record<string, number>> {
  const out: Record<number, Record<string, number>> = {};
  for (const r of body.rooms as Json[])
    out[r.id] = Object.fromEntries((r.events as Json[]).map((e) => [e.date, e.color]));
  return out;
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`stop-sale chart (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let p: number;
    let other: number;
    let rooms: number[];
    let otherRoom: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 0, { name: 'Sol Hotels' });
      p = (await createProperty(t, hotel.owner.token, { hotel_name: 'Sol Playa' })).id;
      other = (await createProperty(t, hotel.owner.token, { hotel_name: 'Sol Monte' })).id;
      rooms = await addRooms(t, hotel.owner.token, p, ['Double', 'Suite', 'Single']);
      [otherRoom] = await addRooms(t, hotel.owner.token, other, ['Monte Double']);
    }, 60_000);
    afterAll(() => t.stop());

    it('answers the rooms with no events for an empty month, and the current month without a date', async () => {
      const body = await expectStatus(await month(t, hotel.owner, p, '2026-12-01'), 200);
      expect(body).toMatchObject({ hotel: p, hotel_name: 'Sol Playa', date: '2026-12-01', deadline_hours: null });
      expect((body.rooms as Json[]).map((r) => [r.id, r.room_name, r.events, r.codes])).toEqual([
        [rooms[0], 'Double', [], null],
        [rooms[1], 'Suite', [], null],
        [rooms[2], 'Single', [], null],
      ]);
      expect((await expectStatus(await call(t, hotel.owner, 'GET', `/api/stop-sale/${p}/`), 200)).date).toBe(
        '2026-11-01',
      );
    });

    it('round-trips every state with create marks, then updates and deletes them', async () => {
      const events = [0, 1, 2, 3, 4].map((color) => ({
        date: `2026-12-0${color + 1}`,
        color,
        state: 'create',
        visible: true,
        room: rooms[0],
      }));
      const saved = await expectStatus(
        await save(t, hotel.owner, { date: '2026-12-01', rooms: [{ id: rooms[0], events }] }),
        200,
      );
      expect(days(saved)[rooms[0]!]).toEqual({
        '2026-12-01': 0,
        '2026-12-02': 1,
        '2026-12-03': 2,
        '2026-12-04': 3,
        '2026-12-05': 4,
      });
      const read = await expectStatus(await month(t, hotel.owner, p, '2026-12-01'), 200);
      const first = (read.rooms as Json[])[0]!.events as Json[];
      expect(first[2]).toMatchObject({ date: '2026-12-03', color: 2, state: null, visible: true, room: rooms[0] });
      // The chart sends what it knows: untouched events unmarked, changed ones update, cleared ones delete.
      const marked = first.map((e) =>
        e.date === '2026-12-01'
          ? { ...e, color: 2, state: 'update' }
          : e.date === '2026-12-02'
            ? { ...e, state: 'delete', visible: false }
            : e,
      );
      const after = await expectStatus(
        await save(t, hotel.owner, { date: '2026-12-01', rooms: [{ id: rooms[0], events: marked }] }),
        200,
      );
      expect(days(after)[rooms[0]!]).toEqual({ '2026-12-01': 2, '2026-12-03': 2, '2026-12-04': 3, '2026-12-05': 4 });
    });

    it('saves nothing when one event is bad (a day that does not exist, or outside the window)', async () => {
      for (const bad of ['2027-02-29', '2023-12-31', '2032-01-01']) {
        const res = await save(t, hotel.owner, {
          date: '2026-12-01',
          rooms: [
            { id: rooms[1], events: [{ date: '2026-12-10', color: 2, state: 'create' }] },
            {
              id: rooms[2],
              events: [
                { date: '2026-12-11', color: 3, state: 'create' },
                { date: bad, color: 2, state: 'create' },
              ],
            },
          ],
        });
        expect(res.status, bad).toBe(400);
        expect(JSON.stringify(res.body)).toContain(bad);
      }
      const read = days(await expectStatus(await month(t, hotel.owner, p, '2026-12-01'), 200));
      expect(read[rooms[1]!]).toEqual({});
      expect(read[rooms[2]!]).toEqual({});
      // A month that does not start on 01, or outside the window: 400.
      expect((await month(t, hotel.owner, p, '2026-12-15')).status).toBe(400);
      expect((await month(t, hotel.owner, p, '2040-01-01')).status).toBe(400);
    });

    it('refuses rooms of another property in one save (404, nothing saved) and another account (404)', async () => {
      const res = await save(t, hotel.owner, {
        date: '2026-12-01',
        rooms: [
          { id: rooms[1], events: [{ date: '2026-12-20', color: 2, state: 'create' }] },
          { id: otherRoom, events: [{ date: '2026-12-20', color: 2, state: 'create' }] },
        ],
      });
      expect(res.status).toBe(404);
      expect(days(await expectStatus(await month(t, hotel.owner, p, '2026-12-01'), 200))[rooms[1]!]).toEqual({});
      const stranger = await party(t, 'accommodation');
      expect((await month(t, stranger.owner, p, '2026-12-01')).status).toBe(404);
      expect(
        (
          await save(t, stranger.owner, {
            date: '2026-12-01',
            rooms: [{ id: rooms[1], events: [{ date: '2026-12-20', color: 2, state: 'create' }] }],
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await range(t, stranger.owner, {
            hotel: p,
            rooms: [rooms[1]],
            from: '2026-12-01',
            to: '2026-12-02',
            color: 2,
          })
        ).status,
      ).toBe(404);
      expect(
        (await range(t, hotel.owner, { hotel: p, rooms: [otherRoom], from: '2026-12-01', to: '2026-12-02', color: 2 }))
          .status,
      ).toBe(404);
    });

    it('writes a range across the year end and a leap day in one call, and clears it', async () => {
      const res = await expectStatus(
        await range(t, hotel.owner, {
          hotel: p,
          rooms: [rooms[1], rooms[2]],
          from: '2027-12-30',
          to: '2028-03-01',
          color: 3,
        }),
        200,
      );
      expect(res).toMatchObject({ hotel: p, rooms: 2, days: 63, written: 126 });
      const dec = days(await expectStatus(await month(t, hotel.owner, p, '2027-12-01'), 200));
      expect(Object.keys(dec[rooms[1]!]!)).toEqual(['2027-12-30', '2027-12-31']);
      const feb = days(await expectStatus(await month(t, hotel.owner, p, '2028-02-01'), 200));
      expect(Object.keys(feb[rooms[2]!]!)).toHaveLength(29);
      expect(feb[rooms[2]!]!['2028-02-29']).toBe(3);
      expect(days(await expectStatus(await month(t, hotel.owner, p, '2028-03-01'), 200))[rooms[1]!]).toEqual({
        '2028-03-01': 3,
      });
      // The same range again changes nothing; clearing removes every day.
      expect(
        (
          await expectStatus(
            await range(t, hotel.owner, {
              hotel: p,
              rooms: [rooms[1], rooms[2]],
              from: '2027-12-30',
              to: '2028-03-01',
              color: 3,
            }),
            200,
          )
        ).written,
      ).toBe(0);
      expect(
        (
          await expectStatus(
            await range(t, hotel.owner, {
              hotel: p,
              rooms: [rooms[1]],
              from: '2028-01-01',
              to: '2028-01-31',
              color: null,
            }),
            200,
          )
        ).written,
      ).toBe(31);
      expect(days(await expectStatus(await month(t, hotel.owner, p, '2028-01-01'), 200))[rooms[1]!]).toEqual({});
      expect(
        (await range(t, hotel.owner, { hotel: p, rooms: [rooms[1]], from: '2028-01-02', to: '2028-01-01', color: 2 }))
          .status,
      ).toBe(400);
      expect(
        (await range(t, hotel.owner, { hotel: p, rooms: [rooms[1]], from: '2026-01-01', to: '2028-01-02', color: 2 }))
          .status,
      ).toBe(400);
    });

    it('sets, changes and clears single days (create, update, delete)', async () => {
      const made = await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/stop-sale/create/', { room: rooms[2], date: '2026-12-24', color: 4 }),
        201,
      );
      expect(made).toMatchObject({ date: '2026-12-24', color: 4, room: rooms[2], state: null, visible: true });
      expect(
        (await call(t, hotel.owner, 'POST', '/api/stop-sale/create/', { room: rooms[2], date: '2026-12-24', color: 1 }))
          .status,
      ).toBe(409);
      expect(
        await expectStatus(await call(t, hotel.owner, 'PUT', `/api/stop-sale/${made.id}/update/`, { color: 1 }), 200),
      ).toMatchObject({ id: made.id, color: 1 });
      expect(days(await expectStatus(await month(t, hotel.owner, p, '2026-12-01'), 200))[rooms[2]!]).toEqual({
        '2026-12-24': 1,
      });
      const stranger = await party(t, 'accommodation');
      expect((await call(t, stranger.owner, 'PUT', `/api/stop-sale/${made.id}/update/`, { color: 2 })).status).toBe(
        404,
      );
      expect((await call(t, stranger.owner, 'DELETE', `/api/stop-sale/${made.id}/delete/`)).status).toBe(404);
      expect((await call(t, hotel.owner, 'DELETE', `/api/stop-sale/${made.id}/delete/`)).status).toBe(204);
      expect((await call(t, hotel.owner, 'DELETE', `/api/stop-sale/${made.id}/delete/`)).status).toBe(404);
      expect(
        (
          await call(t, hotel.owner, 'POST', '/api/stop-sale/create/', {
            room: otherRoom,
            date: '2027-13-01',
            color: 1,
          })
        ).status,
      ).toBe(400);
    });

    it('lets members read without a flag and change only with stop_sales', async () => {
      const reader = await signUp(t, {
        account_type: 'accommodation',
        manager: hotel.owner.id,
        managerToken: hotel.owner.token,
      });
      const writer = await signUp(t, {
        account_type: 'accommodation',
        manager: hotel.owner.id,
        managerToken: hotel.owner.token,
      });
      for (const [who, flags] of [
        [reader, {}],
        [writer, { stop_sales: true }],
      ] as const) {
        const res = await t.api('POST', '/api/auth/permissions/create/', {
          token: hotel.owner.token,
          body: { user: who.id, properties_allowed: [p], ...flags },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      expect((await month(t, reader, p, '2026-12-01')).status).toBe(200);
      expect((await month(t, reader, other, '2026-12-01')).status).toBe(404);
      const body = {
        date: '2026-12-01',
        rooms: [{ id: rooms[1], events: [{ date: '2026-12-15', color: 2, state: 'create' }] }],
      };
      expect((await save(t, reader, body)).status).toBe(403);
      expect(
        (await range(t, reader, { hotel: p, rooms: [rooms[1]], from: '2026-12-15', to: '2026-12-16', color: 2 }))
          .status,
      ).toBe(403);
      expect((await save(t, writer, body)).status).toBe(200);
      expect(
        (
          await save(t, writer, {
            date: '2026-12-01',
            rooms: [{ id: otherRoom, events: [{ date: '2026-12-15', color: 2, state: 'create' }] }],
          })
        ).status,
      ).toBe(404);
      expect(await expectStatus(await call(t, reader, 'GET', '/api/stop-sale/calendar-groups'), 200)).toEqual([
        'Contracted',
      ]);
    });

    it('records each change in the audit trail with who made it, and nothing for a write that changes nothing', async () => {
      const trail = async () =>
        (
          (
            (
              await t.api('GET', '/api/settings/audit-trail/?kind=stop-sale', { token: hotel.owner.token })
            ).json() as Json
          ).results as Json[]
        ).filter((e) => e.property === other);
      const before = (await trail()).length;
      await expectStatus(
        await range(t, hotel.owner, {
          hotel: other,
          rooms: [otherRoom],
          from: '2027-03-01',
          to: '2027-03-04',
          color: 3,
        }),
        200,
      );
      // The same state again: no day changes, nothing recorded.
      await expectStatus(
        await range(t, hotel.owner, {
          hotel: other,
          rooms: [otherRoom],
          from: '2027-03-01',
          to: '2027-03-04',
          color: 3,
        }),
        200,
      );
      const events = await trail();
      expect(events).toHaveLength(before + 1);
      expect(events[0]).toMatchObject({
        kind: 'stop-sale',
        action: 'update',
        actor_email: hotel.owner.email,
        summary: 'Sol Monte stop-sale: Monte Double 2027-03-01 to 2027-03-04 On Request',
      });
    });

    it('shows contracted operators the chart with their codes, 404 without a contract, and tells those that sync', async () => {
      const syncing = await party(t, 'to', { name: 'Sync Tours' });
      const quiet = await party(t, 'to', { name: 'Quiet Tours' });
      const none = await party(t, 'to', { name: 'No Contract Tours' });
      await accepted(t, hotel.owner, syncing.owner, { to_sync_ss: 'Y', ss_deadline: 48 });
      await accepted(t, hotel.owner, quiet.owner, { to_sync_ss: 'N', ss_deadline: 72 });
      const mapping = await call(t, syncing.owner, 'POST', '/api/tour-operator/mapping/hotel/create/', {
        hotel: p,
        stop_event_code: 'SS',
        request_event_code: 'RQ',
        rooms: [],
      });
      expect([200, 201], JSON.stringify(mapping.body)).toContain(mapping.status);
      expect((await expectStatus(await month(t, hotel.owner, p, '2026-12-01'), 200)).deadline_hours).toBe(48);

      await expectStatus(
        await range(t, hotel.owner, {
          hotel: p,
          rooms: [rooms[0], rooms[1]],
          from: '2027-01-05',
          to: '2027-01-09',
          color: 2,
        }),
        200,
      );
      const seen = await expectStatus(
        await call(t, syncing.owner, 'GET', `/api/partners/stop-sale/${p}/?date=2027-01-01`),
        200,
      );
      expect(days(seen)[rooms[0]!]!['2027-01-07']).toBe(2);
      expect((seen.rooms as Json[])[0]!.codes).toEqual({
        free: null,
        open: null,
        stop: 'SS',
        request: 'RQ',
        block: null,
      });
      expect((await call(t, none.owner, 'GET', `/api/partners/stop-sale/${p}/?date=2027-01-01`)).status).toBe(404);
      expect((await call(t, hotel.owner, 'GET', `/api/partners/stop-sale/${p}/?date=2027-01-01`)).status).toBe(403);

      const bell = async (a: Account) =>
        ((await call(t, a, 'GET', '/api/notification/')).body as unknown as Json[]).filter(
          (n) => n.notification_type === 'stop_sale_changed',
        );
      const told = await bell(syncing.owner);
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain('Sol Playa');
      expect(told[0]!.message).toContain('Double 2027-01-05 to 2027-01-09 Stop Sale');
      expect(told[0]!.message).toContain('Suite 2027-01-05 to 2027-01-09 Stop Sale');
      expect(await bell(quiet.owner)).toEqual([]);
    });
  });
}
