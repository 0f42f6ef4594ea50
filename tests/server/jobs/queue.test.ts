import { DependencyUnavailable } from '../../../src/server/plugins/outage.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import {
  backoffMs,
  deliverEach,
  deliveriesOf,
  JobQueue,
  PermanentJobError,
  type JobContext,
  type Json,
} from '../../../src/server/jobs/index.js';

const jobRow = (t: TestApp, id: number) =>
  t.services.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
let n = 0;
const queueName = (what: string) => `test.${what}.${++n}`;

/** A second worker on the same database (another process, as far as the table can tell). */
function secondWorker(t: TestApp, leaseMs = 60_000): JobQueue {
  return new JobQueue({
    db: t.services.db,
    clock: t.clock,
    log: t.services.log,
    leaseMs,
    pollMs: 60_000,
    concurrency: 4,
  });
}

describe('back-off', () => {
  it('doubles from the base, is capped, and keeps half of it fixed (equal jitter)', () => {
    const o = { baseMs: 1000, capMs: 8000 };
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, o, () => 0))).toEqual([500, 1000, 2000, 4000, 4000]);
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, o, () => 1))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`job queue (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it("enqueues inside the caller's transaction: a rolled-back change leaves no job", async () => {
      const q = queueName('outbox');
      const ran: Json[] = [];
      t.services.jobs.register<Json>(q, async (ctx) => {
        ran.push(ctx.payload);
        return { ok: true };
      });
      await expect(
        t.services.db.kysely.transaction().execute(async (trx) => {
          await t.services.jobs.enqueue(trx, { queue: q, payload: { n: 1 } });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      const kept = await t.services.db.kysely
        .transaction()
        .execute((trx) => t.services.jobs.enqueue(trx, { queue: q, payload: { n: 2 }, accountId: null }));
      expect(await t.services.jobs.runDue()).toBe(1);
      expect(ran).toEqual([{ n: 2 }]);
      expect(await jobRow(t, kept.id)).toMatchObject({
        state: 'done',
        attempts: 1,
        result: '{"ok":true}',
        lease_until: null,
      });
    });

    it('retries a failed attempt after its back-off, then gives up to the dead-letter state', async () => {
      const q = queueName('flaky');
      let calls = 0;
      t.services.jobs.register(
        q,
        async () => {
          calls++;
          throw new Error(`failure ${calls}`);
        },
        { maxAttempts: 3, backoff: { baseMs: 10_000, capMs: 60_000 } },
      );
      const { id } = await t.services.jobs.enqueue(t.services.db.kysely, { queue: q, payload: {} });
      expect(await t.services.jobs.runDue()).toBe(1);
      let row = await jobRow(t, id);
      expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'failure 1', locked_by: null });
      const wait = Date.parse(row.run_at) - t.clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(5_000);
      expect(wait).toBeLessThanOrEqual(10_000);
      // Not before its time.
      expect(await t.services.jobs.runDue()).toBe(0);
      t.clock.advance(10_000);
      expect(await t.services.jobs.runDue()).toBe(1);
      row = await jobRow(t, id);
      expect(row).toMatchObject({ state: 'queued', attempts: 2, last_error: 'failure 2' });
      t.clock.advance(20_000);
      expect(await t.services.jobs.runDue()).toBe(1);
      row = await jobRow(t, id);
      expect(row).toMatchObject({ state: 'dead', attempts: 3, last_error: 'failure 3' });
      expect(row.finished_at).not.toBeNull();
      t.clock.advance(3_600_000);
      expect(await t.services.jobs.runDue()).toBe(0);
      expect(calls).toBe(3);
    });

    it('does not spend attempts on an outage (back-off capped at 5 minutes), in plain words, until JOB_OUTAGE_RETRY_HOURS', async () => {
      const q = queueName('outage');
      let calls = 0;
      t.services.jobs.register(
        q,
        async () => {
          calls++;
          throw new DependencyUnavailable('storage', new Error('connect ECONNREFUSED 127.0.0.1:9000'));
        },
        { maxAttempts: 2, backoff: { baseMs: 30_000, capMs: 3_600_000 } },
      );
      const { id } = await t.services.jobs.enqueue(t.services.db.kysely, { queue: q, payload: {} });
      // Eight failed attempts, four times its allowance: still waiting, never more than 5 minutes apart.
      for (let i = 0; i < 8; i++) {
        expect(await t.services.jobs.runDue()).toBe(1);
        const row = await jobRow(t, id);
        expect(row.state).toBe('queued');
        expect(row.last_error).toMatch(
          /^Waiting: the file store could not be reached\. This is tried again by itself \(next try at \d\d:\d\d UTC\)\.$/,
        );
        expect(Date.parse(row.run_at) - t.clock.now().getTime()).toBeLessThanOrEqual(5 * 60_000);
        t.clock.advance(5 * 60_000);
      }
      // Past the window (24 h after it was queued) its attempts count again: it ends, still in plain words.
      t.clock.advance(24 * 3_600_000);
      expect(await t.services.jobs.runDue()).toBe(1);
      expect(await t.services.jobs.runDue()).toBe(0);
      t.clock.advance(3_600_000);
      while (await t.services.jobs.runDue()) t.clock.advance(3_600_000);
      const row = await jobRow(t, id);
      expect(row).toMatchObject({
        state: 'dead',
        last_error: 'Stopped: the file store could not be reached. Retry when it is back.',
      });
      expect(row.attempts).toBe(row.max_attempts);
      expect(calls).toBe(row.attempts);
    });

    it('gives up at once on a PermanentJobError; the undelivered recipients fail with it', async () => {
      const q = queueName('permanent');
      t.services.jobs.register(q, async () => {
        throw new PermanentJobError('the property was deleted');
      });
      const { id } = await t.services.jobs.enqueue(t.services.db.kysely, {
        queue: q,
        payload: {},
        recipients: [{ address: 'a@example.com' }, { address: 'b@example.com' }],
      });
      await t.services.jobs.runDue();
      expect(await jobRow(t, id)).toMatchObject({ state: 'dead', attempts: 1, last_error: 'the property was deleted' });
      expect(
        (await deliveriesOf(t.services.db.kysely, id)).map((d) => `${d.recipient} ${d.state} ${d.last_error}`),
      ).toEqual(['a@example.com failed the property was deleted', 'b@example.com failed the property was deleted']);
    });

    it('answers the first job for a repeated dedupe key; a key held while active is free again once it finished', async () => {
      const q = queueName('dedupe');
      t.services.jobs.register(q, async () => undefined);
      const db = t.services.db.kysely;
      const a = await t.services.jobs.enqueue(db, { queue: q, payload: {}, dedupeKey: `reminder:${q}` });
      const b = await t.services.jobs.enqueue(db, { queue: q, payload: {}, dedupeKey: `reminder:${q}` });
      expect(b).toEqual({ id: a.id, created: false });
      const c = await t.services.jobs.enqueue(db, {
        queue: q,
        payload: {},
        dedupeKey: `send:${q}`,
        dedupeWhileActive: true,
      });
      expect(
        (await t.services.jobs.enqueue(db, { queue: q, payload: {}, dedupeKey: `send:${q}`, dedupeWhileActive: true }))
          .id,
      ).toBe(c.id);
      await t.services.jobs.runDue();
      const d = await t.services.jobs.enqueue(db, {
        queue: q,
        payload: {},
        dedupeKey: `send:${q}`,
        dedupeWhileActive: true,
      });
      expect(d.created).toBe(true);
      expect((await t.services.jobs.enqueue(db, { queue: q, payload: {}, dedupeKey: `reminder:${q}` })).created).toBe(
        false,
      );
      await t.services.jobs.runDue();
    });

    it("takes a job again when its worker's lease lapsed; the late first worker cannot finish it", async () => {
      const q = queueName('lease');
      const first = secondWorker(t, 30_000);
      let release!: () => void;
      const stuck = new Promise<void>((resolve) => (release = resolve));
      const claims: string[] = [];
      first.register(q, async (ctx) => {
        claims.push(ctx.claim);
        await stuck;
        return 'first';
      });
      const second = secondWorker(t, 30_000);
      second.register(q, async (ctx) => {
        claims.push(ctx.claim);
        return 'second';
      });
      const { id } = await t.services.jobs.enqueue(t.services.db.kysely, { queue: q, payload: {} });
      const firstRun = first.runDue();
      await expect.poll(() => claims.length).toBe(1);
      // The lease still holds: nobody else takes it.
      expect(await second.runDue()).toBe(0);
      t.clock.advance(31_000);
      expect(await second.runDue()).toBe(1);
      expect(await jobRow(t, id)).toMatchObject({ state: 'done', attempts: 2, result: '"second"' });
      release();
      await firstRun;
      expect(await jobRow(t, id)).toMatchObject({ state: 'done', result: '"second"' });
      expect(new Set(claims).size).toBe(2);
    });

    it('stops gracefully: a running job is told to stop and its lease is returned at once', async () => {
      const q = queueName('stop');
      const worker = new JobQueue({
        db: t.services.db,
        clock: t.clock,
        log: t.services.log,
        leaseMs: 60_000,
        pollMs: 50,
        concurrency: 1,
      });
      let started = false;
      worker.register(q, async (ctx) => {
        started = true;
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        throw new Error('stopped');
      });
      const { id } = await t.services.jobs.enqueue(t.services.db.kysely, { queue: q, payload: {} });
      await worker.start();
      await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
      await worker.stop();
      expect(await jobRow(t, id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null, lease_until: null });
      const other = secondWorker(t);
      other.register(q, async () => 'resumed');
      expect(await other.runDue()).toBe(1);
      expect(await jobRow(t, id)).toMatchObject({ state: 'done', result: '"resumed"' });
    });

    it('delivers to each recipient once: sent ones are skipped, an interrupted one goes again, a refused one fails alone', async () => {
      const q = queueName('deliver');
      const sent: string[] = [];
      let attempt = 0;
      t.services.jobs.register(
        q,
        async (ctx: JobContext) => {
          attempt++;
          return {
            ...(await deliverEach(ctx, async (d) => {
              if (d.recipient === 'refused@example.com')
                throw Object.assign(new Error('550 no such mailbox'), { responseCode: 550 });
              if (d.recipient === 'busy@example.com' && attempt === 1)
                throw Object.assign(new Error('421 try later'), { responseCode: 421 });
              sent.push(d.recipient);
            })),
          };
        },
        { backoff: { baseMs: 1000, capMs: 1000 } },
      );
      const recipients = [
        'a@example.com',
        'interrupted@example.com',
        'busy@example.com',
        'refused@example.com',
        'A@example.com',
      ].map((address) => ({ address }));
      const { id } = await t.services.jobs.enqueue(t.services.db.kysely, { queue: q, payload: {}, recipients });
      const db = t.services.db.kysely;
      // A killed attempt: a was sent, "interrupted" was being sent when the process died.
      await db
        .updateTable('job_deliveries')
        .set({ state: 'sent', sent_at: t.clock.now().toISOString() })
        .where('job_id', '=', id)
        .where('recipient', '=', 'a@example.com')
        .execute();
      await db
        .updateTable('job_deliveries')
        .set({ state: 'sending', claim: 'dead-worker:1:1' })
        .where('job_id', '=', id)
        .where('recipient', '=', 'interrupted@example.com')
        .execute();
      await t.services.jobs.runDue();
      expect(sent).toEqual(['interrupted@example.com']);
      expect(await jobRow(t, id)).toMatchObject({
        state: 'queued',
        last_error: expect.stringMatching(/1 of 4 recipients/),
      });
      t.clock.advance(1_000);
      await t.services.jobs.runDue();
      expect(sent).toEqual(['interrupted@example.com', 'busy@example.com']);
      expect(await jobRow(t, id)).toMatchObject({
        state: 'done',
        result: JSON.stringify({ sent: 3, failed: 1, pending: 0 }),
      });
      const states = (await deliveriesOf(db, id)).map((d) => `${d.recipient} ${d.state} ${d.attempts}`);
      // The same address twice (any case) is one recipient.
      expect(states).toEqual([
        'a@example.com sent 0',
        'interrupted@example.com sent 1',
        'busy@example.com sent 2',
        'refused@example.com failed 1',
      ]);
      // A retry sends only to the one that failed.
      expect(await t.services.jobs.retryFailed(db, id)).toBe(true);
      await t.services.jobs.runDue();
      expect((await deliveriesOf(db, id)).find((d) => d.recipient === 'refused@example.com')).toMatchObject({
        state: 'failed',
        attempts: 1,
      });
      expect(sent).toEqual(['interrupted@example.com', 'busy@example.com']);
      expect(await t.services.jobs.retryFailed(db, id)).toBe(true);
    });

    if (dialect === 'postgres') {
      it('lets several workers share the table without taking a job twice (FOR UPDATE SKIP LOCKED)', async () => {
        const q = queueName('shared');
        const seen: number[] = [];
        const workers = [secondWorker(t), secondWorker(t), secondWorker(t)];
        for (const w of workers) {
          w.register(q, async (ctx) => {
            seen.push(ctx.id);
            await new Promise((resolve) => setTimeout(resolve, 5));
          });
        }
        const ids: number[] = [];
        for (let i = 0; i < 30; i++)
          ids.push((await t.services.jobs.enqueue(t.services.db.kysely, { queue: q, payload: { i } })).id);
        const counts = await Promise.all(workers.map((w) => w.runDue()));
        expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
        expect([...seen].sort((a, b) => a - b)).toEqual(ids);
      });

      it('wakes a started worker through NOTIFY when the enqueuing transaction commits', async () => {
        const q = queueName('notify');
        const worker = new JobQueue({
          db: t.services.db,
          clock: t.clock,
          log: t.services.log,
          leaseMs: 60_000,
          pollMs: 600_000,
          concurrency: 1,
        });
        let ran = false;
        worker.register(q, async () => {
          ran = true;
        });
        await worker.start();
        try {
          // The start's first look found nothing; the poll is ten minutes away.
          await new Promise((resolve) => setTimeout(resolve, 100));
          await t.services.db.kysely
            .transaction()
            .execute((trx) => t.services.jobs.enqueue(trx, { queue: q, payload: {} }));
          await expect.poll(() => ran, { timeout: 10_000 }).toBe(true);
        } finally {
          await worker.stop();
        }
      });
    }
  });
}
