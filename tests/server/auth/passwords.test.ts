import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { TEST_PASSWORD_COST, startTestApp, type TestApp } from '../../helpers/app.js';
import { ConfigError, loadConfig } from '../../../src/server/config.js';
import { PASSWORD, signIn, signUp } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';

const NEW = 'Brand-New-Secret-7';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`passwords and e-mail (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('changes the password: current one required, other sessions end, this one stays', async () => {
      const a = await signUp(t);
      const other = await signIn(t, a.email);
      const before = (await t.api('GET', '/api/auth/users/me/', { token: a.token })).json().last_password_change;
      const wrong = await t.api('POST', '/api/auth/users/set_password/', {
        token: a.token,
        body: { current_password: 'nope', new_password: NEW, re_new_password: NEW },
      });
      expect(wrong.json()).toEqual({ current_password: ['Invalid password.'] });
      const mismatch = await t.api('POST', '/api/auth/users/set_password/', {
        token: a.token,
        body: { current_password: PASSWORD, new_password: NEW, re_new_password: 'x' },
      });
      expect(mismatch.statusCode).toBe(400);
      const missing = await t.api('POST', '/api/auth/users/set_password/', {
        token: a.token,
        body: { new_password: NEW, re_new_password: NEW },
      });
      expect(missing.json()).toEqual({ current_password: ['This field is required.'] });

      t.clock.advance(MINUTE);
      const ok = await t.api('POST', '/api/auth/users/set_password/', {
        token: a.token,
        body: { current_password: PASSWORD, new_password: NEW, re_new_password: NEW },
      });
      expect(ok.statusCode).toBe(204);
      expect((await t.api('GET', '/api/auth/users/me/', { token: other })).statusCode).toBe(401);
      const me = await t.api('GET', '/api/auth/users/me/', { token: a.token });
      expect(me.statusCode).toBe(200);
      expect(Date.parse(me.json().last_password_change)).toBeGreaterThan(Date.parse(before));
      expect(
        (await t.api('POST', '/api/auth/token/login/', { body: { email: a.email, password: PASSWORD } })).statusCode,
      ).toBe(400);
      await signIn(t, a.email, NEW);
    });

    it('changes the e-mail address with the password', async () => {
      const a = await signUp(t);
      const taken = await signUp(t);
      const noPassword = await t.api('POST', '/api/auth/users/set_email/', {
        token: a.token,
        body: { current_password: 'x', new_email: 'n@example.com', re_new_email: 'n@example.com' },
      });
      expect(noPassword.json()).toEqual({ current_password: ['Invalid password.'] });
      const dup = await t.api('POST', '/api/auth/users/set_email/', {
        token: a.token,
        body: { current_password: PASSWORD, new_email: taken.email, re_new_email: taken.email },
      });
      expect(dup.json()).toEqual({ new_email: ['A user with that email already exists.'] });
      const fresh = `moved-${a.id}@example.com`;
      const ok = await t.api('POST', '/api/auth/users/set_email/', {
        token: a.token,
        body: { current_password: PASSWORD, new_email: fresh, re_new_email: fresh },
      });
      expect(ok.statusCode).toBe(204);
      await signIn(t, fresh);
    });

    it('resets a forgotten password by a single-use link', async () => {
      const a = await signUp(t);
      expect((await t.api('POST', '/api/auth/users/reset_password/', { body: { email: a.email } })).statusCode).toBe(
        204,
      );
      const ghost = await t.api('POST', '/api/auth/users/reset_password/', { body: { email: 'ghost@example.com' } });
      expect(ghost.statusCode).toBe(204);
      expect(t.mail.to('ghost@example.com')).toHaveLength(0);

      const { uid, token } = t.mail.link(a.email, 'reset');
      const weak = await t.api('POST', '/api/auth/users/reset_password_confirm/', {
        body: { uid, token, new_password: 'password1', re_new_password: 'password1' },
      });
      expect(weak.json()).toEqual({ new_password: ['This password is too common.'] });
      const ok = await t.api('POST', '/api/auth/users/reset_password_confirm/', {
        body: { uid, token, new_password: NEW, re_new_password: NEW },
      });
      expect(ok.statusCode).toBe(204);
      // The old session ends with the old password.
      expect((await t.api('GET', '/api/auth/users/me/', { token: a.token })).statusCode).toBe(401);
      await signIn(t, a.email, NEW);
      const reused = await t.api('POST', '/api/auth/users/reset_password_confirm/', {
        body: { uid, token, new_password: 'Another-Pass-99', re_new_password: 'Another-Pass-99' },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().token[0]).toMatch(/Invalid or expired/);
    });

    it('lets a reset link expire after 1 hour', async () => {
      const a = await signUp(t);
      await t.api('POST', '/api/auth/users/reset_password/', { body: { email: a.email } });
      const { uid, token } = t.mail.link(a.email, 'reset');
      t.clock.advance(60 * MINUTE + 1000);
      const late = await t.api('POST', '/api/auth/users/reset_password_confirm/', {
        body: { uid, token, new_password: NEW, re_new_password: NEW },
      });
      expect(late.statusCode).toBe(400);
      await signIn(t, a.email, PASSWORD);
    });
  });
}

/** The test apps hash at argon2's smallest cost (TEST_PASSWORD_COST); the product never does. */
describe('the cost of password hashes', () => {
  const storedHash = async (t: TestApp, email: string) =>
    (
      await t.testDb.db.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('is OWASP’s argon2id minimum (19 MiB, 2 passes) unless lowered, and a production start refuses a lowered one', () => {
    expect(loadConfig({}).passwordCost).toEqual({ memoryKib: 19456, passes: 2 });
    expect(loadConfig({ NODE_ENV: 'production' }).passwordCost).toEqual({ memoryKib: 19456, passes: 2 });
    expect(loadConfig({ ...TEST_PASSWORD_COST }).passwordCost).toEqual({ memoryKib: 8, passes: 1 });
    for (const lowered of [TEST_PASSWORD_COST, { PASSWORD_HASH_MEMORY_KIB: '19455' }, { PASSWORD_HASH_PASSES: '1' }])
      expect(() => loadConfig({ NODE_ENV: 'production', ...lowered })).toThrow(
        /PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_PASSES lower the password hashing cost for tests/,
      );
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_PASSES: '0' })).toThrow(ConfigError);
  });

  it('hashes at the configured cost, and hashes of another cost still verify', async () => {
    const t = await startTestApp('sqlite', {}, { PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' });
    try {
      const strong = await signUp(t);
      expect(await storedHash(t, strong.email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const cheap = await startTestApp('sqlite');
      try {
        const weak = await signUp(cheap);
        expect(await storedHash(cheap, weak.email)).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
      } finally {
        await cheap.stop();
      }
      // The cheaper app set the process's cost last: the strong hash is verified from its own parameters.
      await signIn(t, strong.email);
    } finally {
      await t.stop();
    }
  });
});
