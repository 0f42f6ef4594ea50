import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServer, stopServer } from './harness.js';
import { bundleScript } from '../server-bundle.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../node_modules/.bin/tsx');

export interface Child<T> {
  info: T;
  process: ChildProcess;
  /** SIGTERM, and waits until it has exited (killed if it ignores it). */
  stop(): Promise<void>;
}

const root = path.resolve(here, '../..');

/**
 * Start a bench server script in its own process and read the JSON line it prints. Bundled (by
 * default): the script bundled once and run by node, as `npm start` runs the server (no tsx loader
 * in the process), so figures of memory and CPU are the deployed server's, and a start costs half
 * the CPU of one through tsx (2.6-3.1 s against 5.8-6.1 s for serve-app.ts on a busy 2-core
 * machine: the bench smoke test starts about twenty). `bundled: false` runs it through tsx.
 */
export async function startChild<T>(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  { bundled = true } = {},
): Promise<Child<T>> {
  const command = bundled
    ? [
        process.execPath,
        '--enable-source-maps',
        await bundleScript(
          path.join(here, script),
          path.join(root, 'node_modules/.cache/ananas-bench', script.replace(/\.ts$/, '.mjs')),
          [path.join(root, 'src/server'), path.join(root, 'src/shared'), here],
        ),
      ]
    : [tsx, path.join(here, script)];
  const child = spawnServer(command[0]!, [...command.slice(1), ...args], {
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
