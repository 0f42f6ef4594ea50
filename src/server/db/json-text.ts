import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from './dialect-name.js';

/**
 * A text field of a JSON document stored as text, read by the database on either dialect (SQLite
 * answers a number in the document as a number). Reading one field there is far cheaper than
 * sending the whole document and parsing it in the server.
 */
export function jsonText(dialect: DialectName, column: string, key: string): RawBuilder<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::json ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
}
