import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './tables.js';

/** The two databases Ananas runs on: SQLite (embedded default) or PostgreSQL (DATABASE_URL). */
export type DialectName = 'sqlite' | 'postgres';

/** The dialect a Kysely instance speaks, read from its adapter (for code handed only the Kysely instance). */
export function dialectOf(db: Kysely<Database>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
