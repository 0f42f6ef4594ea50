import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * The session epoch (PostgreSQL): one counter that every committed change to what a signed-in
 * request reads of its session (users, auth_tokens, permissions) moves forward, in the same
 * transaction as the change, so that it becomes visible at the same instant on every node. A node
 * may then keep sessions it has read (features/auth/session-cache.ts) and answer from them while a
 * read of the epoch started after the request arrived still finds the number it read them under.
 * Triggers, not the app's code, move it: no write path (a future one, a cascade, psql) can forget.
 *
 * - Deferred to the commit and once per transaction (a transaction-local setting): the counter's
 *   row is locked last and for the shortest time, so writers never wait on each other for it
 *   across other locks.
 * - Not moved by a new user or a new session (nobody can have kept what did not exist; a token not
 *   found is never kept), nor by the at-most-once-a-minute `last_used_at` refresh of a session.
 * SQLite needs none of it: the process is the only writer and counts its own writes (table-writes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table session_epoch (id integer primary key check (id = 1), epoch bigint not null)`.execute(db);
  await sql`insert into session_epoch (id, epoch) values (1, 0)`.execute(db);
  await sql`
    create function session_epoch_bump() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('ananas.session_epoch_moved', true), '') <> 'on' then
        perform set_config('ananas.session_epoch_moved', 'on', true);
        update session_epoch set epoch = epoch + 1 where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  const deferred = (name: string, event: string, table: string, when = '') =>
    sql
      .raw(
        `create constraint trigger ${name} after ${event} on ${table} deferrable initially deferred
         for each row ${when} execute function session_epoch_bump()`,
      )
      .execute(db);
  await deferred('session_epoch_users', 'update or delete', 'users');
  await deferred('session_epoch_permissions', 'insert or update or delete', 'permissions');
  await deferred('session_epoch_tokens_gone', 'delete', 'auth_tokens');
  await deferred(
    'session_epoch_tokens_changed',
    'update',
    'auth_tokens',
    `when (to_jsonb(old) - 'last_used_at' is distinct from to_jsonb(new) - 'last_used_at')`,
  );
  for (const table of ['users', 'permissions', 'auth_tokens'])
    await sql
      .raw(
        `create trigger session_epoch_${table}_truncated after truncate on ${table}
         for each statement execute function session_epoch_bump()`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [trigger, table] of [
    ['session_epoch_users', 'users'],
    ['session_epoch_permissions', 'permissions'],
    ['session_epoch_tokens_gone', 'auth_tokens'],
    ['session_epoch_tokens_changed', 'auth_tokens'],
    ['session_epoch_users_truncated', 'users'],
    ['session_epoch_permissions_truncated', 'permissions'],
    ['session_epoch_auth_tokens_truncated', 'auth_tokens'],
  ])
    await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
  await sql`drop function if exists session_epoch_bump()`.execute(db);
  await sql`drop table if exists session_epoch`.execute(db);
}
