import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import type { TableWrites } from './table-writes.js';

/**
 * Kysely prepares every query anew; preparing is most of a small query's cost on SQLite. The
 * same SQL text always gets the same prepared statement here (safe: Kysely runs one query at a
 * time on the connection). Bounded, oldest first out. Kysely prepares right before it runs, so
 * `writes` and `onStatement` (when given) hear of every statement as it runs.
 */
export function withStatementCache(
  db: BetterSqlite,
  size = 1000,
  writes?: TableWrites,
  onStatement?: () => void,
): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => db.close(),
    prepare(sql: string) {
      writes?.noteStatement(sql);
      onStatement?.();
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}
