import { PostgresAdapter, type Kysely } from 'kysely';

/** The two databases Ananas runs on: SQLite (embedded default) or PostgreSQL (DATABASE_URL). */
export type DialectName = 'sqlite' | 'postgres';

/** The dialect a Kysely instance speaks, read from its adapter (for code handed only the Kysely instance: migrations, readers). */
export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
