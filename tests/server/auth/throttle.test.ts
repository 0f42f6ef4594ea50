import { afterEach, beforeEach, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signUp } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`sign-in throttling (${dialect})`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await startTestApp(dialect);
    });
    afterEach(() => t.stop());

    const attempt = (email: string, password: string, ip = '203.0.113.7') =>
      t.api('POST', '/api/auth/token/login/', { body: { email, password }, ip });

    it('answers 429 with Retry-After and the ban end after 5 failures in 15 minutes, then lets go', async () => {
      const a = await signUp(t);
      for (let i = 0; i < 5; i++) expect((await attempt(a.email, 'wrong-password')).statusCode).toBe(400);
      const banned = await attempt(a.email, PASSWORD);
      expect(banned.statusCode).toBe(429);
      const endsAt = banned.json().ban_ends_at as string;
      expect(endsAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(endsAt) - t.clock.now().getTime()).toBe(15 * MINUTE);
      expect(Number(banned.headers['retry-after'])).toBe(15 * 60);
      // The right password from another address is banned too: the account is what is protected.
      expect((await attempt(a.email, PASSWORD, '198.51.100.1')).statusCode).toBe(429);
      t.clock.advance(15 * MINUTE);
      expect((await attempt(a.email, PASSWORD)).statusCode).toBe(200);
    });

    it('lets exactly 5 of 12 parallel wrong attempts through to the password check', async () => {
      const a = await signUp(t);
      const answers = await Promise.all(Array.from({ length: 12 }, () => attempt(a.email, 'wrong-password')));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
    });

    it('bans an address that tries many accounts', async () => {
      for (let i = 0; i < 5; i++)
        expect((await attempt(`nobody${i}@example.com`, 'x', '192.0.2.99')).statusCode).toBe(400);
      expect((await attempt('nobody-else@example.com', 'x', '192.0.2.99')).statusCode).toBe(429);
      expect((await attempt('nobody-else@example.com', 'x', '192.0.2.100')).statusCode).toBe(400);
    });

    it('does not count successful sign-ins against the address', async () => {
      const a = await signUp(t);
      for (let i = 0; i < 8; i++) expect((await attempt(a.email, PASSWORD, '192.0.2.50')).statusCode).toBe(200);
    });
  });
}
