/**
 * Webhook targets cannot reach the server's own network (issue 24 §1): every spelling of a
 * loopback, private, link-local, CGNAT, multicast, unspecified, documentation or reserved address
 * is refused when the endpoint is saved, and again at the connection, after the name is resolved
 * (an endpoint whose name resolves inward at delivery time reaches nothing). Local receivers are
 * allowed only with WEBHOOK_ALLOW_PRIVATE, which production refuses. Redirects are not followed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { loadConfig } from '../../../src/server/config.js';
import { emitWebhook } from '../../../src/server/features/webhooks/index.js';
import type { Json } from '../../helpers/fixtures/partner-api-access.js';

/** A receiver on 127.0.0.1 that counts what reaches it and answers `status` (with `location`). */
async function receiver(status = 200, location?: string) {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.statusCode = status;
    if (location) res.setHeader('location', location);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, hits: () => hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every spelling of the machine's own and other non-public addresses tried by the attacker. */
const inward = (port: number) => [
  `http://127.0.0.1:${port}/hooks`,
  `http://2130706433:${port}/hooks`,
  `http://0x7f000001:${port}/hooks`,
  `http://0177.0.0.1:${port}/hooks`,
  `http://017700000001:${port}/hooks`,
  `http://127.1:${port}/hooks`,
  `http://0x7f.1:${port}/hooks`,
  `http://127.0.0.1.:${port}/hooks`,
  `http://[::ffff:127.0.0.1]:${port}/hooks`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${port}/hooks`,
  `http://[::1]:${port}/hooks`,
  `http://localhost:${port}/hooks`,
  `http://localhost.:${port}/hooks`,
  `http://LOCALHOST:${port}/hooks`,
  `http://0:${port}/hooks`,
  'http://[::]/hooks',
  'http://10.0.0.1/hooks',
  'http://172.16.5.4/hooks',
  'http://192.168.1.1/hooks',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/hooks',
  'http://224.0.0.1/hooks',
  'http://192.0.2.10/hooks',
  'http://198.51.100.7/hooks',
  'http://203.0.113.9/hooks',
  'http://198.18.0.1/hooks',
  'http://240.0.0.1/hooks',
  'http://255.255.255.255/hooks',
  'http://[fd00::1]/hooks',
  'http://[fe80::1]/hooks',
  'http://[ff02::1]/hooks',
  'http://[2001:db8::1]/hooks',
  'http://[64:ff9b::7f00:1]/hooks',
  'http://[2002:7f00:1::]/hooks',
  'https://127.0.0.1/hooks',
];

for (const dialect of dialects()) {
  describe(`webhook targets (${dialect})`, () => {
    let t: TestApp;
    let op: Account;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      op = await signUp(t, { account_type: 'to' });
    });
    afterAll(() => t.stop());

    it('refuses every inward address in any spelling when an endpoint is created or edited', async () => {
      const create = (url: string) =>
        t.api('POST', '/api/settings/webhook/create/', { token: op.token, body: { url, events: ['facts.updated'] } });
      for (const url of inward(8080)) {
        const res = await create(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().url.join(' '), url).toMatch(/private, local or reserved network/);
      }
      // A public receiver is accepted (nothing is connected at save time) and cannot be turned inward by an edit.
      const ok = await create('https://93.184.215.14/hooks');
      expect(ok.statusCode, ok.body).toBe(201);
      for (const url of ['http://[::ffff:7f00:1]/x', 'http://169.254.169.254/', 'http://localhost/']) {
        const res = await t.api('PUT', `/api/settings/webhook/update/${ok.json().id}/`, {
          token: op.token,
          body: { url, events: ['facts.updated'] },
        });
        expect(res.statusCode, url).toBe(400);
      }
      const rows = await t.services.db.kysely
        .selectFrom('webhook_endpoints')
        .select('url')
        .where('account_id', '=', op.id)
        .execute();
      expect(rows.map((r) => r.url)).toEqual(['https://93.184.215.14/hooks']);
    });

    it('refuses at the connection an endpoint whose address turns out inward when it is sent to', async () => {
      const rx = await receiver();
      const db = t.services.db.kysely;
      const now = t.clock.now().toISOString();
      // Saved while their names pointed outward (written directly: the save would refuse them now).
      const urls = [
        `http://localhost:${rx.port}/hooks`,
        `http://localhost.:${rx.port}/hooks`,
        `http://2130706433:${rx.port}/hooks`,
        `http://[::ffff:127.0.0.1]:${rx.port}/hooks`,
        `http://127.0.0.1.:${rx.port}/hooks`,
      ];
      const owner = await signUp(t, { account_type: 'to' });
      for (const url of urls) {
        await db
          .insertInto('webhook_endpoints')
          .values({
            account_id: owner.id,
            url,
            events: '["facts.updated"]',
            active: true,
            secret: t.services.secrets.seal(
              'whsec_' + Buffer.alloc(24, 7).toString('base64'),
              `webhook-secret:${owner.id}`,
            ),
            date_created: now,
            created_by: owner.id,
          })
          .execute();
      }
      expect(
        await db
          .transaction()
          .execute((trx) => emitWebhook(t.services, trx, [owner.id], 'facts.updated', { property: 1 })),
      ).toBe(urls.length);
      await t.services.jobs.runDue();
      expect(rx.hits()).toBe(0);
      const log = await db
        .selectFrom('webhook_deliveries')
        .select(['status', 'response_code', 'attempts'])
        .where('account_id', '=', owner.id)
        .execute();
      expect(log).toHaveLength(urls.length);
      for (const d of log) expect(d).toEqual({ status: 'pending', response_code: null, attempts: 1 });
      await rx.close();
    });

    it('allows local receivers only with WEBHOOK_ALLOW_PRIVATE, which production refuses', () => {
      expect(loadConfig({}).webhooks.allowPrivate).toBe(false);
      expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhooks.allowPrivate).toBe(true);
      expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: '1' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
    });
  });

  describe(`webhook sends with local receivers allowed (${dialect})`, () => {
    // The usual time limit of an attempt: a redirect's answer is not to race it on a busy machine
    // (a process kept waiting half a second found its limit passed before it read the answer).
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { WEBHOOK_ALLOW_PRIVATE: '1' });
    });
    afterAll(() => t.stop());

    async function endpoint(url: string, app = t): Promise<{ owner: Account; hook: Json }> {
      const owner = await signUp(app, { account_type: 'to' });
      const res = await app.api('POST', '/api/settings/webhook/create/', {
        token: owner.token,
        body: { url, events: ['facts.updated'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { owner, hook: res.json() };
    }
    const deliveries = (owner: Account, hook: Json, app = t) =>
      app
        .api('GET', `/api/settings/webhook/deliveries/${hook.id}/`, { token: owner.token })
        .then((r) => r.json() as Json[]);

    it('does not follow a redirect, even to another local receiver', async () => {
      const target = await receiver();
      const bouncer = await receiver(307, `http://127.0.0.1:${target.port}/elsewhere`);
      const { owner, hook } = await endpoint(`http://127.0.0.1:${bouncer.port}/hooks`);
      await t.services.db.kysely
        .transaction()
        .execute((trx) => emitWebhook(t.services, trx, [owner.id], 'facts.updated', { property: 1 }));
      await t.services.jobs.runDue();
      expect(bouncer.hits()).toBe(1);
      expect(target.hits()).toBe(0);
      expect(await deliveries(owner, hook)).toMatchObject([{ status: 'pending', response_code: 307, attempts: 1 }]);
      await target.close();
      await bouncer.close();
    });

    it('ends an attempt to a receiver that never answers at its time limit', { timeout: 8_000 }, async () => {
      // An app of its own with a short limit, not to wait the usual 10 s.
      const quick = await startTestApp(dialect, {}, { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_SECONDS: '0.5' });
      const sockets = new Set<import('node:net').Socket>();
      const silent = http.createServer(() => undefined);
      silent.on('connection', (s) => sockets.add(s));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { owner, hook } = await endpoint(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`, quick);
      await quick.services.db.kysely
        .transaction()
        .execute((trx) => emitWebhook(quick.services, trx, [owner.id], 'facts.updated', { property: 1 }));
      await quick.services.jobs.runDue();
      expect(await deliveries(owner, hook, quick)).toMatchObject([
        { status: 'pending', response_code: null, attempts: 1 },
      ]);
      const job = await quick.services.db.kysely
        .selectFrom('jobs')
        .select(['state', 'last_error'])
        .where('account_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ state: 'queued', last_error: expect.stringMatching(/did not answer within 0.5 s/) });
      // The sender hung up: no connection is left open on the receiver's side.
      await expect.poll(() => [...sockets].filter((s) => !s.destroyed).length).toBe(0);
      silent.close();
      await quick.stop();
    });
  });
}

describe('the time limit of an attempt survives garbage collection', () => {
  it('ends at its time limit while the collector runs every 10 ms (node --expose-gc)', async () => {
    const { execFile } = await import('node:child_process');
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', 'tests/fixtures/webhooks/gc-probe.ts'],
        { timeout: 30_000 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    const { outcome } = JSON.parse(out.trim().split('\n').at(-1)!) as { outcome: string; ms: number };
    expect(outcome).toBe('ended: The receiver did not answer within 0.3 s.');
  }, 40_000);
});
