import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { unusablePassword } from './passwords.js';
import { randomToken } from './secrets.js';
import { freeUsername, type UserRow } from './users.js';

/** The auth feature's queries on an account's team members (rows of users with a manager). */

type Db = Kysely<Database>;

export async function teamRows(db: Db, accountId: number): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('manager_id', '=', accountId).orderBy('id').execute();
}

export async function teamRowOf(db: Db, accountId: number, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('manager_id', '=', accountId).executeTakeFirst();
}

export interface Invitee {
  email: string;
  first_name: string;
  last_name: string;
  phone?: string;
  title?: string;
  country?: string;
  language?: string;
}

/** An invited member: inactive, with no usable password until the invitation is accepted. */
export async function insertInvitee(
  db: Db,
  owner: { id: number; accountType: string },
  invitee: Invitee,
  now: string,
  attempt: number,
): Promise<{ id: number }> {
  return db
    .insertInto('users')
    .values({
      email: invitee.email,
      username: await freeUsername(db, invitee.email, attempt),
      password_hash: unusablePassword(randomToken()),
      account_type: owner.accountType,
      first_name: invitee.first_name.trim(),
      last_name: invitee.last_name.trim(),
      phone: invitee.phone ?? '',
      title: invitee.title ?? '',
      country: invitee.country ?? '',
      language: invitee.language ?? 'en',
      manager_id: owner.id,
      is_active: false,
      genuine: false,
      premium_active: false,
      is_staff: false,
      last_password_change: null,
      date_joined: now,
      last_login: null,
      deactivated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The member's row after `set`; access off (is_active false) ends every session of the member. */
export async function updateMember(db: Db, id: number, set: Partial<Record<string, unknown>>): Promise<UserRow> {
  if (Object.keys(set).length) await db.updateTable('users').set(set).where('id', '=', id).execute();
  if (set.is_active === false) await db.deleteFrom('auth_tokens').where('user_id', '=', id).execute();
  return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as UserRow;
}

/** Sessions, links, permissions and notifications go with the user; the audit trail stays. */
export async function deleteMember(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** The invited member's chosen password turns access on, unless the invitation was withdrawn meanwhile. */
export async function acceptInvitee(db: Db, userId: number, passwordHash: string, now: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, is_active: true, last_password_change: now })
    .where('id', '=', userId)
    .where('deactivated_at', 'is', null)
    .where('manager_id', 'is not', null)
    .returning(['id', 'email', 'manager_id'])
    .executeTakeFirst();
}
