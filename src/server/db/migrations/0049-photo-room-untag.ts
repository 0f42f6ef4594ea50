import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * A photo tagged with a room stays in the gallery, untagged, when the room row goes (a room
 * deleted, or left out of a whole-list save or a restored revision). The database does it, not the
 * facts code: the facts feature sits below the photos and must not write their table, and no delete
 * path (a future one, psql) can forget. A trigger rather than a foreign key with `on delete set
 * null`, because SQLite cannot add a constraint to a table without rebuilding it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Tags the app left behind before this migration (none expected: it untagged them itself).
  await sql`update photos set room_id = null
    where room_id is not null and not exists (select 1 from fact_rows r where r.id = photos.room_id)`.execute(db);
  if (isPostgres(db)) {
    await sql`
      create function photos_untag_rooms() returns trigger language plpgsql as $$
      begin
        update photos set room_id = null where room_id in (select id from gone where kind = 'room');
        return null;
      end $$`.execute(db);
    // Once per statement, over the statement's deleted rows: a list save that drops 50 rooms is one update.
    await sql`
      create trigger photos_untag_rooms after delete on fact_rows
      referencing old table as gone for each statement execute function photos_untag_rooms()`.execute(db);
  } else {
    await sql`
      create trigger photos_untag_rooms after delete on fact_rows for each row when old.kind = 'room'
      begin
        update photos set room_id = null where room_id = old.id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists photos_untag_rooms on fact_rows`.execute(db);
    await sql`drop function if exists photos_untag_rooms()`.execute(db);
  } else await sql`drop trigger if exists photos_untag_rooms`.execute(db);
}
