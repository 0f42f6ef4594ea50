import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { describeOn } from '../../helpers/db.js';
import { containing, jsonText, likeLower } from '../../../src/server/features/partners/paging.js';

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
});
