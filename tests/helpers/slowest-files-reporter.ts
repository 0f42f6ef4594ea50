import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { readFileTimes } from './longest-first-sequencer.js';

/** How many files the summary names. */
const SHOWN = 15;

/**
 * After every run, the slowest test files (time in their tests and hooks, plus collecting, which
 * is where their imports go), so whoever looks at the suite next sees where its time goes.
 */
export default class SlowestFilesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    this.flaky(testModules);
    const timed = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: path.relative(this.root, module.moduleId),
        project: module.project.name,
        ms: d.duration + d.collectDuration + d.setupDuration,
        tests: [...module.children.allTests()].length,
      };
    });
    if (process.env.TEST_TIMES_FILE) this.writeTimes(process.env.TEST_TIMES_FILE, timed);
    if (timed.length < 2) return;
    const total = timed.reduce((sum, t) => sum + t.ms, 0);
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const lines = slowest.map((t) => {
      const seconds = (t.ms / 1000).toFixed(1).padStart(7);
      const share = ((100 * t.ms) / total).toFixed(1).padStart(5);
      return `${seconds} s ${share} %  ${t.project.padEnd(7)} ${t.file} (${t.tests} tests)`;
    });
    process.stdout.write(
      `\nThe ${slowest.length} slowest test files (of ${timed.length}; ${(total / 1000).toFixed(0)} s in all, summed over workers):\n${lines.join('\n')}\n`,
    );
  }

  /**
   * Each file's seconds, added to what the file held (a run of a few files keeps the others'):
   * `TEST_TIMES_FILE=tests/file-times.json npm test` refreshes the times the sequencer orders the
   * files by (tests/helpers/longest-first-sequencer.ts); another path compares two runs.
   */
  private writeTimes(file: string, timed: ReadonlyArray<{ file: string; ms: number }>): void {
    const times = readFileTimes(file);
    for (const t of timed) times[t.file] = Math.round(t.ms / 100) / 10;
    const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  }

  /**
   * Tests that passed only when tried again (the browser files get one retry, vitest.config.ts):
   * named after every run, so a flaky test is seen and mended, never hidden by its retry.
   */
  private flaky(testModules: ReadonlyArray<TestModule>): void {
    const names: string[] = [];
    for (const module of testModules)
      for (const test of module.children.allTests())
        if (test.diagnostic()?.flaky) {
          names.push(
            `  ${path.relative(this.root, module.moduleId)} > ${test.fullName} (tries: ${test.diagnostic()!.retryCount + 1})`,
          );
          // What the failed try said (vitest keeps it on the passed result): without it, the cause
          // of a flaky test is lost with the run (stop 50's could not be looked into).
          // With its diff: "expected [ Array(1) ] to deeply equal []" alone does not say what was
          // found (stop 56's page sweep).
          for (const error of test.result().errors ?? [])
            names.push(
              ...`${error.name ?? 'Error'}: ${error.message}`
                .split('\n')
                .slice(0, 12)
                .map((line) => `      ${line}`),
              ...(error.diff ?? '')
                .split('\n')
                .filter(Boolean)
                .slice(0, 30)
                .map((line) => `      ${line}`),
            );
        }
    if (names.length)
      process.stdout.write(`\nPassed only when tried again (flaky: mend these):\n${names.join('\n')}\n`);
  }
}
