/**
 * Issue 34 §1, step by step: a session whose proof is stale tries to pass step-up by enrolling a
 * second factor of its own. Each step must be refused and leave the account as it was; and a
 * factor confirmed while the session was fresh must not make it fresh for longer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signUp, type Account } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';
import { totp } from '../../helpers/fixtures/team-and-company.js';

const STALE = { code: 'step_up_required', proof: 'password' };

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`step-up cannot be passed with a second factor of one's own (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { STEP_UP_MINUTES: '10' });
    });
    afterAll(() => t.stop());

    const post = (a: Account, url: string, body?: unknown) => t.api('POST', url, { token: a.token, body });
    const count = async (table: 'whitelists' | 'api_keys', accountId: number) =>
      Number(
        (
          await t.services.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('the attack of the issue: enrol and confirm with a stale session, then make a whitelist and an API key', async () => {
      const owner = await signUp(t);
      // 1. Signed in, then past STEP_UP_MINUTES.
      t.clock.advance(11 * MINUTE);
      // 2. A whitelist needs a fresh proof.
      const refused = await post(owner, '/api/settings/whitelist/create/', { name: 'Mine', domain: '203.0.113.7' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject(STALE);
      // 3. Enrolling a second factor needs one too: no key is handed out.
      const enrol = await post(owner, '/api/auth/two-factor/enrol/', {});
      expect(enrol.statusCode, 'enrolment with a stale session').toBe(403);
      expect(enrol.json()).toMatchObject(STALE);
      expect(enrol.json()).not.toHaveProperty('secret');
      expect(await t.services.db.kysely.selectFrom('two_factor').selectAll().execute()).toEqual([]);
      // 4. Confirming (with any code) too, whatever key the attacker holds.
      const confirm = await post(owner, '/api/auth/two-factor/confirm/', { code: '123456' });
      expect(confirm.statusCode, confirm.body).toBe(403);
      expect(confirm.json()).toMatchObject(STALE);
      // 5. Still no whitelist and no key; two-factor sign-in is off and the owner signs in with the password.
      expect(
        (await post(owner, '/api/settings/whitelist/create/', { name: 'Mine', domain: '203.0.113.7' })).json(),
      ).toMatchObject(STALE);
      expect(await count('whitelists', owner.id)).toBe(0);
      expect(await count('api_keys', owner.id)).toBe(0);
      expect((await t.api('GET', '/api/auth/two-factor/', { token: owner.token })).json()).toMatchObject({
        enabled: false,
      });
      const signIn = await t.api('POST', '/api/auth/token/login/', {
        body: { email: owner.email, password: PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
    });

    it('a key enrolled while the session was fresh cannot be confirmed once it is stale', async () => {
      const owner = await signUp(t);
      const enrol = await post(owner, '/api/auth/two-factor/enrol/', {});
      expect(enrol.statusCode, enrol.body).toBe(200);
      const { secret } = enrol.json<{ secret: string }>();
      t.clock.advance(11 * MINUTE);
      const confirm = await post(owner, '/api/auth/two-factor/confirm/', { code: await totp(t, secret) });
      expect(confirm.statusCode, confirm.body).toBe(403);
      expect(confirm.json()).toMatchObject(STALE);
      expect((await t.api('GET', '/api/auth/two-factor/', { token: owner.token })).json()).toMatchObject({
        enabled: false,
      });
      // With the password given again, the same key is confirmed.
      expect((await post(owner, '/api/auth/step-up/', { password: PASSWORD })).statusCode).toBe(200);
      const again = await post(owner, '/api/auth/two-factor/confirm/', { code: await totp(t, secret) });
      expect(again.statusCode, again.body).toBe(200);
    });

    it("a proof is one session's: another session's proof, or its code sent again, leaves a stale session stale", async () => {
      const owner = await signUp(t);
      const enrol = await post(owner, '/api/auth/two-factor/enrol/', {});
      const { secret } = enrol.json<{ secret: string }>();
      expect((await post(owner, '/api/auth/two-factor/confirm/', { code: await totp(t, secret) })).statusCode).toBe(
        200,
      );
      t.clock.advance(11 * MINUTE);
      const body = { email: owner.email, password: PASSWORD, code: await totp(t, secret) };
      const other = { ...owner, token: (await t.api('POST', '/api/auth/token/login/', { body })).json().auth_token };
      t.clock.advance(31_000);
      const code = await totp(t, secret);
      expect((await post(other, '/api/auth/step-up/', { code })).statusCode).toBe(200);
      // The session that proved may make the change; the stale one may not, nor with the same code.
      const refused = await post(owner, '/api/settings/whitelist/create/', { name: 'Mine', domain: '203.0.113.7' });
      expect(refused.json()).toMatchObject({ code: 'step_up_required', proof: 'code' });
      const replay = await post(owner, '/api/auth/step-up/', { code });
      expect(replay.statusCode).toBe(400);
      expect(
        (await post(owner, '/api/settings/whitelist/create/', { name: 'Mine', domain: '203.0.113.7' })).statusCode,
      ).toBe(403);
      expect(await count('whitelists', owner.id)).toBe(0);
      expect(
        (await post(other, '/api/settings/whitelist/create/', { name: 'Ours', domain: '203.0.113.8' })).statusCode,
      ).toBe(201);
    });

    it('confirming a new factor is no proof: the session stays fresh only as long as its last proof', async () => {
      const owner = await signUp(t);
      t.clock.advance(8 * MINUTE);
      const enrol = await post(owner, '/api/auth/two-factor/enrol/', {});
      expect(enrol.statusCode, enrol.body).toBe(200);
      const { secret } = enrol.json<{ secret: string }>();
      t.clock.advance(MINUTE);
      const confirm = await post(owner, '/api/auth/two-factor/confirm/', { code: await totp(t, secret) });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const status = await t.api('GET', '/api/auth/step-up/', { token: owner.token });
      // Still the sign-in's proof, nine minutes old; and the next proof is the new factor's code.
      expect(status.json()).toMatchObject({ proof: 'code' });
      expect(Date.parse(status.json<{ proved_at: string }>().proved_at)).toBe(t.clock.now().getTime() - 9 * MINUTE);
      t.clock.advance(2 * MINUTE);
      const refused = await post(owner, '/api/settings/whitelist/create/', { name: 'Office', domain: '203.0.113.8' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'step_up_required', proof: 'code' });
      expect(await count('whitelists', owner.id)).toBe(0);
    });
  });
}
