import type { Kysely } from 'kysely';
import type { ProfileUpdateWire } from '../../../shared/generated/wire-types.js';
import type { Database, UsersTable } from '../../db/tables.js';

/** The auth feature's writes to an account's own users row: sign-up, profile, password, e-mail, closing. */

type Db = Kysely<Database>;

/** The columns a sign-up chooses (the table's own types), and when. */
export type NewAccount = Pick<
  UsersTable,
  | 'email'
  | 'username'
  | 'password_hash'
  | 'account_type'
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'title'
  | 'country'
  | 'language'
  | 'manager_id'
> & { now: string };

/** A signed-up user: inactive until the emailed link activates it. */
export async function insertAccount(db: Db, a: NewAccount): Promise<{ id: number }> {
  const { now, ...values } = a;
  return db
    .insertInto('users')
    .values({
      ...values,
      is_active: false,
      genuine: false,
      premium_active: false,
      is_staff: false,
      last_password_change: now,
      date_joined: now,
      last_login: null,
      deactivated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function setProfile(db: Db, userId: number, body: ProfileUpdateWire): Promise<void> {
  await db.updateTable('users').set(body).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, last_password_change: now })
    .where('id', '=', userId)
    .execute();
}

export async function setEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

export async function teamIds(db: Db, ownerId: number): Promise<number[]> {
  const team = await db.selectFrom('users').select('id').where('manager_id', '=', ownerId).execute();
  return team.map((t) => t.id);
}

/** These users are closed now: inactive, and every session of theirs ends. */
export async function deactivateUsers(db: Db, ids: number[], now: string): Promise<void> {
  await db.updateTable('users').set({ is_active: false, deactivated_at: now }).where('id', 'in', ids).execute();
  await db.deleteFrom('auth_tokens').where('user_id', 'in', ids).execute();
}

export async function setLastLogin(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('users').set({ last_login: now }).where('id', '=', userId).execute();
}

/** An activation link used: the user is active, unless the account was closed meanwhile. */
export async function activateUser(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: true })
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .execute();
}
