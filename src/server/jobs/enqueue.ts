import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Enqueued, EnqueueOptions } from './types.js';

/** Writing jobs into the queue's table: a new job with its recipients, a retry of a finished one, an earlier run. */

/**
 * Insert the job's row. With a dedupe key, the job of that key is answered (created: false) when
 * one holds it, found in the same statement as the insert: a separate look-up after a refused
 * insert could find nothing when the holder finished (and released its key) in between. On
 * PostgreSQL the upsert answers the row either way (xmax = 0 tells a new one); on SQLite the
 * caller holds a transaction, which keeps the worker out between the two statements.
 */
export async function insertJob(
  db: Kysely<Database>,
  postgres: boolean,
  job: EnqueueOptions,
  at: { now: string; runAt: string; maxAttempts: number },
): Promise<Enqueued> {
  const insert = db.insertInto('jobs').values({
    queue: job.queue,
    payload: JSON.stringify(job.payload),
    state: 'queued',
    account_id: job.accountId ?? null,
    run_at: at.runAt,
    attempts: 0,
    max_attempts: at.maxAttempts,
    lease_until: null,
    locked_by: null,
    last_error: null,
    result: null,
    dedupe_key: job.dedupeKey ?? null,
    dedupe_while_active: job.dedupeWhileActive ? 1 : 0,
    created_at: at.now,
    updated_at: at.now,
    finished_at: null,
  });
  if (job.dedupeKey === undefined) {
    const inserted = await insert.returning('id').executeTakeFirstOrThrow();
    return { id: inserted.id, created: true };
  }
  if (postgres) {
    const row = await insert
      .onConflict((oc) => oc.column('dedupe_key').doUpdateSet((eb) => ({ dedupe_key: eb.ref('excluded.dedupe_key') })))
      .returning(['id', sql<boolean>`xmax = 0`.as('fresh')])
      .executeTakeFirstOrThrow();
    return { id: row.id, created: row.fresh };
  }
  const inserted = await insert
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('dedupe_key', '=', job.dedupeKey)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** The job's deliveries, one per recipient address (the first of addresses alike, whatever their case). */
export async function insertDeliveries(
  db: Kysely<Database>,
  jobId: number,
  recipients: NonNullable<EnqueueOptions['recipients']>,
  now: string,
): Promise<void> {
  const seen = new Set<string>();
  let position = 0;
  for (const r of recipients) {
    const address = r.address.trim();
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    await db
      .insertInto('job_deliveries')
      .values({
        job_id: jobId,
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
}

/**
 * Put a finished job with failed deliveries back in the queue: its failed (and never sent)
 * recipients are tried again, the sent ones are not. Answers the job's queue, or undefined when
 * there is nothing to retry or the job has not finished.
 */
export async function requeueFailed(db: Kysely<Database>, jobId: number, now: string): Promise<string | undefined> {
  const job = await db.selectFrom('jobs').select(['state', 'queue']).where('id', '=', jobId).executeTakeFirst();
  if (!job || (job.state !== 'done' && job.state !== 'dead')) return undefined;
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
  if (hasDeliveries && Number(reset.numUpdatedRows) === 0) return undefined;
  if (!hasDeliveries && job.state !== 'dead') return undefined;
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
  return job.queue;
}

/** Move a queued job's run to now; answers its queue when it was waiting for a later time. */
export async function runNow(db: Kysely<Database>, jobId: number, now: string): Promise<string | undefined> {
  const moved = await db
    .updateTable('jobs')
    .set({ run_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('state', '=', 'queued')
    .where('run_at', '>', now)
    .returning('queue')
    .executeTakeFirst();
  return moved?.queue;
}
