/**
 * No account waits for another (issue 24 §2): the job queue runs each kind of job in a lane of
 * its own and at most JOB_ACCOUNT_CONCURRENCY jobs of one account per lane, so while one
 * tenant's receivers hang, a second tenant's delivery and the first tenant's own mail start at
 * once; a receiver that keeps failing is paused after WEBHOOK_PAUSE_AFTER failed attempts in a
 * row, its owner told by bell and mail, and it is resumed from the developer tools.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, PASSWORD, signUp, type Account } from '../../helpers/accounts.js';
import { emitWebhook } from '../../../src/server/features/webhooks/index.js';
import { NOTIFICATION_MAIL_QUEUE } from '../../../src/server/features/notifications/mail.js';
import type { Json } from '../../helpers/fixtures/partner-api-access.js';

/** A receiver: `hang` holds every request open (until close), otherwise answers `status()`. */
async function receiver(options: { hang?: boolean; status?: () => number } = {}) {
  let hits = 0;
  let open = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    hits++;
    open++;
    res.on('close', () => open--);
    req.resume();
    if (options.hang) return;
    req.on('end', () => {
      res.statusCode = options.status?.() ?? 200;
      res.end('ok');
    });
  });
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    hits: () => hits,
    open: () => open,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function hook(t: TestApp, owner: Account, url: string): Promise<Json> {
  const res = await t.api('POST', '/api/settings/webhook/create/', {
    token: owner.token,
    body: { url, events: ['facts.updated'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const emit = (t: TestApp, account: number, n = 1) =>
  t.services.db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < n; i++)
      await emitWebhook(t.services, trx, [account], 'facts.updated', { property: null, n: i });
  });

for (const dialect of dialects()) {
  describe(`one account's hanging receivers delay no other work (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // One slot per lane: without lanes and the per-account cap, the first hanging delivery
      // would hold the only slot for its whole time limit.
      t = await startTestApp(
        dialect,
        { worker: true },
        { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_SECONDS: '30', JOB_CONCURRENCY: '1', JOB_POLL_SECONDS: '0.2' },
      );
    });
    afterAll(() => t.stop());

    it(
      "starts a second tenant's delivery and the first tenant's mail at once while the first tenant's receivers hang",
      { timeout: 20_000 },
      async () => {
        const hang = await receiver({ hang: true });
        const fast = await receiver();
        const a = await signUp(t, { account_type: 'to' });
        const b = await signUp(t, { account_type: 'to' });
        await hook(t, a, hang.url);
        await hook(t, a, hang.url);
        await hook(t, b, fast.url);
        await emit(t, a.id, 2);
        await expect.poll(() => hang.open(), { timeout: 5_000 }).toBe(1);

        await emit(t, b.id);
        await t.services.db.kysely.transaction().execute((trx) =>
          t.services.jobs.enqueue(trx, {
            queue: NOTIFICATION_MAIL_QUEUE,
            payload: { subject: 'Still here', text: 'Mail is not held up by webhooks.' },
            accountId: a.id,
            recipients: [{ address: a.email }],
          }),
        );
        await expect.poll(() => fast.hits(), { timeout: 5_000 }).toBe(1);
        await expect
          .poll(() => t.mail.to(a.email).filter((m) => m.subject === 'Still here').length, { timeout: 5_000 })
          .toBe(1);
        // The first tenant still has one attempt in flight, not four: its other deliveries wait their turn.
        expect(hang.open()).toBe(1);
        expect(hang.hits()).toBe(1);
        const running = await t.services.db.kysely
          .selectFrom('jobs')
          .select('account_id')
          .where('state', '=', 'running')
          .where('queue', '=', 'webhooks.deliver')
          .execute();
        expect(running.filter((r) => r.account_id === a.id)).toHaveLength(1);
        await hang.close();
        await fast.close();
      },
    );
  });

  describe(`a receiver that keeps failing is paused (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_PAUSE_AFTER: '3' });
    });
    afterAll(() => t.stop());

    it('pauses after the failures in a row, tells the owner and the developers by bell and mail, sends nothing more, and resumes from the developer tools', async () => {
      let status = 500;
      const rx = await receiver({ status: () => status });
      const { owner: op, sub: dev } = await ownerWithSubUser(t, { developer_tools: true }, 'to');
      const { sub: other } = { sub: await signUp(t, { account_type: 'to', manager: op.id, managerToken: op.token }) };
      const endpoint = await hook(t, op, rx.url);
      const list = async () =>
        ((await t.api('GET', '/api/settings/webhooks/', { token: op.token })).json() as Json[]).find(
          (h) => h.id === endpoint.id,
        )!;

      await emit(t, op.id);
      await t.services.jobs.runDue();
      expect(await list()).toMatchObject({ paused_at: null, consecutive_failures: 1 });
      for (let i = 0; i < 2; i++) {
        t.clock.advance(10 * 60_000);
        await t.services.jobs.runDue();
      }
      expect(rx.hits()).toBe(3);
      const paused = await list();
      expect(paused).toMatchObject({ paused_at: t.clock.now().toISOString(), consecutive_failures: 3 });
      const log = (
        await t.api('GET', `/api/settings/webhook/deliveries/${endpoint.id}/`, { token: op.token })
      ).json() as Json[];
      expect(log).toMatchObject([
        { status: 'pending', response_code: 500, attempts: 3, error: 'The receiver answered 500.' },
      ]);

      // Told: the owner's and the developer's bell, not a member without developer tools; one mail.
      const bell = async (who: Account) =>
        ((await t.api('GET', '/api/notification/', { token: who.token })).json() as Json[]).filter(
          (n) => n.notification_type === 'webhook_paused',
        );
      expect(await bell(op)).toMatchObject([
        { link: '/dev-tools', extra_id: endpoint.id, message: expect.stringContaining(rx.url) },
      ]);
      expect(await bell(dev)).toHaveLength(1);
      expect(await bell(other)).toHaveLength(0);
      await t.services.jobs.runDue();
      const mails = t.mail.to(op.email).filter((m) => m.subject === 'A webhook endpoint was paused');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('The receiver answered 500.');

      // Paused: nothing more is attempted or recorded, whatever happens.
      await emit(t, op.id);
      t.clock.advance(60 * 60_000);
      await t.services.jobs.runDue();
      expect(rx.hits()).toBe(3);
      expect(
        (await t.api('GET', `/api/settings/webhook/deliveries/${endpoint.id}/`, { token: op.token })).json(),
      ).toHaveLength(1);

      // Resumed from the page's call (developers only; another account's endpoint does not exist).
      const stranger = await signUp(t, { account_type: 'to' });
      expect(
        (await t.api('POST', `/api/settings/webhook/resume/${endpoint.id}/`, { token: stranger.token })).statusCode,
      ).toBe(404);
      expect(
        (await t.api('POST', `/api/settings/webhook/resume/${endpoint.id}/`, { token: other.token })).statusCode,
      ).toBe(403);
      status = 200;
      // Resuming sends the account's events again: the developer's session, signed in an hour ago, proves itself first.
      const stale = await t.api('POST', `/api/settings/webhook/resume/${endpoint.id}/`, { token: dev.token });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ code: 'step_up_required' });
      expect(
        (await t.api('POST', '/api/auth/step-up/', { token: dev.token, body: { password: PASSWORD } })).statusCode,
      ).toBe(200);
      const resumed = await t.api('POST', `/api/settings/webhook/resume/${endpoint.id}/`, { token: dev.token });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ paused_at: null, consecutive_failures: 0 });
      await t.services.jobs.runDue();
      expect(rx.hits()).toBe(4);
      expect(
        (await t.api('GET', `/api/settings/webhook/deliveries/${endpoint.id}/`, { token: op.token })).json(),
      ).toMatchObject([{ status: 'delivered', response_code: 200, attempts: 4, error: null }]);
      await rx.close();
    });
  });
}
