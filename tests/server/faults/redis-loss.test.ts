/**
 * Redis lost under the app (issue 34 §3): a redis-server of the test's own, killed and started
 * again (and once frozen). Checked: no request fails because Redis is gone; sign-in throttling and
 * the partner API's per-key limit keep counting, in the database, said in the log and in /readyz
 * (which stays ready); live notifications (which never went through Redis) keep arriving; and the
 * counters return to Redis when it is back. On SQLite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signUp, type Account } from '../../helpers/accounts.js';
import { apiKey, partner } from '../../helpers/fixtures/partner-api-access.js';
import { emit, SseReader } from '../../helpers/fixtures/notifications.js';
import { byStatus, LogLines, printFigures } from './figures.js';
import { ownRedis, ownRedisMissing, type OwnProcess } from './own-process.js';

const missing = ownRedisMissing();
if (missing && process.env.REQUIRE_PG === '1') throw new Error(`REQUIRE_PG=1 but ${missing}`);

for (const dialect of ALL_DIALECTS) {
  // Named as skipped, with the reason, where this machine has no redis-server (REQUIRE_PG=1 makes it a failure).
  const suite = missing
    ? (name: string, fn: () => void) => describe.skip(`${name} [${missing}]`, fn)
    : describeOn(dialect);
  suite(`Redis lost (${dialect})`, () => {
    let redis: OwnProcess & { url: string };
    let t: TestApp;
    let url: string;
    const logs = new LogLines();

    beforeAll(async () => {
      redis = await ownRedis();
      t = await startTestApp(
        dialect,
        { logger: logs.logger },
        { REDIS_URL: redis.url, REDIS_TIMEOUT_SECONDS: '0.3', API_KEY_CALLS_PER_MINUTE: '3' },
      );
      t.services.config.notifications = { streamMs: 30_000, heartbeatMs: 300_000 };
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await t?.stop().catch(() => undefined);
      await redis?.kill();
    });

    const signIn = async (who: Account, password = PASSWORD, ip = '198.51.100.9') =>
      (await t.api('POST', '/api/auth/token/login/', { body: { email: who.email, password }, ip })).statusCode;
    const counted = async () =>
      (await t.services.db.kysely.selectFrom('login_throttle').select('key').execute()).map((r) => r.key);

    it('keeps counting in the database while Redis is away, stays ready, and goes back to Redis', async () => {
      const [guesser, member, later] = [await signUp(t), await signUp(t), await signUp(t)];
      const key = await apiKey(t, member);
      const ticket = await t.api('POST', '/api/notification/stream/ticket/', { token: member.token });
      const stream = new AbortController();
      const live = await fetch(`${url}${ticket.json<{ stream: string }>().stream}`, { signal: stream.signal });
      const events = new SseReader(live.body!);
      expect((await events.next())?.data).toMatchObject({ unread: 0 });

      // Before: counted in Redis, nothing in the database.
      expect((await t.api('GET', '/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
      expect(await signIn(guesser, 'wrong-password')).toBe(400);
      expect((await partner(t, key.token as string, '/api/v1/properties/')).statusCode).toBe(200);
      expect(await counted()).toEqual([]);

      const lost = Date.now();
      await redis.kill();
      const during: number[] = [];
      const ready = await t.api('GET', '/readyz');
      during.push(ready.statusCode);
      // Other people sign in as ever.
      for (let i = 0; i < 3; i++) during.push(await signIn(member));
      // Wrong passwords are still counted (in the database now): five pass, the sixth is refused.
      const guesses: number[] = [];
      for (let i = 0; i < 6; i++) guesses.push(await signIn(guesser, 'wrong-password'));
      during.push(...guesses);
      // The partner API's per-key limit (3 a minute) counts too.
      const calls: number[] = [];
      for (let i = 0; i < 4; i++) calls.push((await partner(t, key.token as string, '/api/v1/properties/')).statusCode);
      during.push(...calls);
      // News still reaches an open stream: live notifications never went through Redis.
      await emit(t, { type: 'partnership_request', accountId: member.id, message: 'While Redis is away', link: null });
      const news = await events.next(10_000);
      stream.abort();

      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        checks: { database: 'ok', redis: expect.stringMatching(/^unavailable .*limits are counted in the database$/) },
      });
      expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
      expect(calls).toEqual([200, 200, 200, 429]);
      expect(during.filter((s) => s >= 500)).toEqual([]);
      expect(news?.data).toMatchObject({ unread: 1, latest: { message: 'While Redis is away' } });
      expect((await counted()).sort()).toEqual(
        [`sign-in:account:${guesser.email}`, 'sign-in:address:198.51.100.9', expect.stringMatching(/^api-key/)].sort(),
      );
      expect(logs.matching(/^Redis unavailable: limits are counted in the database/)).toHaveLength(1);

      await redis.start();
      const back = Date.now();
      await expect
        .poll(async () => (await t.api('GET', '/readyz')).json<{ checks: { redis: string } }>().checks.redis, {
          timeout: 10_000,
          interval: 50,
        })
        .toBe('ok');
      const recovered = Date.now();
      // In Redis again: a new failure adds no row to the database.
      const before = await counted();
      expect(await signIn(later, 'wrong-password')).toBe(400);
      expect(await counted()).toEqual(before);
      expect(logs.matching(/^Redis is back/)).toHaveLength(1);

      // Frozen (SIGSTOP): connected but silent. A sign-in waits at most REDIS_TIMEOUT_SECONDS, then counts in the database.
      redis.freeze();
      // (From another address: this one's database count is spent by the guesses above.)
      const frozen = await signIn(later, 'wrong-password', '198.51.100.10');
      redis.thaw();
      expect(frozen).toBe(400);
      expect(await counted()).toContain(`sign-in:account:${later.email}`);

      printFigures(`Redis killed and started again (${dialect})`, {
        'answers during the outage by status': byStatus(during),
        'recovery (Redis started to /readyz saying ok)': `${recovered - back} ms`,
        'outage length': `${back - lost} ms`,
        'requests failed because Redis was away': during.filter((s) => s >= 500).length,
        'answer while Redis was frozen': frozen,
      });
    }, 60_000);
  });
}
