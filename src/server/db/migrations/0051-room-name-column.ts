import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * A room row's name as a column the database keeps from its document (fact_rows.room_name, null
 * for other kinds). Every reader of room names (the stop-sale month and its PDF, the partner feeds,
 * photos' room tags, the calendars) took it out of the JSON document on each read: on PostgreSQL
 * that meant fetching each room's whole document out of TOAST (about 4.7 KB each, compressed) and
 * parsing it, 1.1 ms of a 29-room hotel's 1.3 ms read (issue 39's market bench). Generated, so no
 * write path can forget it: stored on PostgreSQL; virtual on SQLite, which cannot add a stored
 * column to an existing table (it computes it on read, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db))
    await sql`alter table fact_rows add column room_name text
      generated always as (case when kind = 'room' then data::json ->> 'room_name' end) stored`.execute(db);
  else
    await sql`alter table fact_rows add column room_name text
      generated always as (case when kind = 'room' then json_extract(data, '$.room_name') end) virtual`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table fact_rows drop column room_name`.execute(db);
}
