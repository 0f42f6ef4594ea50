/**
 * Table shapes as Kysely sees them. Timestamps are ISO 8601 UTC text and JSON documents are
 * text on both dialects, so rows read the same from SQLite and PostgreSQL; booleans read back
 * as 0/1 from SQLite and true/false from PostgreSQL (see `bool`).
 */
export type DbBool = boolean | number;

export function bool(v: DbBool | null | undefined): boolean {
  return v === true || v === 1;
}
