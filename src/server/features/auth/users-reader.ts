import type { Kysely } from 'kysely';
import { bool, type Database, type DbBool } from '../../db/tables.js';

/**
 * The auth feature's readers of users, and its one write other features need (a staff grant of
 * premium): what they may know of a user or an account owner without reading the users table
 * themselves. No access checks: callers decide who may see whom first.
 */

type Db = Kysely<Database>;

export interface UserCard {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/** A user's names and address, for "changed by" and sender lines. */
export async function userCard(db: Db, userId: number): Promise<UserCard | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The name a person is shown by: first and last name, else the address. */
export const personName = (u: Pick<UserCard, 'first_name' | 'last_name' | 'email'>): string =>
  `${u.first_name} ${u.last_name}`.trim() || u.email;

/** displayName of a user by id; null for an unknown user. */
export async function displayName(db: Db, userId: number): Promise<string | null> {
  const u = await userCard(db, userId);
  return u ? personName(u) : null;
}

/** A user's sign-in address; null for an unknown user. */
export async function userEmail(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null;
}

/** A user's language as stored (undefined for an unknown user); callers check it is one they speak. */
export async function userLanguage(db: Db, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language;
}

/** An account owner's badges as lists show them; undefined for an unknown account. */
export async function accountBadges(
  db: Db,
  accountId: number,
): Promise<{ genuine: DbBool; premium_active: DbBool } | undefined> {
  return db.selectFrom('users').select(['genuine', 'premium_active']).where('id', '=', accountId).executeTakeFirst();
}

/**
 * Whether the account's owner has premium. With `lock` (PostgreSQL, inside the caller's
 * transaction) the owner's row stays locked until it ends, so that concurrent checks take turns.
 */
export async function hasPremium(db: Db, accountId: number, lock = false): Promise<boolean> {
  let q = db.selectFrom('users').select('premium_active').where('id', '=', accountId);
  if (lock) q = q.forUpdate();
  return bool((await q.executeTakeFirst())?.premium_active);
}

/** Whether the user has two-factor sign-in on. */
export async function twoFactorOn(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return !!row?.enabled_at;
}

/** An account owner's public face (active or not: callers decide), with its first property's name (what a company without details is shown by). */
export async function ownerProfile(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'account_type', 'genuine', 'premium_active', 'is_active', 'first_name', 'last_name'])
    .select((eb) =>
      eb
        .selectFrom('properties')
        .select('properties.hotel_name')
        .whereRef('properties.account_id', '=', 'users.id')
        .orderBy('properties.id')
        .limit(1)
        .as('first_property'),
    )
    .where('id', '=', id)
    .where('manager_id', 'is', null)
    .executeTakeFirst();
}

/** An account owner (not a team member) by id: its id and address; undefined otherwise. */
export async function accountOwner(db: Db, id: number): Promise<{ id: number; email: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', id)
    .where('manager_id', 'is', null)
    .executeTakeFirst();
}

/** The active staff members' ids (who hears of premium requests). */
export async function activeStaffIds(db: Db): Promise<number[]> {
  return (
    await db.selectFrom('users').select('id').where('is_staff', '=', true).where('is_active', '=', true).execute()
  ).map((s) => s.id);
}

/** The number of active tour-operator accounts (owners only). */
export async function activeOperatorCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_type', '=', 'to')
    .where('manager_id', 'is', null)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Premium for the account: its owner and every team member (the staff's grant). */
export async function grantAccountPremium(db: Db, ownerId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ premium_active: true })
    .where((eb) => eb.or([eb('id', '=', ownerId), eb('manager_id', '=', ownerId)]))
    .execute();
}

/** Whether the user belongs to the account's team (its manager is the account's owner). */
export async function isTeamMember(db: Db, accountId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('manager_id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}
