import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { describeOn } from '../../helpers/db.js';
import { containing, jsonText, likeLower } from '../../../src/server/features/partners/paging.js';
import { up as rebuildSearchIndexes } from '../../../src/server/db/migrations/0050-search-fold-function.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';

/**
 * The partner directory's name search can use the trigram index (PostgreSQL): the index's
 * expression must stay the one the search writes, or every search scans all companies again.
 */
describeOn('postgres')('search indexes (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(() => t.stop());

  it('a directory search (name or city, as the directory writes it) is planned on the trigram indexes', async () => {
    const db = t.services.db.kysely;
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const query = trx
        .selectFrom('companies')
        .select('account_id')
        .where((eb) =>
          eb.or([
            likeLower(jsonText(t.services, 'companies.data', 'company'), containing('sol')),
            likeLower(jsonText(t.services, 'companies.data', 'city'), containing('sol')),
          ]),
        )
        .compile();
      const { rows } = await sql
        .raw<{ 'QUERY PLAN': string }>(
          `explain ${query.sql.replace(/\$(\d+)/g, (_m, n: string) => `'${String(query.parameters[Number(n) - 1]).replace(/'/g, "''")}'`)}`,
        )
        .execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('companies_name_trgm_idx');
    expect(plan).toContain('companies_city_trgm_idx');
  });

  it('the directory indexes are on the function ananas_fold, and a rebuild leaves the planner their statistics', async () => {
    const db = t.services.db.kysely;
    const { rows: defs } = await sql<{ name: string; def: string }>`
      select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and indexname in ('properties_search_trgm_idx', 'companies_search_trgm_idx')
      order by indexname`.execute(db);
    expect(defs.map((d) => d.name)).toEqual(['companies_search_trgm_idx', 'properties_search_trgm_idx']);
    for (const d of defs) expect(d.def).toMatch(/using gin \(ananas_fold\(/i);

    // Rebuilt (as migration 0050 does) over hotels: the planner's statistics of the index
    // expressions come only from ANALYZE, without which it guessed and planned searches badly.
    const owner = await signUp(t);
    for (const name of ['Hotel Sol', 'Hôtel Lune', 'Casa Mar'])
      await createProperty(t, owner.token, { hotel_name: name });
    await rebuildSearchIndexes(db as never);
    const { rows } = await sql<{ index: string; n: number }>`
      select tablename as index, count(*)::int as n from pg_stats
      where schemaname = current_schema() and tablename = 'properties_search_trgm_idx'
      group by tablename`.execute(db);
    expect(rows).toEqual([{ index: 'properties_search_trgm_idx', n: 1 }]);
  });
});
