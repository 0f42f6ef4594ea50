import { sql, type Kysely } from 'kysely';
import { up as createSearchIndexes } from './0029-directory-search.js';

/**
 * The directory's folded text now reads markup brackets as spaces (a name typed "<b>Limonaia</b>"
 * is found by "Limonaia", issue 38 §2). PostgreSQL's trigram indexes are built on the folding's
 * exact expression (src/server/db/fold.ts), so they are rebuilt on the new one; without that the
 * searches would scan. SQLite folds with a function and needs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists properties_search_trgm_idx`.execute(db);
  await sql`drop index if exists companies_search_trgm_idx`.execute(db);
  await createSearchIndexes(db);
}

export async function down(): Promise<void> {
  // The indexes stay: the folding in code is what they must match.
}
