/** The sessions as the sign-in check reads and refreshes them (auth_tokens joined with users). */
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/tables.js';

/** A session and its whole user row by token hash: every signed-in request runs it, compiled once. */
export function sessionQuery(kysely: Kysely<Database>) {
  return prepared(
    kysely,
    (k, hash: string) =>
      k
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          't.id as token_id',
          't.expires_at',
          't.last_used_at',
          't.proved_at',
          // The whole user row: GET users/me answers from it (request-user.ts), no second read.
          'u.id',
          'u.email',
          'u.username',
          'u.password_hash',
          'u.account_type',
          'u.first_name',
          'u.last_name',
          'u.phone',
          'u.title',
          'u.country',
          'u.language',
          'u.manager_id',
          'u.is_active',
          'u.genuine',
          'u.premium_active',
          'u.is_staff',
          'u.last_password_change',
          'u.date_joined',
          'u.last_login',
          'u.deactivated_at',
        ])
        .where('t.token_hash', '=', hash),
    [''],
  );
}

/** Marks a session used now (at most once a minute per session, the caller decides). */
export async function touchSession(kysely: Kysely<Database>, tokenId: number, at: string): Promise<void> {
  await kysely.updateTable('auth_tokens').set({ last_used_at: at }).where('id', '=', tokenId).execute();
}
