/**
 * No webhook delivery is lost across a kill -9 of the worker (issue 16 §5): a real server process
 * (src/server/main.ts bundled, scripts/server-bundle.ts; demo seeded so no mail round-trip is needed), a local HTTP receiver
 * that holds the first delivery open until the process is killed, then a second process on the
 * same database. Deliveries are at least once: the interrupted one comes again with the same
 * webhook-id (receivers deduplicate on it), and every event reaches the receiver.
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProcessSchema, type ProcessSchema } from '../../helpers/process-schema.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { freePort, startServerProcess, type ServerProcess } from '../../../scripts/server-process.js';

const DEMO_PASSWORD = 'ananas-demo-2026';
const EVENTS = 4;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`a webhook delivery survives kill -9 (${dialect})`, () => {
    /** webhook-id → times received (answered or not). */
    const received = new Map<string, number>();
    let holdNext: ((release: () => void) => void) | undefined;
    let rx: http.Server;
    let hookUrl = '';
    let dataDir: string;
    let pgSchema: ProcessSchema | undefined;
    const servers: ServerProcess[] = [];
    let base = '';
    let env: Record<string, string> = {};

    beforeAll(async () => {
      rx = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          const id = String(req.headers['webhook-id']);
          received.set(id, (received.get(id) ?? 0) + 1);
          if (holdNext) {
            // The body is in, no answer yet: the sender cannot know it arrived.
            const hold = holdNext;
            holdNext = undefined;
            hold(() => res.destroy());
            return;
          }
          res.statusCode = 204;
          res.end();
        });
      });
      await new Promise<void>((resolve) => rx.listen(0, '127.0.0.1', resolve));
      hookUrl = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hooks`;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-hookkill-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        ANANAS_DEMO: '1',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        WEBHOOK_ALLOW_PRIVATE: '1',
        JOB_LEASE_SECONDS: '2',
        JOB_POLL_SECONDS: '0.5',
        DATABASE_URL: '',
        NODE_ENV: 'development',
      };
      if (dialect === 'postgres') {
        pgSchema = await createProcessSchema('t_hookkill');
        env.DATABASE_URL = pgSchema.databaseUrl;
      }
    }, 60_000);

    afterAll(async () => {
      for (const s of servers) {
        if (s.child.exitCode === null && s.child.signalCode === null) {
          s.child.kill('SIGTERM');
          await s.exited;
        }
      }
      rx.closeAllConnections();
      await new Promise<void>((resolve) => rx.close(() => resolve()));
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function call(method: string, p: string, token?: string, body?: unknown) {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        json: (text ? JSON.parse(text) : null) as Record<string, unknown> & Record<string, unknown>[],
      };
    }

    it('delivers every event after a restart; the interrupted one again with the same webhook-id', async () => {
      servers.push(await startServerProcess(env));
      const login = await call('POST', '/api/auth/token/login/', undefined, {
        email: 'operator@demo.ananas.dev',
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
      const auth = login.json.auth_token as string;
      const hook = await call('POST', '/api/settings/webhook/create/', auth, {
        url: hookUrl,
        events: ['mapping.updated'],
      });
      expect(hook.status, JSON.stringify(hook.json)).toBe(201);
      // The demo operator's contracted hotel is the first property of the fresh database.
      expect((await call('GET', '/api/tour-operator/mapping/hotel/get/1/', auth)).json.override_code).toBe('PMI-ANP');

      // Four changes, four deliveries; the first is held open, then the server is killed.
      const held = new Promise<() => void>((resolve) => (holdNext = resolve));
      for (let i = 1; i <= EVENTS; i++) {
        const res = await call('POST', '/api/tour-operator/mapping/hotel/create/', auth, {
          hotel: 1,
          override_code: `PMI-KILL-${i}`,
        });
        expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
      }
      const release = await held;
      const interrupted = [...received.keys()][0]!;
      servers[0]!.child.kill('SIGKILL');
      await servers[0]!.exited;
      release();

      // A new process on the same database takes the jobs when the dead one's lease lapses.
      servers.push(await startServerProcess(env));
      const log = async () =>
        (await call('GET', `/api/settings/webhook/deliveries/${hook.json.id as number}/`, auth)).json as unknown as {
          message_id: string;
          status: string;
          attempts: number;
        }[];
      await expect
        .poll(async () => (await log()).filter((d) => d.status === 'delivered').length, {
          timeout: 90_000,
          interval: 500,
        })
        .toBe(EVENTS);
      const deliveries = await log();
      expect(deliveries).toHaveLength(EVENTS);
      // Every delivery reached the receiver; the interrupted one at least twice, under one id.
      for (const d of deliveries) expect(received.get(d.message_id) ?? 0, d.message_id).toBeGreaterThanOrEqual(1);
      expect(received.get(interrupted)).toBeGreaterThanOrEqual(2);
      expect(deliveries.find((d) => d.message_id === interrupted)!.attempts).toBeGreaterThanOrEqual(1);
      expect(new Set(received.keys())).toEqual(new Set(deliveries.map((d) => d.message_id)));
    }, 240_000);
  });
}
