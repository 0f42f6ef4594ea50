import { spawn, type ChildProcess } from 'node:child_process';
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
