import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../dialect-name.js';

/** The dialect a migration runs on, read from the Kysely adapter (migrations stay dialect-neutral). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return dialectOf(db) === 'postgres';
}

/** An auto-increment integer primary key on either dialect. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const FALSE = sql`false`;
export const TRUE = sql`true`;
