import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { UserWire } from '../../../shared/generated/wire-types.js';
import { bool, type Database, type UsersTable } from '../../db/tables.js';

export type UserRow = Selectable<UsersTable>;

export const EMAIL_TAKEN = 'A user with that email already exists.';
export const USERNAME_TAKEN = 'A user with that username already exists.';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function usernameTaken(db: Kysely<Database>, username: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('username', '=', username);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * A free username derived from the e-mail's local part (djoser needs one; people sign in by
 * e-mail). `attempt` > 0 after losing a race for one: a random number is added, so parallel
 * sign-ups with one local part stop picking the same next name.
 */
export async function freeUsername(db: Kysely<Database>, email: string, attempt = 0): Promise<string> {
  const base =
    normaliseEmail(email)
      .split('@')[0]!
      .replace(/[^\w.@+-]/g, '')
      .slice(0, 140) || 'user';
  for (let i = 0; ; i++) {
    const candidate = attempt > 0 ? `${base}${randomInt(100, 1_000_000)}` : i === 0 ? base : `${base}${i + 1}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
}

export function toUserWire(row: UserRow): UserWire {
  return {
    id: row.id,
    username: row.username,
    account_type: row.account_type as UserWire['account_type'],
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    title: row.title,
    country: row.country,
    language: row.language,
    manager: row.manager_id,
    genuine: bool(row.genuine),
    premium_active: bool(row.premium_active),
    last_password_change: row.last_password_change,
    is_staff: bool(row.is_staff),
  };
}
