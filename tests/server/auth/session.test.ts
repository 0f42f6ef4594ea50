import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signIn, signUp } from '../../helpers/accounts.js';
import { HOUR, MINUTE } from '../../helpers/clock.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`sessions (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('answers users/me with every field of the spec', async () => {
      const a = await signUp(t, { account_type: 'to' });
      const me = await t.api('GET', '/api/auth/users/me/', { token: a.token });
      expect(me.statusCode).toBe(200);
      expect(Object.keys(me.json()).sort()).toEqual(
        [
          'account_type',
          'country',
          'email',
          'first_name',
          'genuine',
          'id',
          'is_staff',
          'language',
          'last_name',
          'last_password_change',
          'manager',
          'phone',
          'premium_active',
          'title',
          'username',
        ].sort(),
      );
      expect(me.json()).toMatchObject({ id: a.id, email: a.email, account_type: 'to', manager: null });
    });

    it('refuses missing, malformed, unknown and revoked tokens with 401', async () => {
      expect((await t.api('GET', '/api/auth/users/me/')).statusCode).toBe(401);
      expect((await t.api('GET', '/api/auth/users/me/', { headers: { authorization: 'Basic abc' } })).statusCode).toBe(
        401,
      );
      const unknown = await t.api('GET', '/api/auth/users/me/', { token: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ detail: 'Invalid token.' });
      const a = await signUp(t);
      expect((await t.api('POST', '/api/auth/token/logout/', { token: a.token })).statusCode).toBe(204);
      expect((await t.api('GET', '/api/auth/check-token/', { token: a.token })).statusCode).toBe(401);
    });

    it('expires tokens 3 hours after issue', async () => {
      const a = await signUp(t);
      const check = await t.api('GET', '/api/auth/check-token/', { token: a.token });
      expect(check.statusCode).toBe(200);
      expect(Date.parse(check.json().expires_at) - t.clock.now().getTime()).toBe(3 * HOUR);
      t.clock.advance(3 * HOUR - MINUTE);
      expect((await t.api('GET', '/api/auth/check-token/', { token: a.token })).statusCode).toBe(200);
      t.clock.advance(2 * MINUTE);
      expect((await t.api('GET', '/api/auth/check-token/', { token: a.token })).statusCode).toBe(401);
    });

    it('rejects wrong passwords and unknown addresses alike', async () => {
      const a = await signUp(t);
      const wrong = await t.api('POST', '/api/auth/token/login/', {
        body: { email: a.email, password: 'nope-nope-nope' },
      });
      const unknown = await t.api('POST', '/api/auth/token/login/', {
        body: { email: 'ghost@example.com', password: PASSWORD },
      });
      expect(wrong.statusCode).toBe(400);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
      const missing = await t.api('POST', '/api/auth/token/login/', { body: { email: a.email } });
      expect(missing.json()).toEqual({ password: ['This field is required.'] });
    });

    it('offers the portal’s five languages for the profile, and keeps a language offered before', async () => {
      const a = await signUp(t);
      const lists = await t.api('POST', '/api/external/ops/options/', { body: { head: 'Account', language: 'EN' } });
      expect(lists.statusCode).toBe(200);
      const languages = (lists.json() as { category: string; options: { value: string }[] }[]).find(
        (l) => l.category === 'languages',
      );
      expect(languages?.options.map((o) => o.value)).toEqual(['en', 'es', 'ru', 'fa', 'de']);
      // An older account's French is still accepted and read back as it is; other fields save beside it.
      const kept = await t.api('PATCH', '/api/auth/profile/update', { token: a.token, body: { language: 'fr' } });
      expect(kept.statusCode, kept.body).toBe(200);
      const title = await t.api('PATCH', '/api/auth/profile/update', { token: a.token, body: { title: 'Owner' } });
      expect(title.json()).toMatchObject({ title: 'Owner', language: 'fr' });
      const unknown = await t.api('PATCH', '/api/auth/profile/update', { token: a.token, body: { language: 'xx' } });
      expect(unknown.statusCode).toBe(400);
    });

    it('edits the profile and validates it', async () => {
      const a = await signUp(t);
      const res = await t.api('PATCH', '/api/auth/profile/update', {
        token: a.token,
        body: { first_name: 'Inés', title: 'Revenue Manager', country: 'PT', language: 'ru' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_name: 'Inés', title: 'Revenue Manager', country: 'PT', language: 'ru' });
      const reread = await t.api('GET', '/api/auth/users/me/', { token: a.token });
      expect(reread.json().first_name).toBe('Inés');
      const bad = await t.api('PATCH', '/api/auth/profile/update/', {
        token: a.token,
        body: { country: 'ZZ', email: 'x@y.z' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ country: ['Choose a country.'] });
      // The e-mail is not changed here (set_email does that): ignored, and named.
      expect(bad.headers['x-ignored-fields']).toBe('email');
      const nothing = await t.api('PATCH', '/api/auth/profile/update', { token: a.token, body: {} });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toEqual({ non_field_errors: ['Send at least one field.'] });
    });

    it('deactivates an account: its tokens stop working and sign-in says why', async () => {
      const a = await signUp(t);
      const second = await signIn(t, a.email);
      const wrong = await t.api('PATCH', '/api/auth/users/me/change/', {
        token: a.token,
        body: { current_password: 'wrong-password' },
      });
      expect(wrong.json()).toEqual({ current_password: ['Invalid password.'] });
      expect(
        (await t.api('PATCH', '/api/auth/users/me/change/', { token: a.token, body: { current_password: PASSWORD } }))
          .statusCode,
      ).toBe(204);
      expect((await t.api('GET', '/api/auth/users/me/', { token: a.token })).statusCode).toBe(401);
      expect((await t.api('GET', '/api/auth/users/me/', { token: second })).statusCode).toBe(401);
      const login = await t.api('POST', '/api/auth/token/login/', { body: { email: a.email, password: PASSWORD } });
      expect(login.statusCode).toBe(400);
      expect(login.json().non_field_errors[0]).toMatch(/deactivated/);
      // A closed account cannot be reopened by asking for a new activation link.
      const mailed = t.mail.to(a.email).length;
      expect((await t.api('POST', '/api/auth/users/resend_activation/', { body: { email: a.email } })).statusCode).toBe(
        204,
      );
      expect(t.mail.to(a.email)).toHaveLength(mailed);
    });
  });
}
