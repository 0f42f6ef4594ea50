import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiter, type Limiter } from '../../../src/server/limits/limiter.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { connectRedis, type SharedRedis } from '../../../src/server/limits/redis.js';
import { ALL_DIALECTS, NOT_REACHED, createTestDb, dialects, type TestDb } from '../../helpers/db.js';
import { FakeClock, MINUTE } from '../../helpers/clock.js';
import { reachableRedis, uniquePrefix } from './redis.js';

const redisUrl = await reachableRedis();
const stores = [...ALL_DIALECTS, 'redis' as const];
const reached = new Set<string>([...dialects(), ...(redisUrl ? ['redis'] : [])]);
const reasons: Record<string, string> = { ...NOT_REACHED, redis: 'Redis is not reachable: skipped' };

for (const store of stores) {
  // A store this run does not reach is reported as skipped, never dropped.
  const suite = reached.has(store) ? describe : describe.skip;
  suite(`the limiter factory (${store})${reached.has(store) ? '' : ` [${reasons[store]}]`}`, () => {
    let testDb: TestDb;
    let redis: SharedRedis | undefined;
    const clock = new FakeClock();
    const make = (name: string, points = 5): Limiter =>
      createLimiter({ db: testDb.db, clock, redis }, { name, points, windowMs: 15 * MINUTE });

    beforeAll(async () => {
      testDb = await createTestDb(store === 'redis' ? 'sqlite' : store);
      await migrateToLatest(testDb.db.kysely as never);
      if (store === 'redis') redis = connectRedis(redisUrl, uniquePrefix());
    });
    afterAll(async () => {
      await redis?.close();
      await testDb.drop();
    });

    it('allows exactly the points of 50 parallel attempts, across two limiters sharing a name', async () => {
      // Two limiters with one name stand for two nodes: they share the counters.
      const [a, b] = [make('shared'), make('shared')];
      const decisions = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).consume('k1')));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
      const refused = decisions.filter((d) => !d.allowed);
      expect(refused).toHaveLength(45);
      for (const d of refused) {
        expect(d.retryAfterMs).toBeGreaterThan(0);
        expect(d.retryAfterMs).toBeLessThanOrEqual(15 * MINUTE);
      }
      expect(Math.min(...decisions.filter((d) => d.allowed).map((d) => d.remaining))).toBe(0);
    });

    it('keeps names and keys apart, gives attempts back and forgets a key', async () => {
      const l = make('apart', 2);
      expect((await l.consume('x')).allowed).toBe(true);
      expect((await l.consume('x')).allowed).toBe(true);
      expect((await l.consume('x')).allowed).toBe(false);
      expect((await l.consume('y')).allowed).toBe(true);
      expect((await make('other', 2).consume('x')).allowed).toBe(true);
      await l.reset('x');
      expect((await l.consume('x')).remaining).toBe(1);
      await l.reward('x');
      expect((await l.consume('x')).remaining).toBe(1);
    });
  });
}

for (const dialect of ALL_DIALECTS) {
  // No Redis needed: the one configured is one nobody answers at.
  const suite = dialects().includes(dialect) ? describe : describe.skip;
  suite(
    `the limiter factory with Redis unreachable (${dialect})${dialects().includes(dialect) ? '' : ` [${NOT_REACHED[dialect]}]`}`,
    () => {
      let testDb: TestDb;
      let redis: SharedRedis;
      const clock = new FakeClock();

      beforeAll(async () => {
        testDb = await createTestDb(dialect);
        await migrateToLatest(testDb.db.kysely as never);
        redis = connectRedis('redis://127.0.0.1:1', uniquePrefix(), 200);
      });
      afterAll(async () => {
        await redis.close();
        await testDb.drop();
      });

      it('counts in the database instead, exactly, and never fails an attempt', async () => {
        const make = () =>
          createLimiter({ db: testDb.db, clock, redis }, { name: 'away', points: 5, windowMs: 15 * MINUTE });
        const [a, b] = [make(), make()];
        const decisions = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume('k')));
        expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
        const rows = await testDb.db.kysely.selectFrom('login_throttle').select(['key', 'attempts']).execute();
        expect(rows).toEqual([{ key: 'away:k', attempts: 20 }]);
        expect(await redis.state()).toMatch(/^unavailable .*limits are counted in the database$/);
      });
    },
  );
}
