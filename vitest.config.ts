import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LongestFirstSequencer from './tests/helpers/longest-first-sequencer.js';

/**
 * One `npm test`: unit tests (shared, codegen, client logic), server tests through the real
 * app on SQLite and, when reachable, PostgreSQL, and browser tests in Debian's Chromium.
 */
/**
 * Browser files at once. Two: the browser tier runs after the others, with the machine to itself,
 * and one file at a time left the cores 43 % idle (docs/contributing.md, "How the suite keeps its
 * time"); BROWSER_WORKERS measures another count.
 */
const BROWSER_WORKERS = Number(process.env.BROWSER_WORKERS ?? 2);

export default defineConfig({
  plugins: [react()],
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    // After the usual summary, the 15 slowest files: where the suite's time goes.
    reporters: ['default', './tests/helpers/slowest-files-reporter.ts'],
    // The longest files first (times of a recent run, tests/file-times.json): no long file left to
    // run alone at the end of a tier.
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    // Two unit, component or server files at once on this 2-core machine (vitest's default is one fewer than
    // the cores): a server file waits on PostgreSQL often enough that two keep both cores busy.
    // The browser files follow, two at a time (their own group: sequence.groupOrder below).
    maxWorkers: 2,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/shared/**/*.test.ts', 'tests/codegen/**/*.test.ts', 'tests/client/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // One component (a widget, a list editor, a dialog, a view) rendered with Testing Library
          // in happy-dom, acted on as a user and read by role: what a browser test would check of
          // that component alone, in milliseconds. happy-dom, not jsdom: its current line accepts
          // Node 20 (jsdom's stopped at 28) and it starts a file in a fraction of jsdom's time.
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          // Relative API paths resolve against this address (the fake server answers them).
          environmentOptions: { happyDOM: { url: 'http://portal.test/' } },
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // One process per worker for all its files: the app's modules are imported once per
          // worker instead of once per file (each file still starts its own apps on its own databases).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // As the server tests: one process per worker, which also keeps one Chromium for all its
          // files (tests/e2e/helpers/browser.ts); each file still starts its own portal and database.
          isolate: false,
          maxWorkers: BROWSER_WORKERS,
          // Projects run together only with the same maxWorkers; this one runs after them.
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          // A page answers within a second on a quiet machine, but CI runs the browser files beside
          // the Node 24 run and the checks on two cores: expect.poll's default of one second failed
          // journeys that pass alone. A poll still ends as soon as it holds.
          expect: { poll: { timeout: 10_000 } },
          // One more try for a browser test that fails: on two busy cores a journey of 40 steps
          // now and then misses a step that passes alone (the last three CI runs: one to three of
          // 44 files). A test that fails twice fails the run; one that passes on its second try is
          // named after the run (tests/helpers/slowest-files-reporter.ts) to be mended.
          retry: 1,
        },
      },
    ],
  },
});
