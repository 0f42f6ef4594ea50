import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database, JobsTable } from '../db/tables.js';
import { outageOf, type DependencyUnavailable } from '../plugins/outage.js';
import { backoffMs, DEFAULT_BACKOFF } from './backoff.js';
import { PermanentJobError, type QueueOptions } from './types.js';

/** What an attempt leaves in the job's row: done, dead, retried after a back-off, given back, its lease renewed. */

export type JobRow = Selectable<JobsTable>;

/** Retries after an outage wait as the queue's back-off says, but never longer than this: the store is back, the job soon follows. */
export const OUTAGE_BACKOFF_CAP_MS = 5 * 60_000;
export const DEFAULT_OUTAGE_RETRY_MS = 24 * 3_600_000;

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

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

export interface FailedAttempt {
  row: JobRow;
  error: unknown;
  options: QueueOptions;
  clock: Clock;
  /** How long after it was queued an outage's attempts do not count. */
  outageRetryMs: number;
  log: FastifyBaseLogger;
}

/**
 * A failed attempt: retried after the back-off, or dead when it was the last or a
 * PermanentJobError. An attempt an outage failed (DependencyUnavailable) is given back (the job's
 * allowance grows by one) and retried after the back-off capped at OUTAGE_BACKOFF_CAP_MS, for
 * `outageRetryMs` after the job was queued: a store away for longer than the attempts span
 * does not fail the job for good, and what the owner reads is plain.
 */
export async function recordFailure(db: Kysely<Database>, attempt: FailedAttempt): Promise<void> {
  const { row, error: e, clock, log } = attempt;
  const outage = e instanceof PermanentJobError ? undefined : outageOf(e);
  const now = clock.now();
  const backoff = attempt.options.backoff ?? DEFAULT_BACKOFF;
  const waiting = outage !== undefined && now.getTime() - Date.parse(row.created_at) < attempt.outageRetryMs;
  if (outage && waiting) {
    const wait = Math.min(OUTAGE_BACKOFF_CAP_MS, backoffMs(row.attempts, backoff));
    const runAt = new Date(now.getTime() + wait);
    log.warn({ cause: outage.reason, retryIn: wait }, `job waits for ${outage.dependency}; the attempt does not count`);
    await db
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
    await finishJob(db, row, { state: 'dead', last_error: message }, clock.now().toISOString());
    return;
  }
  const wait = backoffMs(row.attempts, backoff);
  const runAt = new Date(now.getTime() + wait).toISOString();
  log.info({ err: outage ? outage.reason : message, retryIn: wait }, 'job attempt failed; will retry');
  await db
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

/** Hold the claim longer; false when the claim is no longer this attempt's. */
export async function renewLease(
  db: Kysely<Database>,
  id: number,
  claim: string,
  leaseUntil: string,
): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('locked_by', '=', claim)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface Finish {
  state: 'done' | 'dead';
  result?: string | null;
  last_error: string | null;
}

/** The job's end, done or dead; a dead job's undelivered recipients fail with it. */
export async function finishJob(db: Kysely<Database>, row: JobRow, change: Finish, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
export async function releaseJob(db: Kysely<Database>, row: JobRow, now: string): Promise<void> {
  await db
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
