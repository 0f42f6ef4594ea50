import { beforeAll, describe, inject, it } from 'vitest';
import { clientDir, ensureClientBuild } from '../../scripts/client-build.js';
import { runBenchSection } from '../helpers/bench-smoke.js';
import { reachableRedis } from './scale/redis.js';

/**
 * Every bench section once at a tiny size (BENCH_SMOKE=1): a change that breaks a bench fails
 * here, not on the day someone measures (issue 39: a section no test runs breaks silently).
 *
 * The runs go side by side (tests/helpers/bench-smoke.ts: three at a time) in this one server
 * file, the Chromium sections too: they mostly wait on the servers and browsers they start, and in
 * the browser tier, whose files then ran one at a time, their two minutes held up every browser file.
 * Sections that share something run in one process, one after the other: client and portfolio
 * both put the cold-load anchor into the client build and take it out again.
 */
const pgUrl = inject('pgUrl');
const redisUrl = pgUrl ? await reachableRedis() : '';
const chromium = !!inject('chromium');

describe.concurrent('bench sections at a tiny size', () => {
  // The Chromium sections serve the run's client build (the browser project's set-up makes it when
  // this file runs with it; alone, this makes it).
  beforeAll(async () => {
    if (chromium) await ensureClientBuild();
  }, 300_000);

  // The longest first: they start while the slots are free.
  for (const sections of ['editor', 'exports,opexports', 'photos', 'server,partners']) {
    const browser = sections === 'editor';
    it.skipIf(browser && !chromium)(
      `npm run bench -- ${sections}`,
      () => runBenchSection(sections, browser ? { BENCH_CLIENT_DIR: clientDir() } : {}),
      420_000,
    );
  }
  for (const sections of ['client,portfolio', 'gallery,chart'])
    it.skipIf(!chromium)(
      `npm run bench -- ${sections} (Chromium)`,
      () => runBenchSection(sections, { BENCH_CLIENT_DIR: clientDir() }),
      420_000,
    );

  // The market needs PostgreSQL and Redis: a schema of its own in the test cluster, dropped after.
  it.skipIf(!pgUrl || !redisUrl)(
    'npm run bench -- market (PostgreSQL and Redis; the partner keys made after a step-up)',
    () => runBenchSection('market', { BENCH_DATABASE_URL: pgUrl, BENCH_REDIS_URL: redisUrl }),
    420_000,
  );
});
