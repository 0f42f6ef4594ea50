import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connect.js';
import type { Database, JobsTable } from '../db/tables.js';
import { outageOf, type DependencyUnavailable } from '../plugins/outage.js';
import { backoffMs, DEFAULT_BACKOFF } from './backoff.js';
import {
  PermanentJobError,
  type EnqueueOptions,
  type Enqueued,
  type JobContext,
  type JobHandler,
  type Json,
  type QueueOptions,
} from './types.js';

export type JobRow = Selectable<JobsTable>;

/** The channel of PostgreSQL's NOTIFY: an enqueue wakes every worker when its transaction commits. */
export const WAKE_CHANNEL = 'ananas_jobs';
const DEFAULT_ATTEMPTS = 5;

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  leaseMs: number;
  pollMs: number;
  /** Jobs of one lane one worker runs at once (a queue may ask for more). */
  concurrency: number;
  /**
   * Jobs of one account running at once in one lane, across every worker: a second account's
   * job starts while the first account's hang. Default 1.
   */
  perAccount?: number;
  /**
   * How long after it was queued a job whose attempts fail for an outage (the database or the
   * object store unreachable) keeps being retried without those attempts counting (JOB_OUTAGE_RETRY_HOURS,
   * default 24 h). After that its attempts count again, so it ends (dead) once they are spent.
   */
  outageRetryMs?: number;
}

/** Retries after an outage wait as the queue's back-off says, but never longer than this: the store is back, the job soon follows. */
export const OUTAGE_BACKOFF_CAP_MS = 5 * 60_000;
const DEFAULT_OUTAGE_RETRY_MS = 24 * 3_600_000;

const WHAT: Record<DependencyUnavailable['dependency'], string> = {
  database: 'the database',
  redis: 'Redis',
  storage: 'the file store',
};

/** The job's error in plain words when an outage caused it (an operator reads it, never `connect ECONNREFUSED ...`). */
function outageText(outage: DependencyUnavailable, retryAt?: Date): string {
  const what = WHAT[outage.dependency];
  if (!retryAt) return `Stopped: ${what} could not be reached. Retry when it is back.`;
  const at = retryAt.toISOString().slice(11, 16);
  return `Waiting: ${what} could not be reached. This is tried again by itself (next try at ${at} UTC).`;
}

interface Registered {
  handler: JobHandler<never>;
  options: QueueOptions;
}

interface Running {
  row: JobRow;
  lane: string;
  abort: AbortController;
  done: Promise<void>;
}

/** A queue's lane: its own, else the first part of its name. */
const laneOf = (queue: string, options: QueueOptions): string => options.lane ?? queue.split('.')[0]!;

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

/**
 * The durable job queue on the app's own database (SQLite or PostgreSQL, same code).
 *
 * - `enqueue(trx, ...)` inside the caller's transaction: the job exists exactly when the change
 *   that caused it does (an outbox).
 * - A worker claims due jobs with a lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so several
 *   processes share the table; SQLite serialises writers). The lease is renewed while the handler
 *   runs; a killed process's lease lapses and another worker takes the job again.
 * - Fairness: each lane (a kind of job: webhooks, mails, exports...) has its own slots, and an
 *   account has at most `perAccount` jobs running in a lane, counted over every worker (claims of
 *   one lane take a PostgreSQL advisory lock, so two nodes cannot both take an account's last
 *   slot). A job over its account's cap waits while other accounts' jobs go first.
 * - A failed attempt is retried after an exponential back-off with jitter; after `maxAttempts`
 *   (or a PermanentJobError) the job is dead (the dead-letter state), kept with its last error.
 * - Wake-ups: NOTIFY on PostgreSQL (delivered on commit), an in-process signal on SQLite, and a
 *   poll as the fallback. `stop()` lets running handlers reach a safe point and returns the
 *   leases of what did not finish, so another worker resumes it at once.
 */
export class JobQueue {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly #handlers = new Map<string, Registered>();
  readonly #running = new Map<number, Running>();
  #started = false;
  #stopping = false;
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;
  #again = false;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(readonly options: JobQueueOptions) {}

  get #kysely(): Kysely<Database> {
    return this.options.db.kysely;
  }

  /** Register the handler of a queue (each feature registers its own; names are dotted, e.g. exports.send-facts). */
  register<P>(queue: string, handler: JobHandler<P>, options: QueueOptions = {}): void {
    if (this.#handlers.has(queue)) throw new Error(`job queue ${queue} is registered twice`);
    this.#handlers.set(queue, { handler: handler as JobHandler<never>, options });
  }

  /** Whether a queue has its handler in this process. */
  has(queue: string): boolean {
    return this.#handlers.has(queue);
  }

  /**
   * Add a job, in the caller's transaction when given one. With a dedupe key, the job of that key
   * is answered (created: false) when one holds it, found in the same statement as the insert: a
   * separate look-up after a refused insert could find nothing when the holder finished (and
   * released its key) in between. On PostgreSQL the upsert answers the row either way (xmax = 0
   * tells a new one); SQLite has one connection, so a transaction keeps the worker out between
   * its two statements.
   */
  async enqueue(db: Kysely<Database>, job: EnqueueOptions): Promise<Enqueued> {
    if (job.dedupeKey !== undefined && this.options.db.dialect === 'sqlite' && !db.isTransaction) {
      return db.transaction().execute((trx) => this.enqueue(trx, job));
    }
    const now = this.options.clock.now().toISOString();
    const maxAttempts = job.maxAttempts ?? this.#handlers.get(job.queue)?.options.maxAttempts ?? DEFAULT_ATTEMPTS;
    const insert = db.insertInto('jobs').values({
      queue: job.queue,
      payload: JSON.stringify(job.payload),
      state: 'queued',
      account_id: job.accountId ?? null,
      run_at: (job.runAt ?? this.options.clock.now()).toISOString(),
      attempts: 0,
      max_attempts: maxAttempts,
      lease_until: null,
      locked_by: null,
      last_error: null,
      result: null,
      dedupe_key: job.dedupeKey ?? null,
      dedupe_while_active: job.dedupeWhileActive ? 1 : 0,
      created_at: now,
      updated_at: now,
      finished_at: null,
    });
    let inserted: { id: number } | undefined;
    if (job.dedupeKey === undefined) inserted = await insert.returning('id').executeTakeFirstOrThrow();
    else if (this.options.db.dialect === 'postgres') {
      const row = await insert
        .onConflict((oc) =>
          oc.column('dedupe_key').doUpdateSet((eb) => ({ dedupe_key: eb.ref('excluded.dedupe_key') })),
        )
        .returning(['id', sql<boolean>`xmax = 0`.as('fresh')])
        .executeTakeFirstOrThrow();
      if (!row.fresh) return { id: row.id, created: false };
      inserted = row;
    } else {
      inserted = await insert
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const existing = await db
          .selectFrom('jobs')
          .select('id')
          .where('dedupe_key', '=', job.dedupeKey)
          .executeTakeFirstOrThrow();
        return { id: existing.id, created: false };
      }
    }
    const recipients = job.recipients ?? [];
    const seen = new Set<string>();
    let position = 0;
    for (const r of recipients) {
      const address = r.address.trim();
      if (seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      await db
        .insertInto('job_deliveries')
        .values({
          job_id: inserted.id,
          position: position++,
          recipient: address,
          name: r.name ?? '',
          ref_id: r.refId ?? null,
          state: 'pending',
          claim: null,
          attempts: 0,
          last_error: null,
          message_id: null,
          sent_at: null,
          updated_at: now,
        })
        .execute();
    }
    await this.#announce(db, job.queue);
    return { id: inserted.id, created: true };
  }

  /**
   * Put a finished job with failed deliveries back in the queue: its failed (and never sent)
   * recipients are tried again, the sent ones are not. false when there is nothing to retry or
   * the job has not finished.
   */
  async retryFailed(db: Kysely<Database>, jobId: number): Promise<boolean> {
    const now = this.options.clock.now().toISOString();
    const job = await db.selectFrom('jobs').select(['state', 'queue']).where('id', '=', jobId).executeTakeFirst();
    if (!job || (job.state !== 'done' && job.state !== 'dead')) return false;
    const reset = await db
      .updateTable('job_deliveries')
      .set({ state: 'pending', claim: null, attempts: 0, updated_at: now })
      .where('job_id', '=', jobId)
      .where('state', 'in', ['failed', 'pending', 'sending'])
      .executeTakeFirst();
    const hasDeliveries = await db
      .selectFrom('job_deliveries')
      .select('id')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    if (hasDeliveries && Number(reset.numUpdatedRows) === 0) return false;
    if (!hasDeliveries && job.state !== 'dead') return false;
    await db
      .updateTable('jobs')
      .set({
        state: 'queued',
        attempts: 0,
        run_at: now,
        lease_until: null,
        locked_by: null,
        finished_at: null,
        updated_at: now,
      })
      .where('id', '=', jobId)
      .where('state', 'in', ['done', 'dead'])
      .execute();
    await this.#announce(db, job.queue);
    return true;
  }

  /** Run a queued job now instead of at the end of its back-off (a redelivery asked for by hand). */
  async expedite(db: Kysely<Database>, jobId: number): Promise<void> {
    const now = this.options.clock.now().toISOString();
    const moved = await db
      .updateTable('jobs')
      .set({ run_at: now, updated_at: now })
      .where('id', '=', jobId)
      .where('state', '=', 'queued')
      .where('run_at', '>', now)
      .returning('queue')
      .executeTakeFirst();
    if (moved) await this.#announce(db, moved.queue);
  }

  async #announce(db: Kysely<Database>, queue: string): Promise<void> {
    if (this.options.db.dialect === 'postgres') await sql`select pg_notify(${WAKE_CHANNEL}, ${queue})`.execute(db);
    // SQLite has one connection: the worker's claim waits for the caller's transaction to end.
    else setImmediate(() => this.wake());
  }

  /** Start this process's worker: listen for wake-ups and poll. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#stopping = false;
    if (this.options.db.listen) {
      try {
        // Back after the database restarted: wake-ups sent meanwhile were lost, so look now.
        this.#unlisten = await this.options.db.listen(
          WAKE_CHANNEL,
          () => this.wake(),
          () => this.wake(),
        );
      } catch (e) {
        this.options.log.warn({ err: e }, 'job wake-ups unavailable; polling only');
      }
    }
    this.wake();
  }

  /** Look for due jobs now (an enqueue in this process, a notification, a test). */
  wake(): void {
    if (!this.#started || this.#stopping) return;
    void this.#tick();
  }

  async #tick(): Promise<void> {
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = true;
    clearTimeout(this.#timer);
    try {
      do {
        this.#again = false;
        if (this.#stopping) break;
        for (const row of await this.#claimFree()) this.#launch(row);
      } while (this.#again && !this.#stopping);
    } catch (e) {
      // The database away: the next poll (or a wake-up once LISTEN is back) tries again.
      const outage = outageOf(e);
      if (outage) this.options.log.warn({ cause: outage.reason }, 'job claim failed: database unavailable');
      else this.options.log.error({ err: e }, 'job claim failed');
    } finally {
      this.#ticking = false;
      if (this.#started && !this.#stopping)
        this.#timer = setTimeout(() => void this.#tick(), this.options.pollMs).unref();
    }
  }

  /** The lanes of the registered queues: their queues and how many of their jobs run at once. */
  #lanes(): Map<string, { queues: string[]; concurrency: number }> {
    const lanes = new Map<string, { queues: string[]; concurrency: number }>();
    for (const [queue, { options }] of this.#handlers) {
      const name = laneOf(queue, options);
      const lane = lanes.get(name) ?? { queues: [], concurrency: this.options.concurrency };
      lane.queues.push(queue);
      lane.concurrency = Math.max(lane.concurrency, options.concurrency ?? 0);
      lanes.set(name, lane);
    }
    return lanes;
  }

  /** Fill every lane's free slots with due jobs (lane by lane, one claim per slot). */
  async #claimFree(): Promise<JobRow[]> {
    const out: JobRow[] = [];
    for (const [name, lane] of this.#lanes()) {
      let free =
        lane.concurrency -
        [...this.#running.values()].filter((r) => r.lane === name).length -
        out.filter((r) => laneOf(r.queue, this.#handlers.get(r.queue)!.options) === name).length;
      while (free > 0 && !this.#stopping) {
        const row = await this.#claimOne(name, lane.queues);
        if (!row) break;
        if (row.attempts > row.max_attempts) {
          // Its worker died during its last allowed attempt: a poison job is not run again.
          await this.#finish(row, {
            state: 'dead',
            last_error: row.last_error ?? 'Gave up: the worker stopped during the last attempt.',
          });
          continue;
        }
        out.push(row);
        free--;
      }
    }
    return out;
  }

  /**
   * Claim the lane's next due job (queued and due, or running with a lapsed lease) whose account
   * has fewer than `perAccount` jobs running in the lane with a live lease.
   */
  async #claimOne(lane: string, queues: string[]): Promise<JobRow | undefined> {
    const now = this.options.clock.now();
    const iso = now.toISOString();
    const leaseUntil = new Date(now.getTime() + this.options.leaseMs).toISOString();
    const cap = this.options.perAccount ?? 1;
    const postgres = this.options.db.dialect === 'postgres';
    const claim = (db: Kysely<Database>) =>
      db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          lease_until: leaseUntil,
          attempts: eb('attempts', '+', 1),
          locked_by: sql<string>`${this.workerId} || ':' || cast(id as text) || ':' || cast(attempts + 1 as text)`,
          updated_at: iso,
        }))
        .where('id', 'in', (eb) => {
          let q = eb
            .selectFrom('jobs as j')
            .select('j.id')
            .where('j.queue', 'in', queues)
            .where((w) =>
              w.or([
                w.and([w('j.state', '=', 'queued'), w('j.run_at', '<=', iso)]),
                w.and([w('j.state', '=', 'running'), w('j.lease_until', '<', iso)]),
              ]),
            )
            .where((w) =>
              w.or([
                w('j.account_id', 'is', null),
                w(
                  w
                    .selectFrom('jobs as r')
                    .select((c) => c.fn.countAll<number>().as('n'))
                    .whereRef('r.account_id', '=', 'j.account_id')
                    .where('r.queue', 'in', queues)
                    .where('r.state', '=', 'running')
                    .where('r.lease_until', '>=', iso),
                  '<',
                  cap,
                ),
              ]),
            )
            .orderBy('j.run_at')
            .orderBy('j.id')
            .limit(1);
          if (postgres) q = q.forUpdate().skipLocked();
          return q;
        })
        .returningAll()
        .executeTakeFirst();
    if (!postgres) return claim(this.#kysely);
    return this.#kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`ananas-jobs:${lane}`}))`.execute(trx);
      return claim(trx);
    });
  }

  #launch(row: JobRow): void {
    const abort = new AbortController();
    const entry: Running = {
      row,
      lane: laneOf(row.queue, this.#handlers.get(row.queue)!.options),
      abort,
      done: Promise.resolve(),
    };
    this.#running.set(row.id, entry);
    entry.done = this.#run(row, abort).finally(() => {
      this.#running.delete(row.id);
      this.wake();
    });
  }

  async #run(row: JobRow, abort: AbortController): Promise<void> {
    const registered = this.#handlers.get(row.queue)!;
    const claim = row.locked_by!;
    const log = this.options.log.child({ job: row.id, queue: row.queue, attempt: row.attempts });
    const heartbeat = setInterval(
      () => {
        void this.#renew(row.id, claim).then(
          (held) => {
            if (!held) abort.abort(new Error('lease lost'));
          },
          () => undefined,
        );
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    heartbeat.unref();
    const ctx: JobContext<never> = {
      id: row.id,
      queue: row.queue,
      payload: JSON.parse(row.payload) as never,
      accountId: row.account_id,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      claim,
      signal: abort.signal,
      db: this.#kysely,
      now: () => this.options.clock.now(),
      log,
    };
    try {
      let result: Json | void;
      try {
        result = await registered.handler(ctx);
      } catch (e) {
        if (abort.signal.aborted && this.#stopping) await this.#release(row);
        else await this.#failed(row, registered, e, log);
        return;
      }
      await this.#finish(row, {
        state: 'done',
        result: result === undefined ? null : JSON.stringify(result as Json),
        last_error: null,
      });
    } catch (e) {
      // The outcome could not be written (the database went away): the lease lapses and the job
      // runs again. Never thrown on: nobody awaits a running job, so it would end the process.
      log.warn(
        { cause: outageOf(e)?.reason ?? errorText(e) },
        'job outcome not recorded; it runs again when its lease lapses',
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * A failed attempt: retried after the back-off, or dead when it was the last or a
   * PermanentJobError. An attempt an outage failed (DependencyUnavailable) is given back (the job's
   * allowance grows by one) and retried after the back-off capped at OUTAGE_BACKOFF_CAP_MS, for
   * `outageRetryMs` after the job was queued: a store away for longer than the attempts span
   * does not fail the job for good, and what the owner reads is plain.
   */
  async #failed(row: JobRow, registered: Registered, e: unknown, log: FastifyBaseLogger): Promise<void> {
    const outage = e instanceof PermanentJobError ? undefined : outageOf(e);
    const now = this.options.clock.now();
    const backoff = registered.options.backoff ?? DEFAULT_BACKOFF;
    const waiting =
      outage !== undefined &&
      now.getTime() - Date.parse(row.created_at) < (this.options.outageRetryMs ?? DEFAULT_OUTAGE_RETRY_MS);
    if (outage && waiting) {
      const wait = Math.min(OUTAGE_BACKOFF_CAP_MS, backoffMs(row.attempts, backoff));
      const runAt = new Date(now.getTime() + wait);
      log.warn(
        { cause: outage.reason, retryIn: wait },
        `job waits for ${outage.dependency}; the attempt does not count`,
      );
      await this.#kysely
        .updateTable('jobs')
        .set((eb) => ({
          state: 'queued',
          run_at: runAt.toISOString(),
          max_attempts: eb('max_attempts', '+', 1),
          lease_until: null,
          locked_by: null,
          last_error: outageText(outage, runAt),
          updated_at: now.toISOString(),
        }))
        .where('id', '=', row.id)
        .where('locked_by', '=', row.locked_by)
        .execute();
      return;
    }
    const message = outage ? outageText(outage) : errorText(e);
    if (e instanceof PermanentJobError || row.attempts >= row.max_attempts) {
      log.warn({ err: outage ? outage.reason : e }, 'job gave up (dead letter)');
      await this.#finish(row, { state: 'dead', last_error: message });
      return;
    }
    const wait = backoffMs(row.attempts, backoff);
    const runAt = new Date(now.getTime() + wait).toISOString();
    log.info({ err: outage ? outage.reason : message, retryIn: wait }, 'job attempt failed; will retry');
    await this.#kysely
      .updateTable('jobs')
      .set({
        state: 'queued',
        run_at: runAt,
        lease_until: null,
        locked_by: null,
        last_error: message,
        updated_at: now.toISOString(),
      })
      .where('id', '=', row.id)
      .where('locked_by', '=', row.locked_by)
      .execute();
  }

  async #renew(id: number, claim: string): Promise<boolean> {
    const leaseUntil = new Date(this.options.clock.now().getTime() + this.options.leaseMs).toISOString();
    const r = await this.#kysely
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('locked_by', '=', claim)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async #finish(
    row: JobRow,
    change: { state: 'done' | 'dead'; result?: string | null; last_error: string | null },
  ): Promise<void> {
    const now = this.options.clock.now().toISOString();
    await this.#kysely.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('jobs')
        .set((eb) => ({
          state: change.state,
          result: change.result === undefined ? eb.ref('result') : change.result,
          last_error: change.last_error,
          lease_until: null,
          finished_at: now,
          updated_at: now,
          dedupe_key: row.dedupe_while_active ? null : eb.ref('dedupe_key'),
        }))
        .where('id', '=', row.id)
        .where('locked_by', '=', row.locked_by)
        .executeTakeFirst();
      // Whatever was not delivered by a job that gave up has failed (a retry can send it).
      if (change.state === 'dead' && Number(r.numUpdatedRows) === 1) {
        await trx
          .updateTable('job_deliveries')
          .set({
            state: 'failed',
            claim: null,
            last_error: sql`coalesce(last_error, ${change.last_error})`,
            updated_at: now,
          })
          .where('job_id', '=', row.id)
          .where('state', 'in', ['pending', 'sending'])
          .execute();
      }
    });
  }

  /** Give the job back (graceful stop): queued again at once, and this attempt does not count. */
  async #release(row: JobRow): Promise<void> {
    const now = this.options.clock.now().toISOString();
    await this.#kysely
      .updateTable('jobs')
      .set((eb) => ({
        state: 'queued',
        run_at: now,
        attempts: eb('attempts', '-', 1),
        lease_until: null,
        locked_by: null,
        updated_at: now,
      }))
      .where('id', '=', row.id)
      .where('locked_by', '=', row.locked_by)
      .where('state', '=', 'running')
      .execute();
  }

  /**
   * Stop the worker: no new claims; running handlers are told to stop (their signal aborts) and
   * given `graceMs` to reach a safe point; the leases of jobs that did not finish are returned.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.#started) return;
    this.#stopping = true;
    clearTimeout(this.#timer);
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = undefined;
    const running = [...this.#running.values()];
    for (const r of running) r.abort.abort(new Error('worker stopping'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(running.map((r) => r.done)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    for (const r of this.#running.values()) await this.#release(r.row).catch(() => undefined);
    // Wait for the claim loop to leave before the database closes.
    while (this.#ticking) await new Promise((resolve) => setTimeout(resolve, 10));
    this.#started = false;
  }

  /**
   * Run every due job once and wait for them (tests and scripts drive the queue with this
   * instead of the timer). Answers how many ran.
   */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await this.#claimFree();
      if (!claimed.length) return ran;
      for (const row of claimed) this.#launch(row);
      await Promise.allSettled(claimed.map((row) => this.#running.get(row.id)?.done));
      ran += claimed.length;
    }
  }

  /** A job's row, or undefined. */
  get(db: Kysely<Database>, id: number): Promise<JobRow | undefined> {
    return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
