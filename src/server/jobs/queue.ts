import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { outageOf } from '../plugins/outage.js';
import { claimNext, laneOf, lanesOf } from './claim.js';
import { insertDeliveries, insertJob, requeueFailed, runNow } from './enqueue.js';
import { runAttempt } from './attempt.js';
import { DEFAULT_OUTAGE_RETRY_MS, finishJob, releaseJob, type Finish, type JobRow } from './outcome.js';
import type { EnqueueOptions, Enqueued, JobHandler, JobQueueOptions, QueueOptions } from './types.js';

export { OUTAGE_BACKOFF_CAP_MS, type JobRow } from './outcome.js';
export type { JobQueueOptions } from './types.js';

/** The channel of PostgreSQL's NOTIFY: an enqueue wakes every worker when its transaction commits. */
export const WAKE_CHANNEL = 'ananas_jobs';
const DEFAULT_ATTEMPTS = 5;

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
   * is answered (created: false) when one holds it (see insertJob). SQLite has one connection, so
   * a transaction keeps the worker out between the insert and the look-up.
   */
  async enqueue(db: Kysely<Database>, job: EnqueueOptions): Promise<Enqueued> {
    if (job.dedupeKey !== undefined && this.options.db.dialect === 'sqlite' && !db.isTransaction) {
      return db.transaction().execute((trx) => this.enqueue(trx, job));
    }
    const now = this.options.clock.now().toISOString();
    const maxAttempts = job.maxAttempts ?? this.#handlers.get(job.queue)?.options.maxAttempts ?? DEFAULT_ATTEMPTS;
    const runAt = (job.runAt ?? this.options.clock.now()).toISOString();
    const inserted = await insertJob(db, this.options.db.dialect === 'postgres', job, { now, runAt, maxAttempts });
    if (!inserted.created) return inserted;
    await insertDeliveries(db, inserted.id, job.recipients ?? [], now);
    await this.#announce(db, job.queue);
    return inserted;
  }

  /**
   * Put a finished job with failed deliveries back in the queue: its failed (and never sent)
   * recipients are tried again, the sent ones are not. false when there is nothing to retry or
   * the job has not finished.
   */
  async retryFailed(db: Kysely<Database>, jobId: number): Promise<boolean> {
    const queue = await requeueFailed(db, jobId, this.options.clock.now().toISOString());
    if (queue === undefined) return false;
    await this.#announce(db, queue);
    return true;
  }

  /** Run a queued job now instead of at the end of its back-off (a redelivery asked for by hand). */
  async expedite(db: Kysely<Database>, jobId: number): Promise<void> {
    const queue = await runNow(db, jobId, this.options.clock.now().toISOString());
    if (queue !== undefined) await this.#announce(db, queue);
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
  #lanes() {
    return lanesOf(
      [...this.#handlers].map(([queue, { options }]) => [queue, options] as [string, QueueOptions]),
      this.options.concurrency,
    );
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

  /** Claim the lane's next due job its account has room for (see claimNext). */
  #claimOne(lane: string, queues: string[]): Promise<JobRow | undefined> {
    return claimNext(this.#kysely, this.options.db.dialect === 'postgres', {
      lane,
      queues,
      now: this.options.clock.now(),
      leaseMs: this.options.leaseMs,
      perAccount: this.options.perAccount ?? 1,
      workerId: this.workerId,
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

  #run(row: JobRow, abort: AbortController): Promise<void> {
    const { clock, log, leaseMs, outageRetryMs = DEFAULT_OUTAGE_RETRY_MS } = this.options;
    const setting = { db: this.#kysely, clock, log, leaseMs, outageRetryMs, stopping: () => this.#stopping };
    return runAttempt(row, this.#handlers.get(row.queue)!, abort, setting);
  }

  #finish(row: JobRow, change: Finish): Promise<void> {
    return finishJob(this.#kysely, row, change, this.options.clock.now().toISOString());
  }

  /** Give the job back (graceful stop): queued again at once, and this attempt does not count. */
  #release(row: JobRow): Promise<void> {
    return releaseJob(this.#kysely, row, this.options.clock.now().toISOString());
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
