import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Indexes the market bench asked for (issue 18). The partner directory searches company names and
 * cities by substring (`lower(name) LIKE '%text%'`), which no B-tree can serve: at 10,000 hotels every search
 * read all companies. On PostgreSQL a trigram GIN index over the same expression serves it; pg_trgm
 * is a trusted extension (PostgreSQL 13+), so a role that may create objects in the database may
 * install it. Where it is not available the search still works, by scanning, as before. The
 * operator's fact-sheet list filters its contracted properties by country.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('properties_country_idx').on('properties').columns(['country', 'id']).execute();
  if (!isPostgres(db)) return;
  // The extension lives in one schema for the whole database (public), never in the schema being
  // migrated: tests and several installations may share a server, one schema each, and dropping
  // such a schema must not take the extension with it. Installations migrating at once take turns
  // (CREATE EXTENSION IF NOT EXISTS is not safe against itself); the lock ends with the migration.
  await sql`select pg_advisory_xact_lock(hashtext('ananas:pg_trgm'))`.execute(db);
  const { rows } = await sql<{ schema: string | null; available: boolean }>`
    select (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm') as schema,
           exists (select 1 from pg_available_extensions where name = 'pg_trgm')
             and has_database_privilege(current_database(), 'CREATE')
             and has_schema_privilege('public', 'CREATE') as available`.execute(db);
  let schema = rows[0]?.schema ?? null;
  if (!schema && rows[0]?.available) {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    schema = 'public';
  }
  if (!schema) return;
  // The search matches the name or the city: both need an index, or the OR scans anyway.
  for (const [index, key] of [
    ['companies_name_trgm_idx', 'company'],
    ['companies_city_trgm_idx', 'city'],
  ] as const) {
    await sql`create index if not exists ${sql.id(index)} on companies using gin (lower((data::json ->> ${sql.lit(key)})) ${sql.id(schema, 'gin_trgm_ops')})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists companies_name_trgm_idx`.execute(db);
  await sql`drop index if exists companies_city_trgm_idx`.execute(db);
  await db.schema.dropIndex('properties_country_idx').execute();
}
