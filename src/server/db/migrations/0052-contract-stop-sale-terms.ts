import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The two accepted terms the stop-sale month reads on every ask, as columns the database keeps
 * from `contracts.accepted_terms` (the JSON text of the version in force): `accepted_to_sync_ss`
 * (does the operator sync stop-sale) and `accepted_ss_deadline` (its deadline in hours). A hotel
 * has a few dozen operators; the month fetched each one's whole terms (about 430 bytes) and
 * parsed them for these two fields, more of a node's time than the month's rooms and days.
 * Reading them out of the JSON in the query instead cost PostgreSQL more than it saved (the text
 * parsed on every read): generated and stored, they are taken out once per write. Null where the
 * stored terms lack the field (terms older than it): the reader takes the term's default. Text on
 * PostgreSQL (->>), as json_extract answers on SQLite (a number for the deadline); virtual there,
 * as SQLite cannot add a stored column to an existing table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, key] of [
    ['accepted_to_sync_ss', 'to_sync_ss'],
    ['accepted_ss_deadline', 'ss_deadline'],
  ] as const) {
    if (isPostgres(db))
      await sql`alter table contracts add column ${sql.raw(column)} text
        generated always as (accepted_terms::json ->> ${sql.lit(key)}) stored`.execute(db);
    else
      await sql`alter table contracts add column ${sql.raw(column)}
        generated always as (json_extract(accepted_terms, ${sql.lit(`$.${key}`)})) virtual`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contracts drop column accepted_ss_deadline`.execute(db);
  await sql`alter table contracts drop column accepted_to_sync_ss`.execute(db);
}
