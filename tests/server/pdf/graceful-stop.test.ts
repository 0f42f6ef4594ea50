/**
 * SIGTERM stops a real server process (src/server/main.ts, bundled as scripts/server-bundle.ts builds it) that is
 * printing or has printed, as the graceful stop in docs/operations.md ("Running several nodes") says: the request in
 * flight finishes (its PDF whole), then the process exits 0. (Under Chromium the process ignored SIGTERM once the
 * browser had been launched: Playwright's own handler took the signal.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessSchema, type ProcessSchema } from '../../helpers/process-schema.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/demo/accounts.js';
import { freePort, startServerProcess, type ServerProcess } from '../../../scripts/server-process.js';
import { dialects } from '../../helpers/db.js';
import { pdfText } from '../../helpers/file-readers.js';

/** How long a stopping process may take: a print in flight and the job worker's hand-back, with time to spare on a busy machine. */
const STOP_WITHIN_MS = 30_000;

function exitWithin(server: ServerProcess, ms: number): Promise<number | null> {
  return Promise.race([
    server.exited,
    new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`still running ${ms} ms after SIGTERM`)), ms)),
  ]);
}

for (const dialect of dialects()) {
  describe(`SIGTERM during and after PDF work (${dialect})`, () => {
    let dataDir: string;
    let pgSchema: ProcessSchema | undefined;
    let env: Record<string, string>;
    let base = '';
    const servers: ServerProcess[] = [];

    async function start(): Promise<ServerProcess> {
      // A port of its own: a server of an earlier case that failed to stop cannot answer this one.
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const server = await startServerProcess({ ...env, PORT: String(port), PUBLIC_URL: base });
      servers.push(server);
      return server;
    }

    async function signIn(): Promise<{ token: string; hotel: number }> {
      const login = await fetch(`${base}/api/auth/token/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_ACCOUNTS.hotel.email, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { auth_token: token } = (await login.json()) as { auth_token: string };
      const list = (await (
        await fetch(`${base}/api/facts/properties/`, { headers: { authorization: `Token ${token}` } })
      ).json()) as { id: number; hotel_name: string }[];
      return { token, hotel: list.find((p) => p.hotel_name === 'Hotel Ananas Playa')!.id };
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-sigterm-'));
      env = {
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ANANAS_DEMO: '1',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        NODE_ENV: 'development',
        PDF_CACHE_MB: '0',
      };
      if (dialect === 'postgres') {
        pgSchema = await createProcessSchema('t_sigterm');
        env.DATABASE_URL = pgSchema.databaseUrl;
      }
    }, 60_000);

    afterAll(async () => {
      for (const s of servers) {
        if (s.child.exitCode === null && s.child.signalCode === null) {
          s.child.kill('SIGKILL');
          await s.exited;
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
      await pgSchema?.drop();
    });

    it('finishes the PDF in flight, then exits 0', async () => {
      const server = await start();
      const { token, hotel } = await signIn();
      // The signal goes once the server has taken the request (its log line), while it prints.
      const taken = new Promise<void>((resolve) => {
        createInterface({ input: server.child.stdout! }).on('line', (line) => {
          if (line.includes('"incoming request"') && line.includes(`/api/facts/download-facts/${hotel}/`)) resolve();
        });
      });
      const download = fetch(`${base}/api/facts/download-facts/${hotel}/?language=fa`, {
        headers: { authorization: `Token ${token}` },
      });
      await taken;
      server.child.kill('SIGTERM');
      const res = await download;
      expect(res.status).toBe(201);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdfText(pdf)).toContain('Hotel Ananas Playa');
      expect(await exitWithin(server, STOP_WITHIN_MS)).toBe(0);
    }, 120_000);

    it('exits 0 on SIGTERM after printing', async () => {
      const server = await start();
      const { token, hotel } = await signIn();
      for (const query of ['?language=en', '?language=ru&layout=S']) {
        const res = await fetch(`${base}/api/facts/download-facts/${hotel}/${query}`, {
          headers: { authorization: `Token ${token}` },
        });
        expect(res.status).toBe(201);
        expect(
          Buffer.from(await res.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
      }
      const chart = await fetch(`${base}/api/stop-sale/pdf/${hotel}/`, {
        headers: { authorization: `Token ${token}` },
      });
      expect(chart.status).toBe(200);
      await chart.arrayBuffer();
      server.child.kill('SIGTERM');
      expect(await exitWithin(server, STOP_WITHIN_MS)).toBe(0);
    }, 120_000);
  });
}
