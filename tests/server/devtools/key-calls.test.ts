/**
 * The partner API's call counts are written in batches (features/devtools/key-calls.ts): within
 * the flush interval without anyone asking, at once for a reader, summed per key and day, never
 * moving a key's last use back, dropping a deleted key's calls, and keeping the counts of a write
 * that failed for the next one. Each test makes its own counter on the test app's database.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { signUp } from '../../helpers/accounts.js';
import { apiKey, partner, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { createKeyCalls } from '../../../src/server/features/devtools/key-calls.js';
import type { Database } from '../../../src/server/db/tables.js';

const quiet = { warn: () => undefined };

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`partner API call counts (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const usage = (keyId: number) =>
      t.services.db.kysely
        .selectFrom('api_key_usage')
        .select(['day', 'calls', 'account_id'])
        .where('key_id', '=', keyId)
        .orderBy('day')
        .execute();
    const lastUsed = async (keyId: number) =>
      (
        await t.services.db.kysely
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', keyId)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const newKey = async (): Promise<{ key: Json; account: number }> => {
      const owner = await signUp(t);
      const key = await apiKey(t, owner);
      return { key, account: owner.id };
    };

    it('writes within its interval, summed per key and day, and at once when a reader flushes', async () => {
      const { key, account } = await newKey();
      const calls = createKeyCalls(t.services.db.kysely, quiet, 100);
      const k = { id: key.id as number, account_id: account };
      calls.count(k, '2026-12-06T23:59:58.000Z');
      calls.count(k, '2026-12-07T08:00:00.000Z');
      calls.count(k, '2026-12-07T08:00:01.000Z');
      expect(await usage(k.id)).toEqual([]);
      await expect
        .poll(() => usage(k.id), { timeout: 5_000, interval: 50 })
        .toEqual([
          { day: '2026-12-06', calls: 1, account_id: account },
          { day: '2026-12-07', calls: 2, account_id: account },
        ]);
      expect(await lastUsed(k.id)).toBe('2026-12-07T08:00:01.000Z');

      // A reader does not wait for the interval; an earlier use never replaces a later one.
      const slow = createKeyCalls(t.services.db.kysely, quiet, 60_000);
      slow.count(k, '2026-12-07T07:00:00.000Z');
      await slow.flush();
      expect(await usage(k.id)).toEqual([
        { day: '2026-12-06', calls: 1, account_id: account },
        { day: '2026-12-07', calls: 3, account_id: account },
      ]);
      expect(await lastUsed(k.id)).toBe('2026-12-07T08:00:01.000Z');
      await Promise.all([calls.close(), slow.close()]);
    });

    it("drops a deleted key's calls and writes the others'", async () => {
      const kept = await newKey();
      const gone = await newKey();
      const calls = createKeyCalls(t.services.db.kysely, quiet, 60_000);
      calls.count({ id: gone.key.id, account_id: gone.account }, '2026-12-07T09:00:00.000Z');
      calls.count({ id: kept.key.id, account_id: kept.account }, '2026-12-07T09:00:00.000Z');
      await t.services.db.kysely.deleteFrom('api_keys').where('id', '=', gone.key.id).execute();
      await calls.close();
      expect(await usage(gone.key.id)).toEqual([]);
      expect(await usage(kept.key.id)).toEqual([{ day: '2026-12-07', calls: 1, account_id: kept.account }]);
    });

    it('keeps the counts of a failed write for the next one', async () => {
      const { key, account } = await newKey();
      let failures = 1;
      const real = t.services.db.kysely;
      // The database away for one write.
      const flaky = new Proxy(real, {
        get(target, prop, receiver) {
          if (prop === 'transaction' && failures > 0) {
            failures--;
            throw new Error('connection lost');
          }
          const value = Reflect.get(target, prop, receiver) as unknown;
          // Kysely's own methods read its private fields: called on it, not on the proxy.
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      }) as Kysely<Database>;
      const warnings: unknown[] = [];
      const calls = createKeyCalls(flaky, { warn: (o: unknown) => void warnings.push(o) }, 60_000);
      const k = { id: key.id as number, account_id: account };
      calls.count(k, '2026-12-07T10:00:00.000Z');
      calls.count(k, '2026-12-07T10:00:01.000Z');
      await calls.flush();
      expect(warnings).toHaveLength(1);
      expect(await usage(k.id)).toEqual([]);
      calls.count(k, '2026-12-07T10:00:02.000Z');
      await calls.close();
      expect(warnings).toHaveLength(1);
      expect(await usage(k.id)).toEqual([{ day: '2026-12-07', calls: 3, account_id: account }]);
      expect(await lastUsed(k.id)).toBe('2026-12-07T10:00:02.000Z');
    });

    it("the app's partner API calls show in the owner's statistics and the key's last use at once", async () => {
      const owner = await signUp(t);
      const key = await apiKey(t, owner);
      for (let i = 0; i < 3; i++) expect((await partner(t, key.token, '/api/v1/properties/')).statusCode).toBe(200);
      const stats = (await t.api('GET', '/api/reports/api-statistics/', { token: owner.token })).json<Json>();
      expect(stats.total).toBe(3);
      const keys = (await t.api('GET', '/api/settings/api-keys/', { token: owner.token })).json<Json[]>();
      expect(keys.find((k) => k.id === key.id)?.last_used).toBe(t.clock.now().toISOString());
    });
  });
}
