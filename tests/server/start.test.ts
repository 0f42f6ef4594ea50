import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/accounts.js';
import { clientDir, ensureClientBuild } from '../../scripts/client-build.js';
import { loadConfig } from '../../src/server/config.js';
import { serverBundle } from '../../scripts/server-bundle.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Output of the process until `marker` appears (or it ends, or the time is up). */
function waitFor(child: ChildProcess, marker: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "${marker}" within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(marker)) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start ended (${code}) before "${marker}":\n${out}`));
    });
  });
}

/**
 * `npm start` as on a fresh machine with the client built: an empty database, so it migrates,
 * seeds the demo and prints its accounts, served by the bundled server (scripts/run-server.mjs),
 * without NODE_ENV set (the test
 * runner's "test" is removed, as a user's shell has none). Its client is a copy of the run's
 * build (CI's `npm run build`, which the browser tests use too), fresh, so the start must not
 * build again; that it builds a missing or stale client, and leaves NODE_ENV unset when it does,
 * is tests/server/client-build.test.ts.
 */
describe('npm start on a fresh machine', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ananas-start-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a fresh client build without building again, seeds and prints the demo accounts, and serves the API', async () => {
    await ensureClientBuild();
    cpSync(clientDir(), path.join(dir, 'client'), { recursive: true });
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      CLIENT_DIR: path.join(dir, 'client'),
      LOG_LEVEL: 'warn',
    };
    for (const name of ['NODE_ENV', 'ANANAS_DEMO', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'HOST']) delete env[name];
    // The command itself, as a user types it: package.json's start builds, then hands the process to node.
    child = spawn('npm', ['start'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The server prints its address and the demo accounts in one write, once it listens.
    const out = await waitFor(child, 'Ananas is running', 240_000);
    expect(out).not.toContain('Building the client...');
    expect(out).toContain('Demo accounts');
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(out).toContain(account.email);
    expect(out).toContain(DEMO_PASSWORD);
    // Well-known passwords: the demo start answers this machine only, and says so.
    expect(out).toContain('Listening on this machine only (127.0.0.1');

    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(`${base}/property-facts`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const login = await fetch(`${base}/api/auth/token/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.hotel.email, password: DEMO_PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    expect(((await login.json()) as { auth_token?: string }).auth_token).toMatch(/\S{20,}/);
  }, 300_000);
});

describe('the address a start listens on', () => {
  it('is loopback with the demo accounts, every interface without them or in production, HOST when set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ ANANAS_DEMO: '0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32) }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1', ANANAS_DEMO: '0' }).host).toBe('::1');
  });
});

describe('the server bundle npm start runs', () => {
  it('names its source map file and carries neither the map nor the sources inline (V8 keeps a script whole)', async () => {
    const bundle = await serverBundle();
    const text = readFileSync(bundle, 'utf8');
    expect(text).not.toContain('sourceMappingURL=data:');
    expect(text.trimEnd().endsWith('//# sourceMappingURL=main.mjs.map')).toBe(true);
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[]; sourcesContent?: unknown };
    expect(map.sources.some((s) => s.endsWith('src/server/main.ts'))).toBe(true);
    expect(map.sourcesContent).toBeUndefined();
  });
});
