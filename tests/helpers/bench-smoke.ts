import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Bench runs at once. A smoke run spends most of its time starting servers and browsers and
 * waiting on them (the five Chromium sections took 126 s of wall time for under a minute of CPU),
 * so a few side by side fill the time one leaves; more starve the browser sections' waits.
 */
const AT_ONCE = Number(process.env.BENCH_SMOKE_AT_ONCE ?? 3);
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * `npm run bench -- <sections>` (a comma list, run one after the other in one process) once at the
 * tiny size BENCH_SMOKE=1 gives every section (scripts/bench/harness.ts): it must finish with exit
 * code 0 and print each section's figures. What it measures is not looked at (benches are never
 * timed assertions); that it still runs is.
 */
export async function runBenchSection(sections: string, env: Record<string, string> = {}): Promise<void> {
  const release = await slot();
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/run.ts', sections], {
      cwd: root,
      env: { ...outsideVitest(process.env), ...env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, `bench ${sections} failed:\n${err.slice(-4000)}`).toBe(0);
    for (const section of sections.split(',')) expect(out).toContain(`## ${section}`);
    expect(out).toMatch(/\n\| .+ \|\n/);
  } finally {
    release();
  }
}

/** The environment without vitest's marks: the bench runs as `npm run bench` does, outside a test run. */
function outsideVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')));
}
