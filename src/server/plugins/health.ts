import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../services.js';
import { outageOf } from './outage.js';

export interface HealthChecks {
  /** Reachable object storage (S3); undefined for the local folder, which is always there. */
  storage?: () => Promise<void>;
  /** false once the process has begun to stop: the balancer should send no more requests. */
  accepting: () => boolean;
}

const TIMEOUT_MS = 3_000;

async function within(check: () => Promise<unknown>): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (e) {
    return outageOf(e)?.reason ?? (e instanceof Error ? e.message : String(e));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a load balancer or orchestrator, outside /api (no session, no schema, never cached):
 * /healthz says the process answers; /readyz whether the node can serve. Not ready (503, naming
 * what failed) without the database or once the process has begun to stop. Redis and the object
 * store are shared by every node, so a node without them stays in the rotation (200, status
 * `degraded`, the check saying why): without Redis the limiters count in the database and nothing
 * fails; without the store only file uploads and downloads answer 503, which taking every node
 * out of the rotation would only make worse.
 */
export function registerHealth(app: FastifyInstance, services: Services, checks: HealthChecks): void {
  app.get('/healthz', (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const redis = services.redis;
    const [database, redisState, storage] = await Promise.all([
      within(() => sql`select 1`.execute(services.db.kysely)),
      // Never a failure of the node: the line says whether the limiters count in Redis or the database.
      redis?.state(),
      checks.storage ? within(checks.storage) : undefined,
    ]);
    const results: Record<string, string> = { database };
    if (redisState !== undefined) results.redis = redisState;
    if (storage !== undefined) results.storage = storage;
    if (!checks.accepting()) results.process = 'stopping';
    const ready = database === 'ok' && checks.accepting();
    const whole = Object.values(results).every((r) => r === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: !ready ? 'unavailable' : whole ? 'ok' : 'degraded', checks: results });
  });
}
