/**
 * PostgreSQL restarted under the app (issue 34 §3): a cluster of the test's own, crashed with
 * `pg_ctl stop -m immediate` while saves are in flight, then started again. Two app instances on it
 * stand for two nodes. Checked: every answer during the outage is a 503 with Retry-After and a plain
 * message (never a 500 or a stack), /readyz says not ready, the pool is back by itself within 10 s
 * of the database, the job worker and live notifications across nodes resume, every save answered
 * 2xx is there afterwards; and sign-ins the outage failed never count towards the sign-in ban,
 * whether the counters are in the database or in Redis.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase, type Db } from '../../../src/server/db/connect.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signUp, type Account } from '../../helpers/accounts.js';
import { NOT_REACHED } from '../../helpers/db.js';
import { emit, SseReader } from '../../helpers/fixtures/notifications.js';
import { byStatus, LogLines, printFigures } from './figures.js';
import { ownPostgresMissing, startOwnPostgres, type OwnPostgres } from './own-postgres.js';
import { ownRedis, ownRedisMissing, type OwnProcess } from './own-process.js';

const missing = !inject('pgUrl') ? NOT_REACHED.postgres : ownPostgresMissing() || ownRedisMissing();
if (missing && process.env.REQUIRE_PG === '1') throw new Error(`REQUIRE_PG=1 but ${missing}`);

interface Answer {
  status: number;
  at: number;
  id?: number;
  email: string;
  retryAfter?: string;
  body: string;
}

(missing ? describe.skip : describe)(`a PostgreSQL restart (postgres)${missing ? ` [${missing}]` : ''}`, () => {
  let own: OwnPostgres;
  let redis: OwnProcess & { url: string };
  let a: TestApp;
  let b: App;
  let bDb: Db;
  let bUrl: string;
  const logs = new LogLines();

  beforeAll(async () => {
    [own, redis] = await Promise.all([startOwnPostgres(), ownRedis()]);
    // Node A: the worker runs, and only wake-ups start jobs (it polls once an hour): a job run
    // after the restart proves the LISTEN connection came back.
    a = await startTestApp(
      'postgres',
      { worker: true, logger: logs.logger },
      { JOB_POLL_SECONDS: '3600', JOB_LEASE_SECONDS: '5' },
      { pgUrl: own.url },
    );
    // Node B on the same database, its limiters in Redis, holding notification streams open (their
    // own look-ups only every 5 minutes: news sooner came through its LISTEN).
    bDb = openDatabase({ dataDir: a.testDb.dataDir, databaseUrl: a.testDb.databaseUrl, pgSchema: a.testDb.pgSchema });
    b = await buildApp({
      config: {
        ...loadConfig({
          PUBLIC_URL: 'http://portal.test',
          REDIS_URL: redis.url,
          NOTIFY_STREAM_SECONDS: '300',
          NOTIFY_HEARTBEAT_SECONDS: '300',
        }),
        dataDir: a.testDb.dataDir,
        clientDir: '/nonexistent',
      },
      db: bDb,
      clock: a.clock,
      mailer: a.mail,
      logger: false,
      worker: false,
    });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    bUrl = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    // Each step on its own: a failed test may leave the database down, and the cluster and Redis go anyway.
    await b?.close().catch(() => undefined);
    await bDb?.close().catch(() => undefined);
    await a?.stop().catch(() => undefined);
    await own?.destroy();
    await redis?.kill();
  });

  it('answers 503 while it is away, is ready again by itself, and loses no acknowledged save', async () => {
    const owner = await signUp(a);
    const group = await a.api('POST', '/api/settings/mailing-list/create/', {
      token: owner.token,
      body: { name: 'Everyone' },
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json<{ id: number }>().id;
    const ran: string[] = [];
    a.services.jobs.register('faults.probe', async (ctx) => {
      ran.push((ctx.payload as { name: string }).name);
    });

    // A live stream on node B, open across the outage.
    const ticket = await a.api('POST', '/api/notification/stream/ticket/', { token: owner.token });
    const stream = new AbortController();
    const live = await fetch(`${bUrl}${ticket.json<{ stream: string }>().stream}`, { signal: stream.signal });
    expect(live.status).toBe(200);
    const events = new SseReader(live.body!);
    expect((await events.next())?.data).toMatchObject({ unread: 0 });

    // Savers: four at a time, each a new contact, every answer kept.
    const answers: Answer[] = [];
    let saving = true;
    let n = 0;
    const saver = async () => {
      while (saving) {
        const email = `contact-${++n}@example.com`;
        const res = await a.api('POST', '/api/settings/contact-list/create/', {
          token: owner.token,
          body: { mailing_list: groupId, name: `Contact ${n}`, email_address: email },
        });
        answers.push({
          status: res.statusCode,
          at: Date.now(),
          email,
          id: res.statusCode === 201 ? res.json<{ id: number }>().id : undefined,
          retryAfter: res.headers['retry-after'] as string | undefined,
          body: res.body,
        });
        await sleep(20);
      }
    };
    const savers = Array.from({ length: 4 }, saver);
    const since = (t: number) => answers.filter((x) => x.at > t);
    await expect.poll(() => answers.filter((x) => x.status === 201).length, { timeout: 20_000 }).toBeGreaterThan(10);

    const crashed = Date.now();
    await own.crash();
    await expect
      .poll(() => since(crashed).filter((x) => x.status === 503).length, { timeout: 20_000 })
      .toBeGreaterThan(8);
    const ready = await a.api('GET', '/readyz');
    const enqueued = await a.services.jobs
      .enqueue(a.services.db.kysely, { queue: 'faults.probe', payload: { name: 'during' } })
      .then(
        () => 'queued',
        (e: Error) => e.name,
      );

    await own.start();
    const back = Date.now();
    await expect.poll(() => since(back).some((x) => x.status === 201), { timeout: 10_000, interval: 50 }).toBe(true);
    const recovered = since(back).find((x) => x.status === 201)!.at;
    await expect
      .poll(() => since(recovered).filter((x) => x.status === 201).length, { timeout: 10_000 })
      .toBeGreaterThan(8);
    saving = false;
    await Promise.all(savers);

    // During the outage: 503s (and the saves that made it before the crash or after the start), never anything else.
    const during = answers.filter((x) => x.at > crashed && x.at < recovered);
    expect(byStatus(during.map((x) => x.status))).toEqual({
      ...(during.some((x) => x.status === 201) ? { '201': during.filter((x) => x.status === 201).length } : {}),
      '503': during.filter((x) => x.status === 503).length,
    });
    for (const x of answers.filter((y) => y.status === 503)) {
      expect(x.retryAfter).toMatch(/^\d+$/);
      const body = JSON.parse(x.body) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['detail']);
      expect(body.detail).toMatch(/briefly unavailable/);
      expect(x.body).not.toMatch(/ECONNREFUSED|terminat|at .*\.ts|stack|5432|127\.0\.0\.1/i);
    }
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: expect.not.stringMatching(/^ok$/) },
    });
    expect(enqueued).toBe('DependencyUnavailable');
    expect((await a.api('GET', '/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });

    // Every acknowledged save is there, once.
    const acknowledged = answers.filter((x) => x.status === 201);
    const stored = await a.services.db.kysely
      .selectFrom('mailing_contacts')
      .select(['id', 'email_address'])
      .where('mailing_list_id', '=', groupId)
      .execute();
    const storedIds = new Set(stored.map((r) => r.id));
    const lost = acknowledged.filter((x) => !storedIds.has(x.id!));
    expect(lost).toEqual([]);

    // The worker resumes: a job queued now runs on a wake-up (LISTEN is back; no poll for an hour).
    await a.services.jobs.enqueue(a.services.db.kysely, { queue: 'faults.probe', payload: { name: 'after' } });
    await expect.poll(() => ran, { timeout: 10_000 }).toContain('after');
    // News raised on node A reaches the stream held open on node B through B's LISTEN, back too.
    await emit(a, { type: 'partnership_request', accountId: owner.id, message: 'After the restart', link: null });
    const news = await events.next(10_000);
    stream.abort();
    expect(news?.data).toMatchObject({ unread: 1, latest: { message: 'After the restart' } });
    // Written down once, not once per failed request; never as an unhandled error.
    expect(logs.matching(/^database unavailable: answering 503/).length).toBeGreaterThanOrEqual(1);
    expect(logs.lines.filter((l) => l.level >= 50)).toEqual([]);

    printFigures('PostgreSQL crashed (pg_ctl stop -m immediate) and started again, 4 savers', {
      'outage (crash to pg_ctl start returning)': `${back - crashed} ms`,
      'answers during the outage by status': byStatus(during.map((x) => x.status)),
      'recovery (database back to first save answered 2xx)': `${recovered - back} ms`,
      'saves answered 2xx': acknowledged.length,
      'saves lost': lost.length,
      'answers over the whole run by status': byStatus(answers.map((x) => x.status)),
    });
  }, 90_000);

  it('never counts a sign-in the outage failed towards the ban (counters in the database or in Redis)', async () => {
    // Node A counts in the database, node B in Redis.
    const [onA, onB] = [await signUp(a), await signUp(a)];
    const signIn = async (node: 'a' | 'b', who: Account, password = PASSWORD) => {
      if (node === 'a')
        return (await a.api('POST', '/api/auth/token/login/', { body: { email: who.email, password } })).statusCode;
      return (
        await fetch(`${bUrl}/api/auth/token/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: who.email, password }),
        })
      ).status;
    };
    await own.crash();
    const during: number[] = [];
    for (let i = 0; i < 6; i++) during.push(await signIn('a', onA), await signIn('b', onB));
    await own.start();
    const back = Date.now();
    await expect.poll(() => signIn('a', onA), { timeout: 10_000, interval: 100 }).toBe(200);
    const recovered = Date.now();
    expect(byStatus(during)).toEqual({ '503': 12 });
    // Not banned: the right password works on both at once.
    expect(await signIn('b', onB)).toBe(200);
    // And the ban still counts real failures: 5 wrong passwords, then 429.
    for (const node of ['a', 'b'] as const) {
      const who = node === 'a' ? onA : onB;
      const wrong: number[] = [];
      for (let i = 0; i < 6; i++) wrong.push(await signIn(node, who, 'wrong-password'));
      expect(wrong).toEqual([400, 400, 400, 400, 400, 429]);
    }
    printFigures(
      'sign-ins while PostgreSQL is away (6 on a node counting in the database, 6 on one counting in Redis)',
      {
        'answers during the outage by status': byStatus(during),
        'recovery (database back to a sign-in answered 200)': `${recovered - back} ms`,
        'sign-ins refused afterwards for a ban the outage caused': 0,
      },
    );
  }, 90_000);
});
