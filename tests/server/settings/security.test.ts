import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signIn, signUp, type Account } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';
import { auditEvents, totp } from '../../helpers/fixtures/team-and-company.js';

const ENTER = { code: ['Enter the 6-digit code from your authenticator app.'], two_factor_required: true };
const BAD = {
  code: ['The code is not valid. Check the time on your device, or use one of your recovery codes.'],
  two_factor_required: true,
};

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`security: sessions and two-factor sign-in (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    // One address per account, so the per-address sign-in throttle of one test never touches another.
    const addresses = new Map<string, string>();
    const addressOf = (email: string) =>
      addresses.get(email) ?? addresses.set(email, `198.51.100.${addresses.size + 1}`).get(email)!;
    const login = (email: string, extra: Record<string, unknown> = {}, ip = addressOf(email)) =>
      t.api('POST', '/api/auth/token/login/', {
        body: { email, password: PASSWORD, ...extra },
        ip,
        headers: { 'user-agent': 'Firefox test' },
      });

    /** Enrol and confirm: answers the key and the recovery codes. */
    async function enrol(a: Account): Promise<{ secret: string; codes: string[] }> {
      const res = await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token });
      expect(res.statusCode, res.body).toBe(200);
      const { secret } = res.json<{ secret: string }>();
      const confirmed = await t.api('POST', '/api/auth/two-factor/confirm/', {
        token: a.token,
        body: { code: await totp(t, secret) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return { secret, codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
    }

    it('lists my own sessions with address, browser and times, flags the current one, and ends one', async () => {
      const a = await signUp(t);
      t.clock.advance(MINUTE);
      const second = (await login(a.email)).json().auth_token as string;
      const other = await signUp(t);
      const list = await t.api('GET', '/api/auth/sessions/', { token: a.token });
      expect(list.statusCode).toBe(200);
      const sessions = list.json() as {
        id: number;
        current: boolean;
        ip: string;
        user_agent: string | null;
        created_at: string;
        last_used_at: string;
        expires_at: string;
      }[];
      expect(sessions).toHaveLength(2);
      expect(sessions[0]).toMatchObject({
        current: false,
        ip: addressOf(a.email),
        user_agent: 'Firefox test',
        created_at: t.clock.now().toISOString(),
      });
      expect(sessions[1]).toMatchObject({ current: true });
      expect(Object.keys(sessions[0]!).sort()).toEqual([
        'created_at',
        'current',
        'expires_at',
        'id',
        'ip',
        'last_used_at',
        'user_agent',
      ]);

      const others = (await t.api('GET', '/api/auth/sessions/', { token: other.token })).json() as { id: number }[];
      expect((await t.api('DELETE', `/api/auth/sessions/${others[0]!.id}/`, { token: a.token })).statusCode).toBe(404);
      expect((await t.api('DELETE', `/api/auth/sessions/${sessions[0]!.id}/`, { token: a.token })).statusCode).toBe(
        204,
      );
      expect((await t.api('GET', '/api/auth/users/me/', { token: second })).statusCode).toBe(401);
      expect((await t.api('GET', '/api/auth/users/me/', { token: other.token })).statusCode).toBe(200);
      // Ending the current session signs out.
      expect((await t.api('DELETE', `/api/auth/sessions/${sessions[1]!.id}/`, { token: a.token })).statusCode).toBe(
        204,
      );
      expect((await t.api('GET', '/api/auth/users/me/', { token: a.token })).statusCode).toBe(401);
    });

    it('enrols with a QR code and a confirming code; sign-in then needs the code', async () => {
      const a = await signUp(t);
      expect((await t.api('GET', '/api/auth/two-factor/', { token: a.token })).json()).toEqual({
        enabled: false,
        enabled_at: null,
        recovery_codes_left: 0,
      });
      const res = await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token });
      const enrolment = res.json();
      expect(enrolment.otpauth_url).toBe(
        `otpauth://totp/Ananas:${encodeURIComponent(a.email)}?secret=${enrolment.secret}&issuer=Ananas`,
      );
      expect(enrolment.qr_code).toMatch(/^data:image\/png;base64,/);
      // Not on until confirmed: sign-in still needs only the password.
      expect((await login(a.email)).statusCode).toBe(200);
      const wrong = await t.api('POST', '/api/auth/two-factor/confirm/', { token: a.token, body: { code: '000000' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: [BAD.code[0]] });
      expect(
        (await t.api('POST', '/api/auth/two-factor/confirm/', { token: a.token, body: { code: 'abc' } })).json(),
      ).toEqual({ code: ['Enter the 6-digit code from your authenticator app.'] });
      const confirmed = await t.api('POST', '/api/auth/two-factor/confirm/', {
        token: a.token,
        body: { code: await totp(t, enrolment.secret) },
      });
      expect(confirmed.statusCode).toBe(200);
      const codes = confirmed.json().recovery_codes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const stored = await t.testDb.db.kysely
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', a.id)
        .execute();
      expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
      expect((await t.api('GET', '/api/auth/two-factor/', { token: a.token })).json()).toMatchObject({
        enabled: true,
        recovery_codes_left: 10,
      });
      expect((await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token })).statusCode).toBe(409);

      const without = await login(a.email);
      expect(without.statusCode).toBe(400);
      expect(without.json()).toEqual(ENTER);
      // A wrong password says nothing about the second factor.
      expect(
        (
          await t.api('POST', '/api/auth/token/login/', { body: { email: a.email, password: 'Wrong-Horse-42' } })
        ).json(),
      ).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
      expect((await login(a.email, { code: '123456' })).json()).toEqual(BAD);

      t.clock.advance(MINUTE);
      const code = await totp(t, enrolment.secret);
      const ok = await login(a.email, { code });
      expect(ok.statusCode, ok.body).toBe(200);
      // The same code is not accepted twice.
      expect((await login(a.email, { code })).json()).toEqual(BAD);
      // A code of the previous 30-second step still works (clocks drift); not two steps back.
      t.clock.advance(30_000);
      const previous = await totp(t, enrolment.secret);
      t.clock.advance(30_000);
      expect((await login(a.email, { code: previous })).statusCode).toBe(200);
      t.clock.advance(-60_000);
      const old = await totp(t, enrolment.secret);
      t.clock.advance(60_000);
      expect((await login(a.email, { code: old })).json()).toEqual(BAD);
    });

    it('accepts each recovery code once', async () => {
      const a = await signUp(t);
      const { codes } = await enrol(a);
      expect((await login(a.email, { code: codes[3]!.toUpperCase() })).statusCode).toBe(200);
      expect((await login(a.email, { code: codes[3]! })).json()).toEqual(BAD);
      expect((await login(a.email, { code: codes[4]!.replace('-', '') })).statusCode).toBe(200);
      expect((await t.api('GET', '/api/auth/two-factor/', { token: a.token })).json().recovery_codes_left).toBe(8);
    });

    it('makes new recovery codes: the unused ones stop working; only with two-factor sign-in on', async () => {
      const a = await signUp(t);
      const off = await t.api('POST', '/api/auth/two-factor/recovery-codes/', { token: a.token });
      expect(off.statusCode).toBe(409);
      expect(off.json()).toEqual({ detail: 'Two-factor sign-in is off: turning it on gives recovery codes.' });
      const { codes } = await enrol(a);
      expect((await login(a.email, { code: codes[0]! })).statusCode).toBe(200);
      const res = await t.api('POST', '/api/auth/two-factor/recovery-codes/', { token: a.token });
      expect(res.statusCode, res.body).toBe(200);
      const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(new Set(fresh).size).toBe(10);
      expect(fresh.some((c) => codes.includes(c))).toBe(false);
      expect((await t.api('GET', '/api/auth/two-factor/', { token: a.token })).json().recovery_codes_left).toBe(10);
      expect((await login(a.email, { code: codes[1]! })).json()).toEqual(BAD);
      expect((await login(a.email, { code: fresh[0]! })).statusCode).toBe(200);
      const summaries = (await auditEvents(t, a.token, '?kind=account')).map((e) => e.summary);
      expect(summaries).toContain('Made new two-factor recovery codes (the earlier ones stopped working)');
    });

    it('keeps the sign-in throttle on while the code is missing or wrong', async () => {
      const a = await signUp(t);
      const { secret } = await enrol(a);
      for (let i = 0; i < 5; i++)
        expect((await login(a.email, i % 2 ? { code: '111111' } : {}, `203.0.113.${i}`)).statusCode).toBe(400);
      const banned = await login(a.email, { code: await totp(t, secret) }, '203.0.113.99');
      expect(banned.statusCode).toBe(429);
    });

    it('lets many two-step sign-ins through from one address', async () => {
      const a = await signUp(t);
      const { secret } = await enrol(a);
      for (let i = 0; i < 7; i++) {
        t.clock.advance(31_000);
        expect((await login(a.email, {}, '192.0.2.200')).json()).toEqual(ENTER);
        expect((await login(a.email, { code: await totp(t, secret) }, '192.0.2.200')).statusCode).toBe(200);
      }
    });

    it('turns two-factor sign-in off only with the password', async () => {
      const a = await signUp(t);
      await enrol(a);
      expect((await t.api('GET', '/api/settings/preferences/', { token: a.token })).json().two_factor_auth).toBe(true);
      const wrong = await t.api('POST', '/api/auth/two-factor/disable/', {
        token: a.token,
        body: { current_password: 'Wrong-Horse-42' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ current_password: ['Invalid password.'] });
      expect((await t.api('POST', '/api/auth/two-factor/disable/', { token: a.token, body: {} })).json()).toEqual({
        current_password: ['This field is required.'],
      });
      expect(
        (await t.api('POST', '/api/auth/two-factor/disable/', { token: a.token, body: { current_password: PASSWORD } }))
          .statusCode,
      ).toBe(204);
      expect((await t.api('GET', '/api/auth/two-factor/', { token: a.token })).json()).toEqual({
        enabled: false,
        enabled_at: null,
        recovery_codes_left: 0,
      });
      expect((await login(a.email)).statusCode).toBe(200);
      expect(await signIn(t, a.email)).toBeTruthy();

      const summaries = (await auditEvents(t, a.token, '?kind=account')).map((e) => e.summary);
      expect(summaries).toEqual(['Turned two-factor sign-in off', 'Turned two-factor sign-in on']);
    });
  });
}
