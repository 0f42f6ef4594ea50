/**
 * Webhooks (issue 16 §3): endpoints of an account receive its events signed per Standard
 * Webhooks (verified with the standardwebhooks library), through the job queue: a receiver's
 * failure is retried after the back-off, every attempt is in the delivery log, a delivery can be
 * sent again with the same message id; operators hear only of hotels their contracts cover.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signIn, signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { publishNow, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { DELIVERY_RETENTION_DAYS, sweepOldDeliveries } from '../../../src/server/features/webhooks/index.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on a local port: answers the statuses given in turn (then 200), keeps what it got. */
async function receiver(statuses: number[] = []) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { got, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`webhooks (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { WEBHOOK_ALLOW_PRIVATE: '1' });
    });
    afterAll(() => t.stop());

    it('signs per Standard Webhooks, retries a failure after the back-off, logs every attempt and redelivers the same message', async () => {
      const rx = await receiver([500]);
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Sol' })).id;
      const create = await t.api('POST', '/api/settings/webhook/create/', {
        token: op.token,
        body: { url: rx.url, events: ['mapping.updated'] },
      });
      expect(create.statusCode, create.body).toBe(201);
      const hook = create.json();
      expect(hook.secret).toMatch(/^whsec_/);
      expect((await t.api('GET', '/api/settings/webhooks/', { token: op.token })).json()[0].secret).toBeNull();
      const sealed = await t.services.db.kysely
        .selectFrom('webhook_endpoints')
        .select('secret')
        .where('id', '=', hook.id)
        .executeTakeFirstOrThrow();
      expect(sealed.secret).not.toContain(hook.secret.slice(6));

      await accepted(t, hotel, op);
      await publishNow(t, property, hotel.id);
      const map = await t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
        token: op.token,
        body: { hotel: property, override_code: 'SOL-1' },
      });
      expect(map.statusCode, map.body).toBeLessThan(300);
      await t.services.jobs.runDue();
      const mapping = () => rx.got.filter((r) => JSON.parse(r.body).type === 'mapping.updated');
      expect(mapping()).toHaveLength(1);
      let log = (
        await t.api('GET', `/api/settings/webhook/deliveries/${hook.id}/`, { token: op.token })
      ).json() as Json[];
      const first = log.find((d) => d.event === 'mapping.updated')!;
      expect(first).toMatchObject({ status: 'pending', response_code: 500, attempts: 1 });

      // After the back-off, the second attempt is accepted.
      t.clock.advance(60_000);
      await t.services.jobs.runDue();
      expect(mapping()).toHaveLength(2);
      log = (await t.api('GET', `/api/settings/webhook/deliveries/${hook.id}/`, { token: op.token })).json() as Json[];
      expect(log.find((d) => d.id === first.id)).toMatchObject({
        status: 'delivered',
        response_code: 200,
        attempts: 2,
        delivered_at: t.clock.now().toISOString(),
      });

      // Signed: the library verifies it with the endpoint's secret, and refuses another secret.
      // (The library checks the timestamp against its clock: set it to the app's test clock.)
      const sent = mapping()[1]!;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(t.clock.now());
      try {
        const payload = new Webhook(hook.secret).verify(sent.body, sent.headers as Record<string, string>) as Json;
        expect(payload).toMatchObject({ type: 'mapping.updated', data: { property } });
        expect(() =>
          new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(
            sent.body,
            sent.headers as Record<string, string>,
          ),
        ).toThrow();
      } finally {
        vi.useRealTimers();
      }
      expect(sent.headers['webhook-id']).toBe(first.message_id);

      // Redelivery: same message id and body, logged.
      const again = await t.api('POST', `/api/settings/webhook/delivery/${first.id}/redeliver/`, { token: op.token });
      expect(again.statusCode, again.body).toBe(202);
      await t.services.jobs.runDue();
      expect(mapping()).toHaveLength(3);
      expect(mapping()[2]!.headers['webhook-id']).toBe(first.message_id);
      expect(mapping()[2]!.body).toBe(sent.body);
      // Another account's delivery does not exist for this one.
      expect(
        (await t.api('POST', `/api/settings/webhook/delivery/${first.id}/redeliver/`, { token: hotel.token }))
          .statusCode,
      ).toBe(404);
      await rx.close();
    });

    it("tells an operator's endpoint of a covered hotel's publish, never of a hotel it has no contract with", async () => {
      const rx = await receiver();
      const op = await signUp(t, { account_type: 'to' });
      const covered = await signUp(t);
      const other = await signUp(t);
      const a = (await createProperty(t, covered.token, { hotel_name: 'Covered' })).id;
      const b = (await createProperty(t, other.token, { hotel_name: 'Other' })).id;
      await accepted(t, covered, op);
      const created = await t.api('POST', '/api/settings/webhook/create/', {
        token: op.token,
        body: { url: rx.url, events: ['property.published'] },
      });
      expect(created.statusCode).toBe(201);
      for (const [owner, property] of [
        [covered, a],
        [other, b],
      ] as const) {
        const res = await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: owner.token });
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 400) {
          // Not publishable yet: publish directly and tell as the publish does.
          await publishNow(t, property, owner.id);
        }
      }
      await t.services.jobs.runDue();
      const properties = rx.got.map((r) => (JSON.parse(r.body) as Json).data.property);
      expect(properties).not.toContain(b);
      await rx.close();
    });

    it('keeps settled deliveries for the retention window and pending ones whatever their age', async () => {
      const ok = await receiver();
      const down = await receiver(Array(20).fill(503) as number[]);
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Retained' })).id;
      const hooks: Json[] = [];
      for (const url of [ok.url, down.url])
        hooks.push(
          (
            await t.api('POST', '/api/settings/webhook/create/', {
              token: op.token,
              body: { url, events: ['mapping.updated'] },
            })
          ).json(),
        );
      await accepted(t, hotel, op);
      await publishNow(t, property, hotel.id);
      const map = (code: string) =>
        t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
          token: op.token,
          body: { hotel: property, override_code: code },
        });
      expect((await map('OLD-1')).statusCode).toBeLessThan(300);
      await t.services.jobs.runDue();
      const log = async (hook: Json) =>
        (
          (await t.api('GET', `/api/settings/webhook/deliveries/${hook.id}/`, { token: op.token })).json() as Json[]
        ).map((d) => d.status as string);
      expect(await log(hooks[0]!)).toEqual(['delivered']);
      expect(await log(hooks[1]!)).toEqual(['pending']);

      // Past the window: the delivered one goes, the pending one stays; a new delivery stays.
      t.clock.advance((DELIVERY_RETENTION_DAYS + 1) * 86_400_000);
      op.token = await signIn(t, op.email, PASSWORD);
      expect((await map('NEW-1')).statusCode).toBeLessThan(300);
      await t.services.jobs.runDue();
      expect(await sweepOldDeliveries(t.services)).toBeGreaterThanOrEqual(1);
      expect(await log(hooks[0]!)).toEqual(['delivered']);
      expect(await log(hooks[1]!)).toEqual(['pending', 'pending']);
      await ok.close();
      await down.close();
    });

    it('refuses a URL that is not http(s) and answers 404 for another account endpoint', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      expect(
        (
          await t.api('POST', '/api/settings/webhook/create/', {
            token: a.token,
            body: { url: 'ftp://x.example/', events: ['facts.updated'] },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await t.api('POST', '/api/settings/webhook/create/', {
            token: a.token,
            body: { url: 'https://x.example/', events: [] },
          })
        ).statusCode,
      ).toBe(400);
      const hook = (
        await t.api('POST', '/api/settings/webhook/create/', {
          token: a.token,
          body: { url: 'https://x.example/', events: ['facts.updated'] },
        })
      ).json();
      expect((await t.api('GET', `/api/settings/webhook/deliveries/${hook.id}/`, { token: b.token })).statusCode).toBe(
        404,
      );
      expect((await t.api('DELETE', `/api/settings/webhook/delete/${hook.id}/`, { token: b.token })).statusCode).toBe(
        404,
      );
      const rotated = await t.api('PUT', `/api/settings/webhook/update/${hook.id}/`, {
        token: a.token,
        body: { url: 'https://y.example/', events: ['facts.updated'], rotate_secret: true },
      });
      expect(rotated.json().secret).toMatch(/^whsec_/);
      expect(rotated.json().secret).not.toBe(hook.secret);
      expect((await t.api('DELETE', `/api/settings/webhook/delete/${hook.id}/`, { token: a.token })).statusCode).toBe(
        204,
      );
    });
  });
}
