/**
 * A coalesced stop-sale notification names its whole burst (issue 25 §2): saves within the burst
 * window join one notification whose message names every room and date range the burst touched,
 * each day in the state it was left in, not only the last save's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { accepted, call, expectStatus, type Json } from '../../helpers/fixtures/contracted-operator.js';

async function addRooms(t: TestApp, token: string, property: number, names: string[]): Promise<number[]> {
  const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
    token,
    body: names.map((room_name) => ({ id: 0, room_name, room_name_type: 'double room', room_view: 'Sea view' })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }[]>().map((r) => r.id);
}

const told = async (t: TestApp, a: Account) =>
  ((await call(t, a, 'GET', '/api/notification/')).body as unknown as Json[]).filter(
    (n) => n.notification_type === 'stop_sale_changed',
  );

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`a coalesced stop-sale notification names its whole burst (${dialect})`, () => {
    let t: TestApp;
    let hotel: Account;
    let operator: Account;
    let property: number;
    let double: number;
    let suite: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await signUp(t);
      property = (await createProperty(t, hotel.token, { hotel_name: 'Mar Azul' })).id;
      [double, suite] = (await addRooms(t, hotel.token, property, ['Double', 'Suite'])) as [number, number];
      operator = await signUp(t, { account_type: 'to' });
      await accepted(t, hotel, operator, { to_sync_ss: 'Y' });
    });
    afterAll(() => t.stop());

    const range = (rooms: number[], from: string, to: string, color: number | null) =>
      call(t, hotel, 'POST', '/api/stop-sale/range/', { hotel: property, rooms, from, to, color });

    it('names every room and range of the burst, each day as it was left', async () => {
      await expectStatus(await range([double], '2027-03-01', '2027-03-07', 2), 200);
      await expectStatus(await range([suite], '2027-03-20', '2027-03-22', 3), 200);
      await expectStatus(await range([double], '2027-03-04', '2027-03-04', null), 200);
      const mine = await told(t, operator);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        count: 3,
        message:
          'Mar Azul stop-sale: Double 2027-03-01 to 2027-03-03, 2027-03-05 to 2027-03-07 Stop Sale; Double 2027-03-04 cleared; Suite 2027-03-20 to 2027-03-22 On Request',
      });
    });

    it('starts a new notification after the window, naming only its own changes', async () => {
      t.clock.advance(11 * 60_000);
      await expectStatus(await range([suite], '2027-04-01', '2027-04-02', 4), 200);
      const mine = await told(t, operator);
      expect(mine).toHaveLength(2);
      expect(mine.map((n) => n.message)).toContain('Mar Azul stop-sale: Suite 2027-04-01 to 2027-04-02 Blocked');
    });
  });
}
