/**
 * npm run bench -- partners: a market of BENCH_OPERATORS operators (default 1,000) each with
 * contracts with 50 to 500 of BENCH_HOTELS hotels (default 10,000, one or two properties each),
 * a fifth of them covering a chosen list; then the access function per property, the lists built
 * on it, the directory and the contract lists, timed in-process through the real app
 * (BENCH_DATABASE_URL: on PostgreSQL, in a schema of its own, dropped afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { contractAccess, contractedOperators } from '../../src/server/features/partners/access.js';
import { defaultTerms } from '../../src/server/features/partners/terms.js';
import { issueToken } from '../../src/server/features/auth/sessions.js';
import { cells, MIN_SAMPLES, sample } from './harness.js';

const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 1000);
const HOTELS = Number(process.env.BENCH_HOTELS ?? 10_000);

/** A small deterministic random (the same market every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** p50 | p99 | max | n in ms. */
const stats = (times: number[]) => cells(times, 2, 99);

/** `fn` timed after 10 unrecorded runs: `n` samples, at least 200 (a p99 is reported). */
const timed = (n: number, fn: (i: number) => Promise<unknown>) =>
  sample((i) => fn(Math.abs(i)), { samples: Math.max(2 * MIN_SAMPLES, n) });

export async function partnerBenches(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-partners-'));
  const url = process.env.BENCH_DATABASE_URL;
  const schema = `bench_partners_${process.pid}`;
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const db = openDatabase({ dataDir, databaseUrl: url, pgSchema: url ? schema : undefined });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANANAS_DEMO: '0' }),
    clientDir: '/nonexistent',
  };
  const built = await buildApp({ config, db, logger: false });
  const { services } = built;
  const k = services.db.kysely;
  const rnd = random(42);
  const now = new Date().toISOString();
  const started = performance.now();
  try {
    const user = (i: number, type: string) => ({
      email: `${type}${i}@bench.example`,
      username: `${type}${i}`,
      password_hash: 'x',
      account_type: type,
      first_name: '',
      last_name: '',
      phone: '',
      title: '',
      country: ['ES', 'PT', 'DE', 'GR', 'IT'][i % 5]!,
      language: 'en',
      manager_id: null,
      is_active: true,
      genuine: false,
      premium_active: false,
      is_staff: false,
      last_password_change: null,
      date_joined: now,
      last_login: null,
      deactivated_at: null,
    });
    const insertUsers = async (type: 'to' | 'accommodation', n: number): Promise<number[]> => {
      const ids: number[] = [];
      for (let from = 0; from < n; from += 500) {
        const rows = await k
          .insertInto('users')
          .values(Array.from({ length: Math.min(500, n - from) }, (_, j) => user(from + j, type)))
          .returning('id')
          .execute();
        ids.push(...rows.map((r) => r.id));
        await k
          .insertInto('companies')
          .values(
            rows.map((r, j) => ({
              account_id: r.id,
              data: JSON.stringify({
                company: `${type === 'to' ? 'Tours' : 'Hotels'} ${from + j}`,
                city: `City ${(from + j) % 300}`,
                country: ['ES', 'PT', 'DE', 'GR', 'IT'][(from + j) % 5],
              }),
              logo_key: null,
              created_at: now,
              updated_at: now,
              updated_by: null,
            })),
          )
          .execute();
      }
      return ids;
    };
    const operators = await insertUsers('to', OPERATORS);
    const hotels = await insertUsers('accommodation', HOTELS);
    const propertiesOf = new Map<number, number[]>();
    for (let from = 0; from < hotels.length; from += 500) {
      const values = hotels.slice(from, from + 500).flatMap((h, j) =>
        Array.from({ length: 1 + ((from + j) % 2) }, (_, n) => ({
          account_id: h,
          hotel_name: `Hotel ${from + j}-${n}`,
          country: 'ES',
          state: 'PM',
          city: `City ${(from + j) % 300}`,
          publish_date: null,
          logo_key: null,
          created_by: h,
          created_at: now,
          updated_at: now,
        })),
      );
      for (const r of await k.insertInto('properties').values(values).returning(['id', 'account_id']).execute())
        propertiesOf.set(r.account_id, [...(propertiesOf.get(r.account_id) ?? []), r.id]);
    }
    const base = defaultTerms(services);
    let contracts = 0;
    for (const op of operators) {
      // At most every hotel (a tiny market, BENCH_SMOKE, has fewer than 50).
      const count = Math.min(hotels.length, 50 + Math.floor(rnd() * 451));
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(hotels[Math.floor(rnd() * hotels.length)]!);
      const rows = [...chosen].map((h) => {
        const list = rnd() < 0.2;
        const terms = list ? { ...base, all_properties: false, properties: [propertiesOf.get(h)![0]!] } : base;
        return { hotel: h, terms, list };
      });
      const inserted = await k
        .insertInto('contracts')
        .values(
          rows.map((r) => ({
            hotel_account_id: r.hotel,
            operator_account_id: op,
            author_account_id: r.hotel,
            status: 'A',
            turn_account_id: null,
            version: 1,
            rev: 2,
            accepted_version: 1,
            accepted_terms: JSON.stringify(r.terms),
            covers_all: !r.list,
            accepted_at: now,
            ends_at: null,
            canceled_by: null,
            created_by: r.hotel,
            created_at: now,
            updated_at: now,
            updated_by: op,
          })),
        )
        .returning(['id', 'hotel_account_id'])
        .execute();
      const listed = inserted.flatMap((c, i) =>
        rows[i]!.list ? [{ contract_id: c.id, property_id: rows[i]!.terms.properties[0]! }] : [],
      );
      if (listed.length) await k.insertInto('contract_properties').values(listed).execute();
      await k
        .insertInto('contract_versions')
        .values(
          inserted.map((c, i) => ({
            contract_id: c.id,
            number: 1,
            kind: 'proposal' as const,
            status: 'P',
            terms: JSON.stringify(rows[i]!.terms),
            changes: '[]',
            proposed_by_account: c.hotel_account_id,
            proposed_by_user: null,
            proposed_by_name: '',
            created_at: now,
            outcome: 'accepted' as const,
            decided_at: now,
            decided_by_account: op,
          })),
        )
        .execute();
      contracts += inserted.length;
    }
    // As autovacuum would have by now: the planner needs the tables' statistics.
    if (url) await sql`analyze`.execute(k);
    const seeded = ((performance.now() - started) / 1000).toFixed(0);
    const allProperties = [...propertiesOf.values()].flat();
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
    const access = await timed(2000, () => contractAccess(services, pick(operators), pick(allProperties)));
    const reaching = await timed(500, () => contractedOperators(k, pick(allProperties), now).execute());
    const token = async (id: number) => (await issueToken(services, id, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    const opTokens = await Promise.all(operators.slice(0, 20).map(token));
    const hotelToken = await token(hotels[0]!);
    const call = (tok: string, method: string, p: string, body: unknown) =>
      built.app
        .inject({
          method: method as 'POST',
          url: p,
          headers: { authorization: `Token ${tok}` },
          payload: body as object,
        })
        .then((r) => {
          if (r.statusCode !== 200) throw new Error(`${p} answered ${r.statusCode}: ${r.body}`);
        });
    const properties = await timed(100, (i) =>
      call(opTokens[i % opTokens.length]!, 'POST', `/api/partners/partners-properties/?page=${1 + (i % 3)}`, {}),
    );
    const directory = await timed(MIN_SAMPLES, (i) =>
      call(opTokens[i % opTokens.length]!, 'POST', `/api/partners/?page=${1 + (i % 5) * 50}`, {}),
    );
    const search = await timed(MIN_SAMPLES, (i) =>
      call(opTokens[i % opTokens.length]!, 'POST', '/api/partners/', { search: `hotels ${i * 37}` }),
    );
    const connected = await timed(MIN_SAMPLES, (i) =>
      call(opTokens[i % opTokens.length]!, 'POST', '/api/partners/', { status: 'A' }),
    );
    const mine = await timed(MIN_SAMPLES, (i) =>
      call(opTokens[i % opTokens.length]!, 'POST', `/api/partners/my-contracts/?page=${1 + (i % 3)}`, {
        type: 'current',
      }),
    );
    const hotelDirectory = await timed(MIN_SAMPLES, () => call(hotelToken, 'POST', '/api/partners/', {}));
    return [
      `### Partners (${url ? 'PostgreSQL' : 'SQLite'}: ${OPERATORS} operators, ${HOTELS} hotels, ${allProperties.length} properties, ${contracts} accepted contracts; seeded in ${seeded} s)`,
      '',
      '| what (after 10 runs to warm up) | p50 ms | p99 ms | max ms | n |',
      '| --- | --- | --- | --- | --- |',
      `| contractAccess(operator, property), random pairs (mostly no contract) | ${stats(access)} |`,
      `| contractedOperators(property) | ${stats(reaching)} |`,
      `| POST api/partners/partners-properties/ (an operator's 50-500 contracted hotels, pages 1-3) | ${stats(properties)} |`,
      `| POST api/partners/ as an operator (${HOTELS} hotels, pages 1-201) | ${stats(directory)} |`,
      `| POST api/partners/ search by name | ${stats(search)} |`,
      `| POST api/partners/ status A (connected hotels) | ${stats(connected)} |`,
      `| POST api/partners/my-contracts/ type current | ${stats(mine)} |`,
      `| POST api/partners/ as a hotel (${OPERATORS} operators) | ${stats(hotelDirectory)} |`,
    ];
  } finally {
    await built.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (url) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    }
  }
}
