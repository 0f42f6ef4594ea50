/**
 * Two real server processes (src/server/main.ts bundled, scripts/server-bundle.ts) sharing nothing but PostgreSQL, Redis and a
 * local S3 server, each with a data folder of its own, checked across each other: sign-in
 * throttling stays exact, a photo uploaded on one is served by the other, news raised on one
 * reaches an event stream on the other, a job held by a killed node is finished by the other,
 * and a save on one is seen at once on the other. Runs when PostgreSQL and Redis answer (or
 * always under REQUIRE_PG=1, which then fails without them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';
import { registryOf } from '../../../src/server/routing/schema-registry.js';
import { NOTIFICATION_MAIL_QUEUE } from '../../../src/server/features/notifications/mail.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { testSections, url } from '../../helpers/sections.js';
import { SseReader } from '../../helpers/fixtures/notifications.js';
import { jpeg } from '../../helpers/fixtures/uploaded-photos.js';
import { NOT_REACHED } from '../../helpers/db.js';
import { startSmtpInbox, type SmtpInbox } from '../../helpers/smtp-inbox.js';
import { reachableRedis, uniquePrefix } from './redis.js';
import { startLocalS3, type LocalS3 } from './s3.js';
import { freePort, startServerProcess, type ServerProcess } from '../../../scripts/server-process.js';

const registry = registryOf(bundle as unknown as SchemaBundle);
const PASSWORD = 'Correct-Horse-42';
const redisUrl = await reachableRedis();
const pgUrl = inject('pgUrl');

interface Node extends ServerProcess {
  base: string;
  dataDir: string;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-node-'));
  const server = await startServerProcess({ ...env, PORT: String(port), DATA_DIR: dataDir });
  return { base: `http://127.0.0.1:${port}`, dataDir, ...server };
}

{
  // Named as skipped, with the reason, where PostgreSQL or Redis is out of reach.
  const missing = !pgUrl ? NOT_REACHED.postgres : !redisUrl ? 'Redis is not reachable: skipped' : undefined;
  (missing ? describe.skip : describe)(`two nodes on PostgreSQL, Redis and S3${missing ? ` [${missing}]` : ''}`, () => {
    let holdFor: string | undefined;
    let releaseHeld: (() => void) | undefined;
    let inbox: SmtpInbox;
    let s3: LocalS3;
    let pgSchema: string;
    let admin: pg.Client;
    const nodes: Node[] = [];
    let a: Node;
    let b: Node;

    beforeAll(async () => {
      inbox = await startSmtpInbox({
        holds(to, answer) {
          if (!holdFor || !to.includes(holdFor)) return false;
          // In, but never answered: the node holding this job is about to be killed.
          holdFor = undefined;
          releaseHeld = () => answer(new Error('connection lost'));
          return true;
        },
      });
      s3 = await startLocalS3();
      pgSchema = `t_nodes_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${pgSchema}`);
      await admin.query(`set search_path to ${pgSchema}`);
      const env = {
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://portal.test',
        ANANAS_DEMO: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        TRUST_PROXY: '1',
        SECRET_KEY: 'two-nodes-test-secret-key-0123456789abcdef',
        SMTP_URL: inbox.url,
        DATABASE_URL: `${pgUrl}?options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: uniquePrefix(),
        JOB_LEASE_SECONDS: '2',
        JOB_POLL_SECONDS: '0.5',
        // Streams only look by themselves every 5 minutes: news arriving sooner came from the other node.
        NOTIFY_STREAM_SECONDS: '300',
        NOTIFY_HEARTBEAT_SECONDS: '300',
        ...s3.env,
      };
      // Started together: one migrates under the advisory lock, the other waits and finds it done.
      [a, b] = await Promise.all([startNode(env), startNode(env)]);
      nodes.push(a, b);
    }, 120_000);

    afterAll(async () => {
      for (const n of nodes) {
        if (n.child.exitCode === null && n.child.signalCode === null) {
          n.child.kill('SIGTERM');
          await n.exited;
        }
        rmSync(n.dataDir, { recursive: true, force: true });
      }
      releaseHeld?.();
      await inbox.close();
      await s3?.stop();
      await admin.query(`drop schema ${pgSchema} cascade`);
      await admin.end();
    });

    async function call(
      node: Node,
      method: string,
      p: string,
      options: { token?: string; body?: unknown; form?: FormData; ip?: string } = {},
    ) {
      const res = await fetch(`${node.base}${p}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Token ${options.token}` } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
        },
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const type = res.headers.get('content-type') ?? '';
      return {
        status: res.status,
        headers: res.headers,
        bytes,
        json: (type.includes('json') && bytes.length ? JSON.parse(bytes.toString()) : null) as Record<string, unknown>,
      };
    }

    /** Sign up on one node, activate with the mailed link, sign in on the other. */
    async function account(
      email: string,
      type: 'accommodation' | 'to' = 'accommodation',
    ): Promise<{ id: number; token: string }> {
      const res = await call(a, 'POST', '/api/auth/users/', {
        body: { email, password: PASSWORD, re_password: PASSWORD, account_type: type, first_name: 'K', last_name: 'N' },
      });
      expect(res.status, res.bytes.toString()).toBe(201);
      await expect.poll(() => inbox.received.some((m) => m.to === email), { timeout: 20_000 }).toBe(true);
      const [activation] = await inbox.parsed(email);
      const [, uid, token] = /\/auth\/activate\/([^/\s]+)\/([^/\s]+)/.exec(activation!.text)!;
      expect((await call(b, 'POST', '/api/auth/users/activation/', { body: { uid, token } })).status).toBe(204);
      const login = await call(b, 'POST', '/api/auth/token/login/', { body: { email, password: PASSWORD } });
      expect(login.status).toBe(200);
      return { id: res.json.id as number, token: login.json.auth_token as string };
    }

    it('are ready, and let exactly 5 of 50 parallel wrong passwords split over both through', async () => {
      for (const n of nodes) {
        expect((await call(n, 'GET', '/healthz')).status).toBe(200);
        const ready = await call(n, 'GET', '/readyz');
        expect(ready.json).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });
      }
      const email = 'throttled@example.com';
      await account(email);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          call(i % 2 ? a : b, 'POST', '/api/auth/token/login/', {
            body: { email, password: 'wrong-password' },
            ip: '203.0.113.50',
          }),
        ),
      );
      const codes = answers.map((r) => r.status);
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(45);
      // Counted in Redis, not in the database.
      expect((await admin.query('select count(*)::int as n from login_throttle')).rows[0]).toEqual({ n: 0 });
      // The right password is refused on either node now: the ban is shared.
      for (const n of nodes)
        expect(
          (await call(n, 'POST', '/api/auth/token/login/', { body: { email, password: PASSWORD }, ip: '198.51.100.7' }))
            .status,
        ).toBe(429);
    }, 120_000);

    it('serve on one node the photo uploaded on the other, and see a save on one at once on the other', async () => {
      const owner = await account('owner@example.com');
      const form = new FormData();
      for (const [k, v] of Object.entries({ hotel_name: 'Two Nodes Hotel', country: 'ES', state: 'PM', city: 'Palma' }))
        form.append(k, v);
      const property = (await call(a, 'POST', '/api/facts/property/create/', { token: owner.token, form })).json
        .id as number;
      const photos = new FormData();
      photos.append('imagesArray', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'pool.jpg');
      const up = await call(a, 'POST', `/api/facts/property/${property}/gallery/create/`, {
        token: owner.token,
        form: photos,
      });
      expect(up.status, up.bytes.toString()).toBe(201);
      const photo = (up.json as unknown as { thumbnail: string; image: string }[])[0]!;
      const served = await call(b, 'GET', photo.thumbnail, { token: owner.token });
      expect(served.status).toBe(200);
      expect((await sharp(served.bytes).metadata()).width).toBe(400);

      // init-facts-info: cached on node B, then a save on node A; B answers the new facts at once.
      const info = `/api/facts/init-facts-info/${property}/`;
      const before = await call(b, 'GET', info, { token: owner.token });
      expect(before.status).toBe(200);
      const section = testSections().find((x) => x.kind === 'document')!;
      const saved = await call(a, 'POST', url(section.routes.create!, property), {
        token: owner.token,
        body: { ...filledDocument(registry.resolved(section.ref)), hotel: property },
      });
      expect(saved.status, section.key).toBe(201);
      const after = await call(b, 'GET', info, { token: owner.token });
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      expect(after.bytes.equals(before.bytes)).toBe(false);
      expect(after.bytes.equals((await call(a, 'GET', info, { token: owner.token })).bytes)).toBe(true);
    }, 120_000);

    it('bring news raised on one node to an event stream open on the other', async () => {
      const staff = await account('staff@example.com');
      await admin.query('update users set is_staff = true where id = $1', [staff.id]);
      const ticket = (await call(a, 'POST', '/api/notification/stream/ticket/', { token: staff.token })).json
        .stream as string;
      const controller = new AbortController();
      const res = await fetch(`${b.base}${ticket}`, { signal: controller.signal });
      expect(res.status).toBe(200);
      const reader = new SseReader(res.body!);
      try {
        expect(await reader.next()).toMatchObject({ event: 'notifications', data: { unread: 0 } });
        const hotel = await account('asks@example.com');
        expect(
          (await call(a, 'POST', '/api/settings/premium/request/', { token: hotel.token, body: { plan: 'P' } })).status,
        ).toBe(201);
        // Well within the 5-minute heartbeat: it came through the other node's signal.
        const news = await reader.next(30_000);
        expect(news?.data).toMatchObject({
          unread: 1,
          latest: { message: 'asks@example.com asks for the Premium plan.' },
        });
      } finally {
        controller.abort();
      }
    }, 120_000);

    it('finish a job on one node when the node holding it is killed', async () => {
      const to = 'held@example.com';
      holdFor = to;
      const now = new Date().toISOString();
      const { rows } = await admin.query<{ id: number }>(
        `insert into jobs (queue, payload, state, account_id, run_at, attempts, max_attempts, created_at, updated_at, dedupe_while_active)
         values ($1, $2, 'queued', null, $3, 0, 6, $3, $3, 0) returning id`,
        [NOTIFICATION_MAIL_QUEUE, JSON.stringify({ subject: 'Held', text: 'A mail held open' }), now],
      );
      const job = rows[0]!.id;
      await admin.query(
        `insert into job_deliveries (job_id, position, recipient, name, state, attempts, updated_at) values ($1, 0, $2, '', 'pending', 0, $3)`,
        [job, to, now],
      );
      await admin.query(`select pg_notify('ananas_jobs', '')`).catch(() => undefined);
      // Whichever node claimed it is holding the mail open: kill that one.
      await expect.poll(() => releaseHeld !== undefined, { timeout: 30_000 }).toBe(true);
      const lockedBy = (await admin.query<{ locked_by: string }>('select locked_by from jobs where id = $1', [job]))
        .rows[0]!.locked_by;
      const holder = nodes.find((n) => lockedBy.includes(`:${n.child.pid}:`))!;
      const other = nodes.find((n) => n !== holder)!;
      expect(holder).toBeDefined();
      holder.child.kill('SIGKILL');
      await holder.exited;
      releaseHeld!();
      await expect
        .poll(
          async () =>
            (await admin.query<{ state: string }>('select state from jobs where id = $1', [job])).rows[0]!.state,
          { timeout: 60_000 },
        )
        .toBe('done');
      expect(inbox.received.filter((m) => m.to === to)).toHaveLength(1);
      const finisher = (
        await admin.query<{ locked_by: string | null; attempts: number }>(
          'select locked_by, attempts from jobs where id = $1',
          [job],
        )
      ).rows[0]!;
      expect(finisher.attempts).toBe(2);
      // The survivor still serves.
      expect((await call(other, 'GET', '/readyz')).status).toBe(200);
    }, 120_000);
  });
}
