import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Market reads on their indexes (issue 27 §4; `npm run bench -- market` at 10,000 hotels).
 *
 * 1. The partner API's changed hotels (`GET api/v1/properties/?updated_since=`) filter properties
 *    by `updated_at >= t OR publish_date >= t`: with an index on each date the OR is a bitmap of
 *    both (a few hundred rows) instead of a read of every property per request.
 * 2. An operator's fact-sheet list shows each hotel's last change, the newest `updated_at` of its
 *    list rows: by (property_id, updated_at) that is one index entry read backwards, instead of
 *    every room's row fetched (20 hotels a page, 10-40 rooms each: 11 ms -> 0.2 ms).
 * 3. The trigram (GIN) indexes of the directory search were made by 0022 on empty tables with
 *    GIN's default `fastupdate = on`: every company added later waits in the index's pending list
 *    (the whole table, at market size), which the planner prices as a scan of its own, so it chose
 *    to read every company per search. Company names and cities change rarely: each trigram index
 *    of this schema is set to `fastupdate = off` (a new row goes straight into the index) and
 *    rebuilt, so nothing is left pending. A trigram index added later should be made the same way
 *    (`... using gin (...) with (fastupdate = off)`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('properties_updated_idx').on('properties').columns(['updated_at']).execute();
  await db.schema.createIndex('properties_published_idx').on('properties').columns(['publish_date']).execute();
  await db.schema.createIndex('fact_rows_changed_idx').on('fact_rows').columns(['property_id', 'updated_at']).execute();
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    where c.relnamespace = current_schema()::regnamespace and am.amname = 'gin'
      and exists (select 1 from pg_opclass o where o.oid = any (i.indclass) and o.opcname = 'gin_trgm_ops')`.execute(
    db,
  );
  for (const { name } of rows) {
    await sql`alter index ${sql.id(name)} set (fastupdate = off)`.execute(db);
    await sql`reindex index ${sql.id(name)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fact_rows_changed_idx').execute();
  await db.schema.dropIndex('properties_published_idx').execute();
  await db.schema.dropIndex('properties_updated_idx').execute();
}
