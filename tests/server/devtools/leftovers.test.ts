/**
 * Secrets stay out of logs; leftovers cannot act (issue 24 §5). A request URL is logged with the
 * values of secret-looking query parameters redacted (a key sent in the URL is refused and not
 * written down). An API key made by an authorized user stops working when that user is removed,
 * turned off or loses the developer-tools permission; the owner's list shows who made each key
 * and why it does not work.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, type Account } from '../../helpers/accounts.js';
import { redactUrl } from '../../../src/server/plugins/log-redaction.js';
import { apiKey, partner, type Json } from './helpers.js';

describe('redacting URLs', () => {
  it('replaces the values of secret-looking parameters, any case or spelling, and nothing else', () => {
    expect(
      redactUrl(
        '/api/v1/properties/?api_key=ak_1&page=2&Token=t&x-api-key=k&uid=MQ&client_secret=s&signature=sig&password=p&key=k2&monkey=banana&q=token',
      ),
    ).toBe(
      '/api/v1/properties/?api_key=REDACTED&page=2&Token=REDACTED&x-api-key=REDACTED&uid=REDACTED&client_secret=REDACTED&signature=REDACTED&password=REDACTED&key=REDACTED&monkey=banana&q=token',
    );
    expect(redactUrl('/api/a/?api%5Fkey=ak_2&%zz=1')).toBe('/api/a/?api%5Fkey=REDACTED&%zz=1');
    expect(redactUrl('/api/a/')).toBe('/api/a/');
  });
});

for (const dialect of dialects()) {
  describe(`request logs (${dialect})`, () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      t = await startTestApp(dialect, { logger: { level: 'info', stream } });
    });
    afterAll(() => t.stop());

    it('refuses a key sent in the URL and does not write it, or any other secret parameter, to the log', async () => {
      const secret = 'ak_0123456789ab_SECRETSECRETSECRETSECRETSECRET';
      const res = await t.api(
        'GET',
        `/api/v1/properties/?api_key=${secret}&page=1&token=tok-SECRET-2&password=pw-SECRET-3&uid=uid-SECRET-4`,
        { ip: '127.0.0.1' },
      );
      expect(res.statusCode).toBe(401);
      const log = lines.join('');
      expect(log).toContain(
        '/api/v1/properties/?api_key=REDACTED&page=1&token=REDACTED&password=REDACTED&uid=REDACTED',
      );
      for (const s of [secret, 'tok-SECRET-2', 'pw-SECRET-3', 'uid-SECRET-4']) expect(log).not.toContain(s);
    });
  });

  describe(`API keys of authorized users (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const list = async (owner: Account, id: number) =>
      ((await t.api('GET', '/api/settings/api-keys/', { token: owner.token })).json() as Json[]).find(
        (k) => k.id === id,
      )!;

    it("stops a member's key when the member loses the developer-tools permission, and again when removed; the owner's keys go on", async () => {
      const { owner, sub } = await ownerWithSubUser(t, { developer_tools: true }, 'to');
      const made = await apiKey(t, sub);
      const mine = await apiKey(t, owner);
      expect((await partner(t, made.token, '/api/v1/properties/')).statusCode).toBe(200);
      expect(await list(owner, made.id)).toMatchObject({ created_by: sub.email, suspended: null });
      expect(await list(owner, mine.id)).toMatchObject({ created_by: owner.email, suspended: null });

      // The permission taken away: the key is refused and the owner sees why.
      const perms = await t.api('PUT', `/api/auth/permissions/update/${sub.id}/`, {
        token: owner.token,
        body: { user: sub.id, developer_tools: false },
      });
      expect(perms.statusCode, perms.body).toBe(200);
      const refused = await partner(t, made.token, '/api/v1/properties/');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toMatch(/no longer has the developer-tools permission/);
      expect((await list(owner, made.id)).suspended).toMatch(new RegExp(`${sub.email}.*developer-tools permission`));
      expect((await partner(t, mine.token, '/api/v1/properties/')).statusCode).toBe(200);

      // Given back, it works again; the member removed, it stops for good.
      expect(
        (
          await t.api('PUT', `/api/auth/permissions/update/${sub.id}/`, {
            token: owner.token,
            body: { user: sub.id, developer_tools: true },
          })
        ).statusCode,
      ).toBe(200);
      expect((await partner(t, made.token, '/api/v1/properties/')).statusCode).toBe(200);
      const removed = await t.api('DELETE', `/api/auth/authorized-user/delete/${sub.id}/`, { token: owner.token });
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await partner(t, made.token, '/api/v1/properties/')).statusCode).toBe(401);
      expect(await list(owner, made.id)).toMatchObject({
        created_by: null,
        suspended: expect.stringMatching(/removed from the account/),
      });
      expect((await partner(t, mine.token, '/api/v1/properties/')).statusCode).toBe(200);
    });

    it("stops a member's key while the member is turned off", async () => {
      const { owner, sub } = await ownerWithSubUser(t, { developer_tools: true }, 'to');
      const made = await apiKey(t, sub);
      const off = await t.api('PATCH', `/api/auth/authorized-user/update/`, {
        token: owner.token,
        body: { id: sub.id, is_active: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((await partner(t, made.token, '/api/v1/properties/')).statusCode).toBe(401);
      expect((await list(owner, made.id)).suspended).toMatch(/turned off/);
    });
  });
}
