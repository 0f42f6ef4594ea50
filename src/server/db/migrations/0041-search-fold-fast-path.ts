import { sql, type Kysely } from 'kysely';
import { up as createSearchIndexes } from './0029-directory-search.js';

/**
 * PostgreSQL's folded search text translates a name only when it holds a character the folding
 * changes (src/server/db/fold.ts, issue 39): a directory search at 10,000 hotels spent hundreds of
 * ms rechecking its trigram index's candidates through translate(). The folded text is the same,
 * but the trigram indexes are built on the folding's exact expression, so they are rebuilt on the
 * new one; without that the searches would scan. SQLite folds with a function and needs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists properties_search_trgm_idx`.execute(db);
  await sql`drop index if exists companies_search_trgm_idx`.execute(db);
  await createSearchIndexes(db);
}

export async function down(): Promise<void> {
  // The indexes stay: the folding in code is what they must match.
}
