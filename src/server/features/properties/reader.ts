import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { PropertyRow } from './store.js';

/**
 * The properties feature's readers: what other features may know of a property without reading
 * the properties table themselves. No access checks: callers decide who may see what first.
 */

type Db = Kysely<Database>;

export interface PropertyListing {
  id: number;
  hotel_name: string;
  country: string;
  state: string;
  city: string;
}

/** An account's properties as a partner lists them, by name. */
export async function propertiesOfAccount(db: Db, accountId: number): Promise<PropertyListing[]> {
  return db
    .selectFrom('properties')
    .select(['id', 'hotel_name', 'country', 'state', 'city'])
    .where('account_id', '=', accountId)
    .orderBy('hotel_name')
    .orderBy('id')
    .execute();
}

/** A property's row; undefined when it is gone. */
export async function propertyById(db: Db, id: number): Promise<PropertyRow | undefined> {
  return db.selectFrom('properties').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A property's row the caller knows exists (throws otherwise, as a broken invariant). */
export async function existingProperty(db: Db, id: number): Promise<PropertyRow> {
  return db.selectFrom('properties').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Properties' rows by name. */
export async function propertiesByIds(db: Db, ids: readonly number[]): Promise<PropertyRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('properties')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('hotel_name')
    .orderBy('id')
    .execute();
}

/** The name of a property the caller knows exists (throws otherwise, as a broken invariant). */
export async function hotelName(db: Db, id: number): Promise<string> {
  return (await db.selectFrom('properties').select('hotel_name').where('id', '=', id).executeTakeFirstOrThrow())
    .hotel_name;
}

/** The names of these properties by id (unknown ids are left out). */
export async function hotelNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('properties')
    .select(['id', 'hotel_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.hotel_name]));
}

/** These properties with their owning accounts, by name. */
export async function propertyOwners(
  db: Db,
  ids: readonly number[],
): Promise<Array<{ id: number; hotel_name: string; account_id: number }>> {
  if (!ids.length) return [];
  return db
    .selectFrom('properties')
    .select(['id', 'hotel_name', 'account_id'])
    .where('id', 'in', [...ids])
    .orderBy('hotel_name')
    .orderBy('id')
    .execute();
}

/** Where a property is, for a widget's heading (throws for an unknown id, as a broken invariant). */
export async function propertyPlace(
  db: Db,
  id: number,
): Promise<{ hotel_name: string; city: string; country: string }> {
  return db
    .selectFrom('properties')
    .select(['hotel_name', 'city', 'country'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A property's facts revision (bumped by every change of its facts). */
export async function factsRevisionOf(db: Db, id: number): Promise<number> {
  return (await db.selectFrom('properties').select('facts_rev').where('id', '=', id).executeTakeFirstOrThrow())
    .facts_rev;
}

/** Which of these ids are properties of the account. */
export async function accountPropertyIds(db: Db, accountId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('properties')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of these ids are properties at all. */
export async function existingPropertyIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (
    await db
      .selectFrom('properties')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).map((r) => r.id);
}

/** The listings of these accounts' properties, by account (each in the order they were added). */
export async function propertiesOfAccounts(
  db: Db,
  accountIds: readonly number[],
): Promise<
  Array<{
    id: number;
    account_id: number;
    hotel_name: string;
    city: string;
    country: string;
    publish_date: string | null;
  }>
> {
  if (!accountIds.length) return [];
  return db
    .selectFrom('properties')
    .select(['id', 'account_id', 'hotel_name', 'city', 'country', 'publish_date'])
    .where('account_id', 'in', [...accountIds])
    .orderBy('id')
    .execute();
}

/** When each of the account's properties was added; `allowed` narrows to a member's properties. */
export async function propertiesAddedAt(
  db: Db,
  accountId: number,
  allowed: 'all' | readonly number[],
): Promise<string[]> {
  let q = db.selectFrom('properties').select('created_at').where('account_id', '=', accountId);
  if (allowed !== 'all') q = allowed.length ? q.where('id', 'in', [...allowed]) : q.where('id', '=', -1);
  return (await q.execute()).map((r) => r.created_at);
}

/** Every logo file properties hold (the orphan sweep keeps them). */
export async function propertyLogoKeys(db: Db): Promise<string[]> {
  return (await db.selectFrom('properties').select('logo_key').where('logo_key', 'is not', null).execute()).map(
    (r) => r.logo_key!,
  );
}

/** An account's properties as partners list them, by name; `only` narrows to some of them. */
export async function accountListings(db: Db, accountId: number, only?: readonly number[]): Promise<PropertyListing[]> {
  let q = db
    .selectFrom('properties')
    .select(['id', 'hotel_name', 'country', 'state', 'city'])
    .where('account_id', '=', accountId);
  if (only) q = q.where('id', 'in', [...only]);
  return q.orderBy('hotel_name').orderBy('id').execute();
}

/** These properties as partners list them, with their accounts, by name. */
export async function listingsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Array<PropertyListing & { account_id: number }>> {
  if (!ids.length) return [];
  return db
    .selectFrom('properties')
    .select(['id', 'hotel_name', 'country', 'state', 'city', 'account_id'])
    .where('id', 'in', [...ids])
    .orderBy('hotel_name')
    .orderBy('id')
    .execute();
}
