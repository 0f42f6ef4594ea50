/**
 * Addresses behind a proxy (issue 24 §4): with TRUST_PROXY, the client's address is the first
 * X-Forwarded-For hop counted from the right that is not a trusted proxy, never a value further
 * left, which the client wrote itself. The partner API's whitelist and sign-in throttling read
 * that same address. The proxy here appends the address it saw (as nginx's
 * $proxy_add_x_forwarded_for and HAProxy's option forwardfor do).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { loadConfig } from '../../../src/server/config.js';
import { MAX_FAILURES } from '../../../src/server/features/auth/throttle.js';
import { apiKey } from '../../helpers/fixtures/partner-api-access.js';

const PROXY = '127.0.0.9';

/** A request as the appending proxy forwards it: what the client sent, then the client's real address. */
function viaProxy(
  t: TestApp,
  method: string,
  url: string,
  client: string,
  options: { sent?: string; key?: string; body?: unknown } = {},
) {
  const forwarded = [options.sent, client].filter(Boolean).join(', ');
  return t.api(method, url, {
    ip: PROXY,
    body: options.body,
    headers: { 'x-forwarded-for': forwarded, ...(options.key ? { 'x-api-key': options.key } : {}) },
  });
}

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or their addresses and ranges, and refuses "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16 ::1 loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '99'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

for (const dialect of dialects()) {
  for (const setting of ['1', PROXY, '10.9.0.0/16, 127.0.0.8/29']) {
    describe(`the client's address behind one appending proxy, TRUST_PROXY=${setting} (${dialect})`, () => {
      let t: TestApp;
      let op: Account;
      let key: string;
      beforeAll(async () => {
        t = await startTestApp(dialect, {}, { TRUST_PROXY: setting });
        op = await signUp(t, { account_type: 'to' });
        key = (await apiKey(t, op, {}, '127.0.0.2')).token as string;
      });
      afterAll(() => t.stop());

      it('refuses a key whitelisted for 127.0.0.2 to a client at 127.0.0.1 that sends X-Forwarded-For: 127.0.0.2', async () => {
        const refused = await viaProxy(t, 'GET', '/api/v1/properties/', '127.0.0.1', { sent: '127.0.0.2', key });
        expect(refused.statusCode, refused.body).toBe(403);
        const chained = await viaProxy(t, 'GET', '/api/v1/properties/', '127.0.0.1', {
          sent: '127.0.0.2, 127.0.0.2',
          key,
        });
        expect(chained.statusCode).toBe(403);
        // The real 127.0.0.2, and it alone, is let through.
        expect((await viaProxy(t, 'GET', '/api/v1/properties/', '127.0.0.2', { key })).statusCode).toBe(200);
        expect(
          (await viaProxy(t, 'GET', '/api/v1/properties/', '127.0.0.2', { sent: '203.0.113.9', key })).statusCode,
        ).toBe(200);
        // Straight from elsewhere (not through the proxy), a forwarded header is not believed.
        const direct = await t.api('GET', '/api/v1/properties/', {
          ip: '198.51.100.4',
          headers: { 'x-forwarded-for': '127.0.0.2', 'x-api-key': key },
        });
        expect(direct.statusCode).toBe(setting === '1' ? 200 : 403);
      });

      it('throttles sign-in by the real client address, whatever it writes to the left', async () => {
        const attempt = (n: number) =>
          viaProxy(t, 'POST', '/api/auth/token/login/', '127.0.0.1', {
            sent: `198.51.100.${n}`,
            body: { email: `nobody-${n}-${Math.random()}@example.com`, password: 'wrong-password-1' },
          });
        for (let n = 1; n <= MAX_FAILURES; n++) expect((await attempt(n)).statusCode).toBe(400);
        const banned = await attempt(MAX_FAILURES + 1);
        expect(banned.statusCode, banned.body).toBe(429);
        // Another client behind the same proxy is not banned with it.
        const other = await viaProxy(t, 'POST', '/api/auth/token/login/', '127.0.0.3', {
          body: { email: `nobody-x-${Math.random()}@example.com`, password: 'wrong-password-1' },
        });
        expect(other.statusCode).toBe(400);
      });
    });
  }
}
