/**
 * The partner side under races (issue 24 §7), the sibling of races.test.ts: calls that compete
 * for one record get exactly one winner and a clear 400 or 409 for the others, never a 5xx, and
 * the database agrees with the answers. Contract moves racing each other are in
 * partners/concurrency.test.ts; here a move against a delete.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/db.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { signUp, type Account } from '../helpers/accounts.js';
import { createProperty } from '../helpers/properties.js';
import { emitWebhook } from '../../src/server/features/webhooks/index.js';
import { publishNow, whitelist, type Json } from '../helpers/fixtures/partner-api-access.js';
import { groupWith, publishedHotel } from '../helpers/fixtures/published-hotel.js';
import { edit, propose, remove } from '../helpers/fixtures/contract-parties.js';
import { accepted } from '../helpers/fixtures/contracted-operator.js';

const ROUNDS = 8;
const N = 8;
const parallel = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));
const codes = (all: { statusCode: number }[]) => all.map((r) => r.statusCode).sort();

for (const dialect of dialects()) {
  describe(`partner-side races (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_SECONDS: '2' });
    });
    afterAll(() => t.stop());
    const db = () => t.services.db.kysely;

    it('an API key saved for a whitelist entry being deleted: the key (201) or the delete (204), the other 400 or 409', async () => {
      const op = await signUp(t, { account_type: 'to' });
      for (let round = 0; round < ROUNDS; round++) {
        const entry = await whitelist(t, op, '127.0.0.1', `Race ${round}`);
        const [key, del] = await Promise.all([
          t.api('POST', '/api/settings/api-key/create/', {
            token: op.token,
            body: { title: `Key ${round}`, domain: entry.id, fact_sheet: true },
          }),
          t.api('DELETE', `/api/settings/whitelist/delete/${entry.id}/`, { token: op.token }),
        ]);
        const pair = `${key.statusCode} ${key.body} / ${del.statusCode} ${del.body}`;
        if (key.statusCode === 201) expect(del.statusCode, pair).toBe(409);
        else {
          expect(key.statusCode, pair).toBe(400);
          expect(key.json(), pair).toEqual({ domain: ['Choose one of your whitelist entries.'] });
          expect(del.statusCode, pair).toBe(204);
        }
        const keys = await db().selectFrom('api_keys').select('id').where('whitelist_id', '=', entry.id).execute();
        const entries = await db().selectFrom('whitelists').select('id').where('id', '=', entry.id).execute();
        expect([keys.length, entries.length], pair).toEqual(key.statusCode === 201 ? [1, 1] : [0, 0]);
      }
    });

    it('sends of one photo zip to one group at once while the worker sends: one job, every call answered with it', async () => {
      const hotel = await signUp(t);
      const property = await publishedHotel(t, hotel.token, 'Race Photos');
      const group = await groupWith(t, hotel.token, ['race-photos@example.com']);
      for (let round = 0; round < 3; round++) {
        const [all] = await Promise.all([
          parallel(N, () => t.api('GET', `/api/facts/send-photos/${group}/acc/${property}`, { token: hotel.token })),
          t.services.jobs.runDue(),
        ]);
        expect(
          all.every((r) => r.statusCode < 500),
          all.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
        ).toBe(true);
        await t.services.jobs.runDue();
      }
    });

    it('widget creates at once: one widget (201), 409 for the others', async () => {
      const hotel = await signUp(t);
      const p = (await createProperty(t, hotel.token)).id;
      const all = await parallel(N, () =>
        t.api('POST', '/api/settings/widget/create/', { token: hotel.token, body: { hotel: p } }),
      );
      expect(codes(all), all.map((r) => r.body).join('\n')).toEqual([201, ...Array<number>(N - 1).fill(409)]);
      expect(await db().selectFrom('widgets').select('id').where('property_id', '=', p).execute()).toHaveLength(1);
    });

    it("an operator's mapping codes for one hotel saved at once: one mapping, the others 400 or 409", async () => {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const p = (await createProperty(t, hotel.token)).id;
      await accepted(t, hotel, op);
      await publishNow(t, p, hotel.id);
      const all = await parallel(N, (i) =>
        t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
          token: op.token,
          body: { hotel: p, override_code: `RACE-${i}` },
        }),
      );
      const won = all.filter((r) => r.statusCode < 300);
      expect(
        all.every((r) => r.statusCode < 300 || r.statusCode === 400 || r.statusCode === 409),
        all.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
      ).toBe(true);
      expect(won.length).toBeGreaterThanOrEqual(1);
      const rows = await db()
        .selectFrom('hotel_mappings')
        .select('override_code')
        .where('property_id', '=', p)
        .where('operator_account_id', '=', op.id)
        .execute();
      expect(rows).toHaveLength(1);
      // The stored code is one a caller was told it saved.
      expect(won.map((r) => r.json().override_code)).toContain(rows[0]!.override_code);
    });

    it('exports of one operator at once, downloads asked while they build: each its own, never a 5xx', async () => {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const p = (await createProperty(t, hotel.token)).id;
      await accepted(t, hotel, op);
      await publishNow(t, p, hotel.id);
      const made = await parallel(4, () =>
        t.api('POST', '/api/tour-operator/exports/', {
          token: op.token,
          body: { hotels: [p], contents: ['json'], language: 'en', layout: 'G' },
        }),
      );
      expect(codes(made)).toEqual([201, 201, 201, 201]);
      const ids = made.map((r) => r.json().id as number);
      const [downloads] = await Promise.all([
        Promise.all(ids.map((id) => t.api('GET', `/api/tour-operator/exports/${id}/download/`, { token: op.token }))),
        t.services.jobs.runDue(),
      ]);
      for (const d of downloads) expect([200, 409]).toContain(d.statusCode);
      await t.services.jobs.runDue();
      for (const id of ids)
        expect((await t.api('GET', `/api/tour-operator/exports/${id}/download/`, { token: op.token })).statusCode).toBe(
          200,
        );
    });

    it('webhook edits and deletes while its deliveries are sent: never a 5xx, nothing sent to a deleted endpoint afterwards', async () => {
      const op = await signUp(t, { account_type: 'to' });
      const hooks: Json[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.api('POST', '/api/settings/webhook/create/', {
          token: op.token,
          body: { url: `http://127.0.0.1:9/hooks/${i}`, events: ['facts.updated'] },
        });
        expect(res.statusCode, res.body).toBe(201);
        hooks.push(res.json());
      }
      await db()
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 4; i++) await emitWebhook(t.services, trx, [op.id], 'facts.updated', { n: i });
        });
      const calls = await Promise.all([
        t.services.jobs.runDue().then(() => ({ statusCode: 0, body: 'worker' })),
        t.api('PUT', `/api/settings/webhook/update/${hooks[0]!.id}/`, {
          token: op.token,
          body: { url: 'http://127.0.0.1:9/moved', events: ['facts.updated'], rotate_secret: true },
        }),
        t.api('DELETE', `/api/settings/webhook/delete/${hooks[1]!.id}/`, { token: op.token }),
        t.api('DELETE', `/api/settings/webhook/delete/${hooks[1]!.id}/`, { token: op.token }),
        t.api('POST', `/api/settings/webhook/resume/${hooks[2]!.id}/`, { token: op.token }),
      ]);
      const answers = calls.slice(1).map((r) => r.statusCode);
      expect(answers[0]).toBe(200);
      expect([answers[1], answers[2]].sort()).toEqual([204, 404]);
      expect(answers[3]).toBe(200);
      t.clock.advance(10 * 60_000);
      await t.services.jobs.runDue();
      expect(
        await db()
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', hooks[1]!.id as number)
          .execute(),
      ).toEqual([]);
      const dead = await db()
        .selectFrom('jobs')
        .select(['last_error'])
        .where('account_id', '=', op.id)
        .where('state', '=', 'dead')
        .execute();
      expect(dead).toEqual([]);
    });

    it('a proposal accepted and deleted at once: one of them, the other 400 or 404, never a 5xx', async () => {
      for (let round = 0; round < 4; round++) {
        const hotel = await signUp(t);
        const op = await signUp(t, { account_type: 'to' });
        const c = await propose(t, hotel, op.id);
        const [accept, del] = await Promise.all([
          edit(t, op as Account, c.id as number, { status: 'A' }),
          remove(t, hotel, c.id as number),
        ]);
        const pair = `${accept.status} ${JSON.stringify(accept.body)} / ${del.status} ${JSON.stringify(del.body)}`;
        expect(accept.status < 500 && del.status < 500, pair).toBe(true);
        expect(
          [accept.status, del.status].filter((s) => s < 300),
          pair,
        ).toHaveLength(1);
      }
    });
  });
}
