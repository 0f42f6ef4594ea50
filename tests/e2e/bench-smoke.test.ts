import { describe, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { CLIENT_DIR } from './helpers/portal.js';
import { runBenchSection } from '../helpers/bench-smoke.js';

/**
 * The bench sections that drive Chromium, once at the tiny size BENCH_SMOKE=1 gives them (issue
 * 39: a section no test runs breaks silently; these had, when the tests' portal could no longer
 * start outside vitest). Each is `npm run bench -- <section>` in a process of its own, given the
 * run's client build (BENCH_CLIENT_DIR) rather than building its own. The server's sections:
 * tests/server/bench-smoke.test.ts.
 */
describe.skipIf(!hasBrowser())('Chromium bench sections at a tiny size', () => {
  for (const section of ['client', 'portfolio', 'gallery', 'chart', 'editor'])
    it(`npm run bench -- ${section}`, () => runBenchSection(section, { BENCH_CLIENT_DIR: CLIENT_DIR }), 420_000);
});
