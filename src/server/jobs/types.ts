import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/tables.js';

/** Anything JSON can carry: a job's payload and result. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** One person (or endpoint) a job delivers to; stored with the job, one status record each. */
export interface Recipient {
  /** An e-mail address (a webhook URL for webhook jobs): unique within the job. */
  address: string;
  name?: string;
  /** What the recipient came from, e.g. a mailing contact's id. */
  refId?: number | null;
}

export interface EnqueueOptions {
  /** The handler's name: a queue registered with `jobs.register` (in any process). */
  queue: string;
  payload: Json;
  /** The account the job works for: its history lists the job. */
  accountId?: number | null;
  /** Not before (default now). */
  runAt?: Date;
  /** Default: the queue's, else 5. */
  maxAttempts?: number;
  /** A second enqueue with the same key answers the first job instead of adding one. */
  dedupeKey?: string;
  /** The key is released when the job finishes (no two alike at once) instead of held for good. */
  dedupeWhileActive?: boolean;
  /** Per-recipient delivery records, created with the job (see deliverEach). */
  recipients?: Recipient[];
}

export interface Enqueued {
  id: number;
  /** false when the dedupe key named a job that was there already. */
  created: boolean;
}

/** What a handler is given for one attempt of one job. */
export interface JobContext<P = Json> {
  id: number;
  queue: string;
  payload: P;
  accountId: number | null;
  /** 1 for the first attempt; a crash-recovered claim counts as an attempt. */
  attempt: number;
  maxAttempts: number;
  /** This attempt's claim (worker and attempt): delivery records carry it. */
  claim: string;
  /** Aborted when the lease is lost or the worker stops: stop at the next safe point. */
  signal: AbortSignal;
  db: Kysely<Database>;
  now(): Date;
  log: FastifyBaseLogger;
}

/** The handler of a queue. Its answer is stored as the job's result; a throw is a failed attempt. */
export type JobHandler<P = Json> = (ctx: JobContext<P>) => Promise<Json | void>;

export interface QueueOptions {
  maxAttempts?: number;
  /**
   * The lane the queue's jobs run in (default: the name's first part, e.g. `webhooks` of
   * `webhooks.deliver`). Each lane has slots of its own, so slow jobs of one kind (a receiver
   * that hangs) never hold up another kind (mails, exports).
   */
  lane?: string;
  /** Jobs of the lane one process runs at once (default JOB_CONCURRENCY; the largest of its queues' counts). */
  concurrency?: number;
  /** Exponential back-off with jitter: base delay of the first retry and the cap. */
  backoff?: { baseMs: number; capMs: number };
}

/** Throw from a handler to give up at once (dead letter), whatever attempts are left. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Throw from a handler when part of the work is left for a later attempt (after the back-off). */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

/** How a process's job queue runs: its database and clock, leases, polling and its slots. */
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
