import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serverBundle } from './server-bundle.js';

const root = path.resolve(import.meta.dirname, '..');

/** A port nobody listens on right now (for a server process to take). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/**
 * The environment package.json's start command gives the server (glibc's malloc settings), read
 * from the command itself so that they are written in one place: the benches start the servers
 * they stand for the deployed one with it. A variable set in this process's environment wins (to
 * measure another setting).
 */
export function startCommandEnv(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = pkg.scripts.start.split('&&').at(-1) ?? '';
  return Object.fromEntries(
    [...command.matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=(\S+)/g)].map(([, name, value]) => [
      name!,
      process.env[name!] ?? value!,
    ]),
  );
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * The server's main (src/server/main.ts, bundled: scripts/server-bundle.ts) as the process itself
 * (so kill -9 kills the server), answered once it says it is running; an exit before that rejects
 * with its stderr. `npm start`'s own path through tsx: tests/server/start.test.ts.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', await serverBundle()], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('Ananas is running')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return { child, exited };
}
