import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, stopServer } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../node_modules/.bin/tsx');

export interface Child<T> {
  info: T;
  process: ChildProcess;
  /** SIGTERM, and waits until it has exited (killed if it ignores it). */
  stop(): Promise<void>;
}

/** Start a bench server script in its own process and read the JSON line it prints. */
export function startChild<T>(script: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Child<T>> {
  const child = spawnServer(tsx, [path.join(here, script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      try {
        resolve({ info: JSON.parse(line) as T, process: child, stop: () => stopServer(child, script) });
      } catch (e) {
        reject(e);
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Peak resident memory of a process, from /proc (kB -> MB). */
export async function peakRssMb(pid: number): Promise<number | undefined> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Math.round(Number(m[1]) / 1024) : undefined;
}
