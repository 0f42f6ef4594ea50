/**
 * "Sent, not confirmed" (issue 16 §3): the hotel sees, per operator whose contract syncs its
 * stop-sale, whether that operator's webhook receiver has acknowledged (2xx) the latest change;
 * a receiver that refuses keeps the change unconfirmed (with its attempts and answer) until a
 * retry is accepted. Operators that do not sync, or have no contract, are not listed; another
 * account's property is 404.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { createProperty } from '../../helpers/properties.js';
import { answerProblems, routeOf } from '../../helpers/answer-shape.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import { accepted, call, expectStatus, type Json } from '../../helpers/fixtures/contracted-operator.js';

/** A receiver answering the statuses given in turn (then 200); counts what it got. */
async function receiver(statuses: number[]) {
  let got = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got++;
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    got: () => got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`stop-sale partner sync status (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party;
    let p: number;
    let room: number;

    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { WEBHOOK_ALLOW_PRIVATE: '1' });
      hotel = await hotelWithProperties(t, 0, { name: 'Sync Hotels' });
      p = (await createProperty(t, hotel.owner.token, { hotel_name: 'Sol Sync' })).id;
      const rooms = await t.api('POST', `/api/facts/rooms/update/${p}/`, {
        token: hotel.owner.token,
        body: [{ id: 0, room_name: 'Double', room_name_type: 'double room', room_view: 'Sea view' }],
      });
      expect(rooms.statusCode, rooms.body).toBe(200);
      room = rooms.json<Json[]>()[0]!.id as number;
    }, 60_000);
    afterAll(() => t.stop());

    const status = async () => {
      const res = await call(t, hotel.owner, 'GET', `/api/stop-sale/sync/${p}/status/`);
      const body = await expectStatus(res, 200);
      expect(
        answerProblems(t.services.schemas, routeOf('GET', `/api/stop-sale/sync/${p}/status/`)!, 200, body),
      ).toEqual([]);
      return body as unknown as Json[];
    };
    const byName = (items: Json[], name: string) => items.find((i) => i.company_name === name);

    it('shows a change as sent, not confirmed until the syncing operator acknowledges it, and only syncing operators', async () => {
      const rx = await receiver([500]);
      const syncing = await party(t, 'to', { name: 'Sync Receiver Tours' });
      const puller = await party(t, 'to', { name: 'Pulling Tours' });
      const quiet = await party(t, 'to', { name: 'Quiet Sync Tours' });
      const stranger = await party(t, 'to', { name: 'Stranger Tours' });
      await accepted(t, hotel.owner, syncing.owner, { to_sync_ss: 'Y' });
      await accepted(t, hotel.owner, puller.owner, { to_sync_ss: 'O' });
      await accepted(t, hotel.owner, quiet.owner, { to_sync_ss: 'N' });
      for (const op of [syncing, quiet, stranger]) {
        await expectStatus(
          await call(t, op.owner, 'POST', '/api/settings/webhook/create/', {
            url: rx.url,
            events: ['stop_sale.updated'],
          }),
          201,
        );
      }

      let items = await status();
      expect(items.map((i) => i.company_name).sort()).toEqual(['Pulling Tours', 'Sync Receiver Tours']);
      expect(byName(items, 'Pulling Tours')).toMatchObject({
        state: 'no_receiver',
        last_sent_at: null,
        unconfirmed: [],
      });
      expect(byName(items, 'Sync Receiver Tours')).toMatchObject({
        state: 'nothing_sent',
        last_sent_at: null,
        confirmed_at: null,
        unconfirmed_count: 0,
      });

      // Saved: queued for the receiver, not yet acknowledged.
      await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/stop-sale/range/', {
          hotel: p,
          rooms: [room],
          from: '2027-02-01',
          to: '2027-02-03',
          color: 2,
        }),
        200,
      );
      const sentAt = t.clock.now().toISOString();
      items = await status();
      expect(items[0]).toMatchObject({
        company_name: 'Sync Receiver Tours',
        state: 'not_confirmed',
        last_sent_at: sentAt,
        confirmed_at: null,
        unconfirmed_count: 1,
      });
      expect(items[0]!.unconfirmed).toEqual([
        {
          message: expect.stringContaining('Double 2027-02-01 to 2027-02-03 Stop Sale'),
          sent_at: sentAt,
          status: 'pending',
          attempts: 0,
          response_code: null,
        },
      ]);

      // The receiver refuses: still not confirmed, with the attempt and its answer.
      await t.services.jobs.runDue();
      expect(rx.got()).toBe(1);
      items = await status();
      expect(items[0]).toMatchObject({ state: 'not_confirmed', unconfirmed_count: 1 });
      expect(items[0]!.unconfirmed[0]).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 });

      // The retry is accepted: confirmed, with the time of the acknowledgement.
      t.clock.advance(60_000);
      await t.services.jobs.runDue();
      const confirmedAt = t.clock.now().toISOString();
      items = await status();
      expect(byName(items, 'Sync Receiver Tours')).toMatchObject({
        state: 'confirmed',
        last_sent_at: sentAt,
        confirmed_at: confirmedAt,
        unconfirmed_count: 0,
        unconfirmed: [],
      });

      // A later change is unconfirmed again though the earlier one was acknowledged.
      t.clock.advance(60_000);
      await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/stop-sale/range/', {
          hotel: p,
          rooms: [room],
          from: '2027-02-10',
          to: '2027-02-10',
          color: null,
        }),
        200,
      );
      await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/stop-sale/range/', {
          hotel: p,
          rooms: [room],
          from: '2027-02-01',
          to: '2027-02-01',
          color: 4,
        }),
        200,
      );
      items = await status();
      const late = byName(items, 'Sync Receiver Tours')!;
      expect(late).toMatchObject({ state: 'not_confirmed', confirmed_at: confirmedAt, unconfirmed_count: 1 });
      expect(late.unconfirmed[0].message).toContain('Blocked');
      await t.services.jobs.runDue();
      expect(byName(await status(), 'Sync Receiver Tours')).toMatchObject({ state: 'confirmed', unconfirmed_count: 0 });
      await rx.close();
    });

    it("answers 404 for another account's property and 403 to a tour operator", async () => {
      const other = await hotelWithProperties(t, 1, { name: 'Other Hotels' });
      expect((await call(t, other.owner, 'GET', `/api/stop-sale/sync/${p}/status/`)).status).toBe(404);
      expect((await call(t, hotel.owner, 'GET', `/api/stop-sale/sync/${other.properties[0]}/status/`)).status).toBe(
        404,
      );
      const op = await party(t, 'to');
      expect((await call(t, op.owner, 'GET', `/api/stop-sale/sync/${p}/status/`)).status).toBe(403);
      // A sub-user reads it exactly where it reads the chart (allowed properties, no flag needed).
      for (const sub of [hotel.withFlag, hotel.withoutFlag]) {
        const chart = (await call(t, sub, 'GET', `/api/stop-sale/${p}/`)).status;
        expect((await call(t, sub, 'GET', `/api/stop-sale/sync/${p}/status/`)).status).toBe(chart);
      }
    });
  });
}
