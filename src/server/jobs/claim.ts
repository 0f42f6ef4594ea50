import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { JobRow } from './outcome.js';
import type { QueueOptions } from './types.js';

/** How a worker takes jobs: the lanes that share its slots, and the claim of a lane's next due job. */

/** A queue's lane: its own, else the first part of its name. */
export const laneOf = (queue: string, options: QueueOptions): string => options.lane ?? queue.split('.')[0]!;

export interface Lane {
  queues: string[];
  concurrency: number;
}

/** The lanes of the registered queues: their queues and how many of their jobs run at once. */
export function lanesOf(queues: Iterable<[string, QueueOptions]>, concurrency: number): Map<string, Lane> {
  const lanes = new Map<string, Lane>();
  for (const [queue, options] of queues) {
    const name = laneOf(queue, options);
    const lane = lanes.get(name) ?? { queues: [], concurrency };
    lane.queues.push(queue);
    lane.concurrency = Math.max(lane.concurrency, options.concurrency ?? 0);
    lanes.set(name, lane);
  }
  return lanes;
}

export interface ClaimRequest {
  lane: string;
  queues: string[];
  now: Date;
  leaseMs: number;
  /** Jobs of one account running at once in the lane. */
  perAccount: number;
  workerId: string;
}

/**
 * Claim the lane's next due job (queued and due, or running with a lapsed lease) whose account
 * has fewer than `perAccount` jobs running in the lane with a live lease. On PostgreSQL the claim
 * skips rows another worker holds and takes the lane's advisory lock, so two nodes cannot both
 * take an account's last slot; SQLite serialises writers by itself.
 */
export function claimNext(db: Kysely<Database>, postgres: boolean, request: ClaimRequest): Promise<JobRow | undefined> {
  if (!postgres) return claimStatement(db, false, request);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`ananas-jobs:${request.lane}`}))`.execute(trx);
    return claimStatement(trx, true, request);
  });
}

function claimStatement(db: Kysely<Database>, postgres: boolean, request: ClaimRequest): Promise<JobRow | undefined> {
  const { queues, workerId } = request;
  const iso = request.now.toISOString();
  const leaseUntil = new Date(request.now.getTime() + request.leaseMs).toISOString();
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      lease_until: leaseUntil,
      attempts: eb('attempts', '+', 1),
      locked_by: sql<string>`${workerId} || ':' || cast(id as text) || ':' || cast(attempts + 1 as text)`,
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
              request.perAccount,
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
}
