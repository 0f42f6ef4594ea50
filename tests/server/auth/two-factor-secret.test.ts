import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signUp, type Account } from '../../helpers/accounts.js';
import { totp } from '../../helpers/fixtures/team-and-company.js';
import { buildApp } from '../../../src/server/app.js';
import { ConfigError, loadConfig } from '../../../src/server/config.js';
import { KEY_FILE, createSecretBox, loadServerKey } from '../../../src/server/plugins/secret-box.js';

const KEY_A = 'a-server-key-for-tests-only-0123456789';
const KEY_B = 'another-server-key-for-tests-only-98765';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`two-factor keys are stored encrypted with the server key (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {});
    });
    afterAll(() => t.stop());

    const stored = async (userId: number) =>
      (
        await t.testDb.db.kysely
          .selectFrom('two_factor')
          .select('secret')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).secret;
    const login = (a: Account, code?: string, ip = '203.0.113.9') =>
      t.api('POST', '/api/auth/token/login/', {
        body: { email: a.email, password: PASSWORD, ...(code ? { code } : {}) },
        ip,
      });

    /** Another app on the same database (a restart), with this config change. */
    async function restart(change: Partial<ReturnType<typeof loadConfig>>) {
      const config = {
        ...loadConfig({ PUBLIC_URL: 'http://portal.test', LOG_LEVEL: 'silent' }),
        dataDir: t.testDb.dataDir,
        clientDir: '/nonexistent',
        ...change,
      };
      return buildApp({ config, db: t.testDb.db, clock: t.clock, mailer: t.mail, logger: false });
    }

    it('never stores the key as it is; sign-in with a code still works', async () => {
      const a = await signUp(t);
      const { secret } = (await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token })).json<{
        secret: string;
      }>();
      const row = await stored(a.id);
      expect(row).toMatch(/^v1:/);
      expect(row).not.toContain(secret);
      expect(
        (
          await t.api('POST', '/api/auth/two-factor/confirm/', {
            token: a.token,
            body: { code: await totp(t, secret) },
          })
        ).statusCode,
      ).toBe(200);
      t.clock.advance(60_000);
      const res = await login(a, await totp(t, secret));
      expect(res.statusCode, res.body).toBe(200);
      // The value opens only for its own user: copied to another row it is no key at all.
      const box = createSecretBox(readFileSync(path.join(t.testDb.dataDir, KEY_FILE), 'utf8').trim());
      expect(box.open(row, `two-factor:${a.id}`)).toBe(secret);
      expect(box.open(row, `two-factor:${a.id + 1}`)).toBeUndefined();
    });

    it('generates the embedded default key into the data folder once, readable by the server only', () => {
      const file = path.join(t.testDb.dataDir, KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const config = { ...loadConfig({}), dataDir: t.testDb.dataDir };
      expect(loadServerKey(config)).toBe(readFileSync(file, 'utf8').trim());
      expect(loadServerKey({ ...config, secretKey: KEY_A })).toBe(KEY_A);
    });

    it('seals keys stored before encryption at the next start', async () => {
      const a = await signUp(t);
      const { secret } = (await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token })).json<{
        secret: string;
      }>();
      expect(
        (
          await t.api('POST', '/api/auth/two-factor/confirm/', {
            token: a.token,
            body: { code: await totp(t, secret) },
          })
        ).statusCode,
      ).toBe(200);
      await t.testDb.db.kysely.updateTable('two_factor').set({ secret }).where('user_id', '=', a.id).execute();
      const again = await restart({});
      try {
        expect(await stored(a.id)).toMatch(/^v1:/);
        t.clock.advance(60_000);
        const res = await again.app.inject({
          method: 'POST',
          url: '/api/auth/token/login/',
          payload: { email: a.email, password: PASSWORD, code: await totp(t, secret) },
          remoteAddress: '203.0.113.10',
        });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await again.close();
      }
    });

    it('with another server key a code is refused (400, not 500) and a recovery code still signs in', async () => {
      const a = await signUp(t);
      const { secret } = (await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token })).json<{
        secret: string;
      }>();
      const codes = (
        await t.api('POST', '/api/auth/two-factor/confirm/', { token: a.token, body: { code: await totp(t, secret) } })
      ).json<{ recovery_codes: string[] }>().recovery_codes;
      const other = await restart({ secretKey: KEY_B });
      try {
        t.clock.advance(60_000);
        const send = (code: string) =>
          other.app.inject({
            method: 'POST',
            url: '/api/auth/token/login/',
            payload: { email: a.email, password: PASSWORD, code },
            remoteAddress: '203.0.113.11',
          });
        const refused = await send(await totp(t, secret));
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json()).toMatchObject({ two_factor_required: true });
        expect((await send(codes[0]!)).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  });
}

describe('SECRET_KEY', () => {
  it('must be long enough, and is required with DATABASE_URL in production', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ SECRET_KEY: KEY_A }).secretKey).toBe(KEY_A);
    const production = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/ananas' });
    expect(() => loadServerKey(production)).toThrow(/SECRET_KEY must be set/);
    expect(loadServerKey({ ...production, secretKey: KEY_A })).toBe(KEY_A);
  });
});
