import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * Bring the database to the latest schema; throws with the failing migration's name. On
 * PostgreSQL the bookkeeping tables go in the connection's current schema: Kysely would
 * otherwise find another schema's tables and skip creating its own.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
