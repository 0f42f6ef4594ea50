/**
 * A send interrupted by kill -9 is finished after a restart, and nobody gets a mail twice: a
 * real server process (src/server/main.ts bundled, scripts/server-bundle.ts), a real SMTP server that holds the third mail
 * open until the server process is killed, then a second server process on the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../helpers/smtp-inbox.js';
import { createProcessSchema, type ProcessSchema } from '../../helpers/process-schema.js';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';
import { registryOf } from '../../../src/server/routing/schema-registry.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { testSections, url } from '../../helpers/sections.js';
import { freePort, startServerProcess, type ServerProcess } from '../../../scripts/server-process.js';

const registry = registryOf(bundle as unknown as SchemaBundle);
const PASSWORD = 'Correct-Horse-42';
const CONTACTS = ['c1@example.com', 'c2@example.com', 'c3@example.com', 'c4@example.com', 'c5@example.com'];

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`a send survives kill -9 (${dialect})`, () => {
    let holdNext: ((release: () => void) => void) | undefined;
    let inbox: SmtpInbox;
    let dataDir: string;
    let pgSchema: ProcessSchema | undefined;
    const servers: ServerProcess[] = [];
    let base = '';
    let env: Record<string, string> = {};
    /** How many mails each contact received. */
    const delivered = () => {
      const counts = new Map<string, number>();
      for (const m of inbox.received) if (CONTACTS.includes(m.to)) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
      return counts;
    };

    beforeAll(async () => {
      inbox = await startSmtpInbox({
        holds(to, answer) {
          if (!holdNext || !to.includes(CONTACTS[2]!)) return false;
          // The mail is in, the server has not answered: the sender cannot know it arrived.
          const hold = holdNext;
          holdNext = undefined;
          hold(() => answer(new Error('connection lost')));
          return true;
        },
      });
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-kill-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        ANANAS_DEMO: '0',
        LOG_LEVEL: 'warn',
        SMTP_URL: inbox.url,
        JOB_LEASE_SECONDS: '2',
        JOB_POLL_SECONDS: '0.5',
        DATABASE_URL: '',
        NODE_ENV: 'development',
      };
      if (dialect === 'postgres') {
        pgSchema = await createProcessSchema('t_kill');
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
      await inbox.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function call(method: string, p: string, token?: string, body?: unknown, form?: FormData) {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      const text = await res.text();
      return {
        status: res.status,
        json: (text ? JSON.parse(text) : null) as Record<string, unknown> & Record<string, unknown>[],
      };
    }

    it('finishes the send after a restart and mails every contact exactly once', async () => {
      servers.push(await startServerProcess(env));
      // A hotel owner with a published property and a group of five contacts, through the API.
      const email = 'owner@example.com';
      expect(
        (
          await call('POST', '/api/auth/users/', undefined, {
            email,
            password: PASSWORD,
            re_password: PASSWORD,
            account_type: 'accommodation',
            first_name: 'K',
            last_name: 'N',
          })
        ).status,
      ).toBe(201);
      await expect.poll(() => inbox.received.some((m) => m.to === email), { timeout: 20_000 }).toBe(true);
      const [activation] = await inbox.parsed(email);
      const [, uid, token] = /\/auth\/activate\/([^/\s]+)\/([^/\s]+)/.exec(activation!.text)!;
      expect((await call('POST', '/api/auth/users/activation/', undefined, { uid, token })).status).toBe(204);
      const auth = (await call('POST', '/api/auth/token/login/', undefined, { email, password: PASSWORD })).json
        .auth_token as string;
      const form = new FormData();
      for (const [k, v] of Object.entries({ hotel_name: 'Kill Test Hotel', country: 'ES', state: 'PM', city: 'Palma' }))
        form.append(k, v);
      const property = (await call('POST', '/api/facts/property/create/', auth, undefined, form)).json.id as number;
      for (const s of testSections().filter((x) => x.kind === 'document')) {
        const res = await call('POST', url(s.routes.create!, property), auth, {
          ...filledDocument(registry.resolved(s.ref)),
          hotel: property,
        });
        expect(res.status, s.key).toBe(201);
      }
      expect((await call('POST', `/api/facts/property/${property}/publish/create/`, auth)).status).toBe(200);
      const group = (await call('POST', '/api/settings/mailing-list/create/', auth, { name: 'Everyone' })).json
        .id as number;
      for (const [i, address] of CONTACTS.entries()) {
        expect(
          (
            await call('POST', '/api/settings/contact-list/create/', auth, {
              mailing_list: group,
              name: `Contact ${i + 1}`,
              email_address: address,
            })
          ).status,
        ).toBe(201);
      }

      // The send: answered at once; the third mail is held open, and then the server is killed.
      const held = new Promise<() => void>((resolve) => (holdNext = resolve));
      const send = await call('GET', `/api/facts/send-facts/${group}/sheet/${property}/`, auth);
      expect(send.status).toBe(201);
      const releaseHeld = await held;
      expect([...delivered().keys()].sort()).toEqual([CONTACTS[0], CONTACTS[1]]);
      servers[0]!.child.kill('SIGKILL');
      await servers[0]!.exited;
      releaseHeld();

      // A new process on the same database takes the job when the dead one's lease lapses.
      servers.push(await startServerProcess(env));
      await expect.poll(() => delivered().size, { timeout: 60_000, interval: 250 }).toBe(CONTACTS.length);
      await expect
        .poll(async () => (await call('GET', '/api/exports/sends/', auth)).json[0]?.state, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe('done');
      const history = (await call('GET', '/api/exports/sends/', auth)).json[0] as {
        sent: number;
        failed: number;
        recipients: { email: string; state: string; attempts: number }[];
      };
      expect(history).toMatchObject({ sent: 5, failed: 0 });
      expect(history.recipients.find((r) => r.email === CONTACTS[2])).toMatchObject({ state: 'sent', attempts: 2 });
      // Every contact exactly once, the interrupted one included.
      expect(Object.fromEntries(delivered())).toEqual(Object.fromEntries(CONTACTS.map((c) => [c, 1])));
    }, 240_000);
  });
}
