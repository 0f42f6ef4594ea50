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
import { apiKey, partner, type Json } from '../../helpers/fixtures/partner-api-access.js';

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

  it('replaces our secrets by their shape, whatever the parameter is called, and in the path (issue 34 §2)', () => {
    const key = 'ak_0123456789ab_' + 'S'.repeat(32);
    const token = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
    expect(
      redactUrl(
        `/api/v1/properties/?auth=${key}&Authorization=Token%20${token}&hook=whsec_c2VjcmV0c2VjcmV0&page=2&q=sea%20view&${token}`,
      ),
    ).toBe('/api/v1/properties/?auth=REDACTED&Authorization=REDACTED&hook=REDACTED&page=2&q=sea%20view&REDACTED');
    expect(redactUrl(`/api/notification/stream/?ticket=short&x=${encodeURIComponent(key)}`)).toBe(
      '/api/notification/stream/?ticket=REDACTED&x=REDACTED',
    );
    expect(redactUrl(`/auth/activate/MQ/${token}`)).toBe('/auth/activate/MQ/REDACTED');
    expect(redactUrl(`/api/exports/photos/${token}/`)).toBe('/api/exports/photos/REDACTED/');
    expect(redactUrl(`/api/${key}/x/?a=1`)).toBe('/api/REDACTED/x/?a=1');
    // Our own names and ids are not secrets.
    for (const plain of [
      '/api/facts/property/12/publications/compare/?from=1&to=2',
      '/api/facts/init-facts-info/3/',
      '/assets/index-DeAdBeEf.js',
      '/api/widget/wg_abc/photos/4/',
      '/api/settings/audit-trail/?date_from=2027-03-01&kind=facts',
    ])
      expect(redactUrl(plain)).toBe(plain);
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

    it('does not write a key sent by mistake under another name, a signing secret or a link token (issue 34 §2)', async () => {
      const key = 'ak_0123456789ab_SECRETSECRETSECRETSECRETSECRET';
      const whsec = 'whsec_U0VDUkVUU0VDUkVUU0VDUkVU';
      const token = 'TOKENTOKENTOKENTOKENTOKENTOKENTOKENTOKEN123';
      const res = await t.api('GET', `/api/v1/properties/?auth=${key}&signing=${whsec}&page=1`, { ip: '127.0.0.1' });
      expect(res.statusCode).toBe(401);
      await t.api('GET', `/api/exports/photos/${token}/`);
      await t.api('GET', `/auth/activate/MQ/${token}`);
      const log = lines.join('');
      expect(log).toContain('/api/v1/properties/?auth=REDACTED&signing=REDACTED&page=1');
      expect(log).toContain('/api/exports/photos/REDACTED/');
      expect(log).toContain('/auth/activate/MQ/REDACTED');
      for (const s of [key, whsec, token, 'SECRETSECRET', 'U0VDUkVU']) expect(log).not.toContain(s);
    });
  });

  describe(`brief request lines, npm start's default (${dialect})`, () => {
    it('writes no request line at info, one short redacted line per request at debug', async () => {
      const capture = async (level: string) => {
        const lines: string[] = [];
        const stream = new Writable({
          write(chunk: Buffer, _enc, done) {
            lines.push(chunk.toString());
            done();
          },
        });
        const t = await startTestApp(dialect, { logger: { level, stream } }, { LOG_REQUESTS: 'brief' });
        try {
          const key = 'ak_0123456789ab_SECRETSECRETSECRETSECRETSECRET';
          expect((await t.api('GET', `/api/v1/properties/?auth=${key}&page=1`, { ip: '127.0.0.1' })).statusCode).toBe(
            401,
          );
          return lines.join('');
        } finally {
          await t.stop();
        }
      };
      const info = await capture('info');
      expect(info).not.toContain('incoming request');
      expect(info).not.toContain('/api/v1/properties/');
      const debug = await capture('debug');
      expect(debug).not.toContain('incoming request');
      expect(debug).toMatch(/GET \/api\/v1\/properties\/\?auth=REDACTED&page=1 401 \d+ ms/);
      expect(debug).not.toContain('SECRETSECRET');
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
