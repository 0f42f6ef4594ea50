import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run bench -- <section>` once at the tiny size BENCH_SMOKE=1 gives every section
 * (scripts/bench/harness.ts): it must finish with exit code 0 and print the section's figures.
 * What it measures is not looked at (benches are never timed assertions); that it still runs is.
 */
export async function runBenchSection(section: string, env: Record<string, string> = {}): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/run.ts', section], {
    cwd: root,
    env: { ...outsideVitest(process.env), ...env, BENCH_SMOKE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, `bench ${section} failed:\n${err.slice(-4000)}`).toBe(0);
  expect(out).toContain(`## ${section}`);
  expect(out).toMatch(/\n\| .+ \|\n/);
}

/** The environment without vitest's marks: the bench runs as `npm run bench` does, outside a test run. */
function outsideVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')));
}
