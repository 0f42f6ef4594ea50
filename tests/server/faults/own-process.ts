import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../../scripts/server-process.js';

/**
 * A server process a fault test owns (its own Redis, its own S3 server), on a fixed port so it
 * can be killed and started again where the app expects it, or frozen (SIGSTOP: the kernel still
 * accepts connections, nothing answers) and thawed. Every process is ended when the test process
 * exits, even without its afterAll.
 */
export class OwnProcess {
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: { cwd?: string } = {},
  ) {
    process.once('exit', () => this.#child?.kill('SIGKILL'));
  }

  /** Started, and answered once its port takes connections. */
  async start(): Promise<void> {
    if (this.#child) throw new Error(`${this.name} is running already`);
    let output = '';
    const child = spawn(this.command, this.args, { cwd: this.options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    let gone = false;
    void this.#exited.then(() => (gone = true));
    for (let i = 0; i < 300; i++) {
      if (gone) throw new Error(`${this.name} exited at start: ${output}`);
      if (await listening(this.port)) return;
      await sleep(50);
    }
    throw new Error(`${this.name} did not listen on ${this.port} within 15 s: ${output}`);
  }

  /** SIGKILL: gone at once, as a crashed server is; its port then refuses connections. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await this.#exited;
    this.#child = undefined;
  }

  /** SIGSTOP: connections are still accepted (by the kernel) and never answered. */
  freeze(): void {
    this.#child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.#child?.kill('SIGCONT');
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const root = new URL('../../../', import.meta.url).pathname;

/** Why this machine cannot run a Redis of the test's own ('' when it can). */
export function ownRedisMissing(): string {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return '';
  } catch {
    return 'redis-server is not installed';
  }
}

/** redis-server on a free port: nothing saved to disk, so a restart starts empty (as a lost Redis does). */
export async function ownRedis(): Promise<OwnProcess & { url: string }> {
  const port = await freePort();
  const redis = new OwnProcess('redis-server', port, 'redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await redis.start();
  return Object.assign(redis, { url: `redis://127.0.0.1:${port}` });
}

/**
 * s3rver (the suite's S3 server, from npm) in a process of its own, so it can be frozen; its files
 * in a folder that outlives a kill, so the store comes back with what it held. `remove()` deletes the folder.
 */
export async function ownS3(
  bucket = 'ananas-faults',
): Promise<OwnProcess & { env: Record<string, string>; remove(): Promise<void> }> {
  const port = await freePort();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ananas-own-s3-'));
  const script = [
    "import S3rver from 's3rver';",
    'const [port, directory, bucket] = process.argv.slice(1);',
    "await new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket }] }).run();",
  ].join('\n');
  const s3 = new OwnProcess(
    's3rver',
    port,
    process.execPath,
    ['--input-type=module', '-e', script, String(port), directory, bucket],
    { cwd: root },
  );
  await s3.start();
  return Object.assign(s3, {
    env: {
      STORAGE_URL: `s3://${bucket}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async remove() {
      await s3.kill();
      rmSync(directory, { recursive: true, force: true });
    },
  });
}
