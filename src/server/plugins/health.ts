import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../services.js';

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
    return e instanceof Error ? e.message : String(e);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a load balancer or orchestrator, outside /api (no session, no schema, never cached):
 * /healthz says the process answers; /readyz that what it needs is reachable (the database, and
 * Redis and object storage when configured) and that it is not stopping. 503 otherwise, naming
 * what failed, so a node whose Redis is away leaves the rotation instead of failing sign-ins.
 */
export function registerHealth(app: FastifyInstance, services: Services, checks: HealthChecks): void {
  app.get('/healthz', (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const results: Record<string, string> = {
      database: await within(() => sql`select 1`.execute(services.db.kysely)),
    };
    const redis = services.redis;
    if (redis) results.redis = await within(() => redis.client.ping());
    if (checks.storage) results.storage = await within(checks.storage);
    if (!checks.accepting()) results.process = 'stopping';
    const ready = Object.values(results).every((r) => r === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : 'unavailable', checks: results });
  });
}
