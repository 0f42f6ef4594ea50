import { sql, type Kysely } from 'kysely';
import { companySearchKey, foldedInline, propertySearchKey } from '../fold.js';
import { isPostgres } from './helpers.js';

/**
 * The partner directory searched by hotel (issue 25 §1): a company is found by its name and city or
 * by any of its properties' names and cities, case- and accent-insensitive, each search word
 * anywhere in the text ("sol prova" finds "Hotel Sol de Prova"). On PostgreSQL trigram (GIN)
 * indexes over the folded text serve `LIKE '%word%'`, made with `fastupdate = off` (see 0027).
 * Where pg_trgm is missing (0022 could not install it) the search still works, by scanning. SQLite
 * scans the folded text (function ananas_fold); it serves one installation, not a market.
 *
 * The folding is the function ananas_fold (db/fold.ts), made here from the current code, then the
 * indexes on it: a later migration that changes the folding calls this again (0039, 0041, 0050).
 * On a new database this already makes today's function; those migrations then make it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Without pg_trgm too: the search calls it either way.
  await sql`create or replace function ananas_fold(t text) returns text
    language plpgsql immutable strict parallel safe as $fold$
    begin
      return ${foldedInline(sql`t`)};
    end $fold$`.execute(db);
  const { rows } = await sql<{ schema: string | null }>`
    select (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm') as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (!schema) return;
  const ops = sql.id(schema, 'gin_trgm_ops');
  await sql`create index if not exists properties_search_trgm_idx on properties using gin (${propertySearchKey()} ${ops}) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index if not exists companies_search_trgm_idx on companies using gin (${companySearchKey('postgres')} ${ops}) with (fastupdate = off)`.execute(
    db,
  );
  // The planner's statistics of an expression index come from ANALYZE, which nothing else runs
  // when only an index changed: until then it guessed the searches' selectivity and planned them
  // badly (the directory search's database CPU 2.5 -> 8.3 ms after a rebuild).
  await sql`analyze properties`.execute(db);
  await sql`analyze companies`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists properties_search_trgm_idx`.execute(db);
  await sql`drop index if exists companies_search_trgm_idx`.execute(db);
}
