import { describe, inject, it } from 'vitest';
import { runBenchSection } from '../helpers/bench-smoke.js';
import { reachableRedis } from './scale/redis.js';

/**
 * Each bench section the server alone serves, once at a tiny size (BENCH_SMOKE=1): a change that
 * breaks a bench fails here, not on the day someone measures. The sections that drive Chromium run
 * in the browser tier, after the client is built: tests/e2e/bench-smoke.test.ts.
 */
const pgUrl = inject('pgUrl');
const redisUrl = pgUrl ? await reachableRedis() : '';

describe('bench sections at a tiny size', () => {
  for (const section of ['server', 'photos', 'exports', 'partners', 'opexports'])
    it(`npm run bench -- ${section}`, () => runBenchSection(section), 420_000);

  // The market needs PostgreSQL and Redis: a schema of its own in the test cluster, dropped after.
  it.skipIf(!pgUrl || !redisUrl)(
    'npm run bench -- market (PostgreSQL and Redis; the partner keys made after a step-up)',
    () => runBenchSection('market', { BENCH_DATABASE_URL: pgUrl, BENCH_REDIS_URL: redisUrl }),
    420_000,
  );
});
