import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { changedTables, digestOf, problemsOf } from './contract.js';
import { operations } from './operations.js';
import { buildRequest, planArbitrary, type Plan } from './requests.js';
import { World } from './world.js';
import { registryOf } from '../../../src/server/routing/schema-registry.js';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';

/**
 * Schema-driven fuzzing of every operation of openapi.json, on every database: requests built
 * from the operation's own schemas (json-schema-faker) and bent by fast-check (wrong types,
 * huge and out-of-range numbers, NUL and control characters, deep nesting, broken multipart,
 * oversize bodies, other callers, odd path ids), each answer checked by `problemsOf` and, after
 * an error, the database checked unchanged.
 *
 * FUZZ_RUNS   requests per operation and database (default 12; e.g. 200 for a long run)
 * FUZZ_SEED   base seed (default 20261121); each operation's seed derives from it and its id
 * FUZZ_OPS    comma list of operationIds to run alone (to replay one failure)
 * A failure prints the command that replays it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const BASE_SEED =
  process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261121);
const ONLY = new Set(
  (process.env.FUZZ_OPS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const seedOf = (operationId: string, dialect: string): number =>
  createHash('sha256').update(`${BASE_SEED}:${operationId}:${dialect}`).digest().readInt32LE(0);

const all = operations(registryOf(bundle as unknown as SchemaBundle));
const chosen = ONLY.size ? all.filter((op) => ONLY.has(op.operationId)) : all;

describe('fuzz suite set-up', () => {
  it('covers every operation of openapi.json', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all.map((o) => o.operationId)).size).toBe(all.length);
    if (ONLY.size) expect(chosen.map((o) => o.operationId).sort()).toEqual([...ONLY].sort());
  });
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`fuzz: every operation, ${RUNS} requests each, seed ${BASE_SEED} (${dialect})`, () => {
    let t: TestApp;
    let world: World;
    let digest: () => Promise<Map<string, string>>;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      world = new World(t);
      await world.setUp();
      digest = digestOf(t);
    });
    const stats = new Map<string, number>();
    afterAll(async () => {
      // FUZZ_STATS=1: which answers each operation gave (to see that requests reach the handlers).
      if (process.env.FUZZ_STATS)
        console.log(
          [...stats]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join('\n'),
        );
      await t?.stop();
    });

    for (const op of chosen) {
      // A minute and 15 s a request: the slowest operation (galleryOrder on PostgreSQL, a photo
      // upload behind most requests) took 114 s of the 120 s it had at 12 requests on a machine
      // shared with other test runs (load 15), 15 s at load 4; a hang still fails.
      it(`${op.operationId}: ${op.method} ${op.path}`, { timeout: 60_000 + RUNS * 15_000 }, async () => {
        const seed = seedOf(op.operationId, dialect);
        const check = async (plan: Plan): Promise<void> => {
          await world.ensure();
          if (op.path.includes('{photoId}')) await world.ensurePhoto();
          const request = await buildRequest(op, plan, world);
          const before = await digest();
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            payload: request.payload,
            remoteAddress: `10.${plan.seed % 250}.${plan.seed % 7}.1`,
          });
          const problems = problemsOf(t, op, res);
          stats.set(`${op.operationId} ${res.statusCode}`, (stats.get(`${op.operationId} ${res.statusCode}`) ?? 0) + 1);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            // Nothing stored: the database is as it was.
            const changed = changedTables(before, await digest());
            if (changed.length) problems.push(`a ${res.statusCode} answer changed ${changed.join(', ')}`);
          } else world.dirty = true;
          if (problems.length) throw new Error(`${request.note}\n  ${problems.join('\n  ')}`);
        };
        try {
          await fc.assert(fc.asyncProperty(planArbitrary(op), check), { seed, numRuns: RUNS, endOnFailure: true });
        } catch (error) {
          const replay = `FUZZ_SEED=${BASE_SEED} FUZZ_RUNS=${RUNS} FUZZ_OPS=${op.operationId} npx vitest run tests/server/fuzz/fuzz.test.ts`;
          throw new Error(`${(error as Error).message}\n\nReplay (${dialect}): ${replay}`, { cause: error });
        }
      });
    }
  });
}
