import { sql, type Kysely } from 'kysely';
import { up as createSearchIndexes } from './0029-directory-search.js';

/**
 * The directory's folded search text is the function ananas_fold on PostgreSQL too (db/fold.ts),
 * where the statements wrote the folding out: each search sent two statements with eight 12 KB
 * copies of it, which the database parsed and planned anew every time. The trigram indexes are
 * built on the expression the search writes, so they are rebuilt on the function (and the tables
 * analysed: migrations 0039 and 0041 rebuilt them without, leaving the planner to guess).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists properties_search_trgm_idx`.execute(db);
  await sql`drop index if exists companies_search_trgm_idx`.execute(db);
  await createSearchIndexes(db);
}

export async function down(): Promise<void> {
  // The indexes stay: the folding in code is what they must match.
}
