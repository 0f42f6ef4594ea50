import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import { outageOf } from '../plugins/outage.js';
import { errorText, finishJob, recordFailure, releaseJob, renewLease, type JobRow } from './outcome.js';
import type { JobContext, JobHandler, Json, QueueOptions } from './types.js';

/** One attempt of a claimed job: its handler run under a renewed lease, and the outcome written. */

export interface AttemptSetting {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  leaseMs: number;
  outageRetryMs: number;
  /** Whether the worker is stopping: a handler it aborted gives its job back instead of failing. */
  stopping: () => boolean;
}

/** Renews the lease every third of it while the handler runs; a lease another claim took aborts the attempt. */
function heartbeat(row: JobRow, claim: string, abort: AbortController, setting: AttemptSetting): NodeJS.Timeout {
  const timer = setInterval(
    () => {
      const leaseUntil = new Date(setting.clock.now().getTime() + setting.leaseMs).toISOString();
      void renewLease(setting.db, row.id, claim, leaseUntil).then(
        (held) => {
          if (!held) abort.abort(new Error('lease lost'));
        },
        () => undefined,
      );
    },
    Math.max(50, Math.floor(setting.leaseMs / 3)),
  );
  timer.unref();
  return timer;
}

function contextOf(row: JobRow, signal: AbortSignal, setting: AttemptSetting, log: FastifyBaseLogger) {
  const ctx: JobContext<never> = {
    id: row.id,
    queue: row.queue,
    payload: JSON.parse(row.payload) as never,
    accountId: row.account_id,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
    claim: row.locked_by!,
    signal,
    db: setting.db,
    now: () => setting.clock.now(),
    log,
  };
  return ctx;
}

/** Run the handler once and record done, a failure (retry or dead) or, when stopping, the job given back. */
export async function runAttempt(
  row: JobRow,
  registered: { handler: JobHandler<never>; options: QueueOptions },
  abort: AbortController,
  setting: AttemptSetting,
): Promise<void> {
  const { db, clock } = setting;
  const claim = row.locked_by!;
  const log = setting.log.child({ job: row.id, queue: row.queue, attempt: row.attempts });
  const timer = heartbeat(row, claim, abort, setting);
  const ctx = contextOf(row, abort.signal, setting, log);
  try {
    let result: Json | void;
    try {
      result = await registered.handler(ctx);
    } catch (e) {
      if (abort.signal.aborted && setting.stopping()) await releaseJob(db, row, clock.now().toISOString());
      else {
        const { outageRetryMs } = setting;
        await recordFailure(db, { row, error: e, options: registered.options, clock, outageRetryMs, log });
      }
      return;
    }
    const outcome = { state: 'done' as const, result: result === undefined ? null : JSON.stringify(result as Json) };
    await finishJob(db, row, { ...outcome, last_error: null }, clock.now().toISOString());
  } catch (e) {
    // The outcome could not be written (the database went away): the lease lapses and the job
    // runs again. Never thrown on: nobody awaits a running job, so it would end the process.
    log.warn(
      { cause: outageOf(e)?.reason ?? errorText(e) },
      'job outcome not recorded; it runs again when its lease lapses',
    );
  } finally {
    clearInterval(timer);
  }
}
