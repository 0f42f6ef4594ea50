import { expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp } from '../../helpers/app.js';
import { reachableRedis, uniquePrefix } from './redis.js';

const redisUrl = await reachableRedis();

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`health probes (${dialect})`, () => {
    it('answer /healthz, and /readyz with the database (and Redis when configured); Redis down leaves the node ready, saying so', async () => {
      const t = await startTestApp(dialect);
      try {
        const health = await t.api('GET', '/healthz');
        expect(health.statusCode).toBe(200);
        expect(health.json()).toEqual({ status: 'ok' });
        expect(health.headers['cache-control']).toBe('no-store');
        const ready = await t.api('GET', '/readyz');
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
      } finally {
        await t.stop();
      }
      // Nothing listens on port 1: Redis is down. The node still serves (its limiters count in the
      // database), so it stays in the rotation, and says why it is degraded.
      const down = await startTestApp(dialect, {}, { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: uniquePrefix() });
      try {
        const ready = await down.api('GET', '/readyz');
        expect(ready.statusCode).toBe(200);
        const body = ready.json<{ status: string; checks: Record<string, string> }>();
        expect(body.status).toBe('degraded');
        expect(body.checks.database).toBe('ok');
        expect(body.checks.redis).toMatch(/^unavailable .*limits are counted in the database$/);
      } finally {
        await down.stop();
      }
    });

    it('turns /readyz to 503 once the node begins to stop', async () => {
      const t = await startTestApp(dialect, {}, redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: uniquePrefix() } : {});
      expect((await t.api('GET', '/readyz')).json()).toEqual({
        status: 'ok',
        checks: redisUrl ? { database: 'ok', redis: 'ok' } : { database: 'ok' },
      });
      // Asked while close() runs: before Fastify stops taking requests, the probe says "stopping".
      const closing = t.close();
      const during = await t.api('GET', '/readyz');
      await closing;
      expect(during.statusCode).toBe(503);
      expect(during.json<{ checks: Record<string, string> }>().checks.process).toBe('stopping');
      await t.testDb.drop();
    });
  });
}
