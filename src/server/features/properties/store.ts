import type { Kysely, Selectable } from 'kysely';
import type { PropertyWire } from '../../../shared/generated/wire-types.js';
import type { Database, PropertiesTable } from '../../db/tables.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext, ScopedProperty } from '../../routing/auth-context.js';
import type { PropertyGuard } from '../../routing/register-routes.js';
import type { Services } from '../../services.js';
import type { PublishState } from './publish-state.js';
import { prepared } from '../../db/prepared.js';

export type PropertyRow = Selectable<PropertiesTable>;

const lookups = new WeakMap<Services, (id: number, account: number) => Promise<PropertyRow[]>>();

/** The account's property with this id, if the caller may see it (owner, or an authorized user allowed it). */
export async function visibleProperty(
  services: Services,
  auth: AuthContext,
  id: number,
): Promise<PropertyRow | undefined> {
  if (auth.properties !== 'all' && !auth.properties.includes(id)) return undefined;
  // Checked on every property-scoped call: compiled once per app.
  let find = lookups.get(services);
  if (!find) {
    find = prepared(
      services.db.kysely,
      (k, pid: number, account: number) =>
        k.selectFrom('properties').selectAll().where('id', '=', pid).where('account_id', '=', account),
      [0, 0],
    );
    lookups.set(services, find);
  }
  return (await find(id, auth.accountId))[0];
}

export async function requireProperty(services: Services, auth: AuthContext, id: number): Promise<PropertyRow> {
  const row = await visibleProperty(services, auth, id);
  if (!row) throw notFound();
  return row;
}

/** The row each scope check read, by the ScopedProperty it answered (one object per request). */
const scopedRows = new WeakMap<ScopedProperty, PropertyRow>();

export function createPropertyGuard(services: Services): PropertyGuard {
  return async (auth, id) => {
    const row = await requireProperty(services, auth, id);
    const scoped: ScopedProperty = { id: row.id, accountId: row.account_id, factsRev: row.facts_rev };
    scopedRows.set(scoped, row);
    return scoped;
  };
}

/**
 * The property a scoped call acts on, as its scope check read it for this request: handlers that
 * need the whole row read it once, not again after the check (issue 39: the stop-sale month read
 * the property twice). A ScopedProperty this guard did not make is read and checked here.
 */
export async function scopedProperty(
  services: Services,
  auth: AuthContext,
  scoped: ScopedProperty,
): Promise<PropertyRow> {
  return scopedRows.get(scoped) ?? requireProperty(services, auth, scoped.id);
}

/**
 * Serialise writers of one property inside a transaction: on PostgreSQL the property row is
 * locked (FOR UPDATE) until the transaction ends; SQLite runs one write transaction at a time.
 * Call it first in the transaction, before reading what the write depends on.
 */
export async function lockProperty(services: Services, trx: Kysely<Database>, propertyId: number): Promise<void> {
  if (services.db.dialect !== 'postgres') return;
  await trx.selectFrom('properties').select('id').where('id', '=', propertyId).forUpdate().execute();
}

/** Every change to a property's facts bumps its revision, in the same transaction as the change. */
export async function bumpFactsRevision(db: Kysely<Database>, propertyId: number): Promise<void> {
  await db
    .updateTable('properties')
    .set((eb) => ({ facts_rev: eb('facts_rev', '+', 1) }))
    .where('id', '=', propertyId)
    .execute();
}

/** The property is published as of `now` (inside the publish transaction). */
export async function markPublished(db: Kysely<Database>, propertyId: number, now: string): Promise<void> {
  await db.updateTable('properties').set({ publish_date: now }).where('id', '=', propertyId).execute();
}

export async function visibleProperties(services: Services, auth: AuthContext): Promise<PropertyRow[]> {
  let q = services.db.kysely.selectFrom('properties').selectAll().where('account_id', '=', auth.accountId);
  if (auth.properties !== 'all') {
    if (auth.properties.length === 0) return [];
    q = q.where('id', 'in', [...auth.properties]);
  }
  return q.orderBy('hotel_name').orderBy('id').execute();
}

/** Which of these ids are not properties of the account (for permission editing). */
export async function unknownPropertyIds(
  services: Services,
  accountId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await services.db.kysely
    .selectFrom('properties')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export function logoUrl(row: PropertyRow): string | null {
  // The key changes with every upload, so the URL can be cached forever by the browser.
  return row.logo_key
    ? `/api/facts/property/${row.id}/logo/?v=${encodeURIComponent(row.logo_key.split('/').pop()!)}`
    : null;
}

/** Photo counts of the given properties, in one query. */
export async function photoCounts(services: Services, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await services.db.kysely
    .selectFrom('photos')
    .select(['property_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('property_id', 'in', [...ids])
    .groupBy('property_id')
    .execute();
  return new Map(rows.map((r) => [r.property_id, Number(r.n)]));
}

/** A property as the API answers it; a new one (or a copy) has no publication: a draft. */
export function toPropertyWire(row: PropertyRow, photoCount = 0, publishState: PublishState = 'draft'): PropertyWire {
  return {
    id: row.id,
    hotel_name: row.hotel_name,
    country: row.country,
    state: row.state,
    city: row.city,
    publish_date: row.publish_date,
    publish_state: publishState,
    hotel_logo: logoUrl(row),
    photo_count: photoCount,
  };
}

export type PropertyFields = Pick<PropertiesTable, 'hotel_name' | 'country' | 'state' | 'city'>;

/** A new property of the account (no logo, unpublished); answers its id. */
export async function insertProperty(
  db: Kysely<Database>,
  accountId: number,
  fields: PropertyFields,
  userId: number,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('properties')
    .values({
      account_id: accountId,
      ...fields,
      publish_date: null,
      logo_key: null,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setLogoKey(db: Kysely<Database>, propertyId: number, key: string | null): Promise<void> {
  await db.updateTable('properties').set({ logo_key: key }).where('id', '=', propertyId).execute();
}

export async function updateProperty(
  db: Kysely<Database>,
  propertyId: number,
  fields: PropertyFields,
  logoKey: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('properties')
    .set({ ...fields, logo_key: logoKey, updated_at: now })
    .where('id', '=', propertyId)
    .execute();
}

/** Sections and rows go with the property (foreign keys cascade). */
export async function deleteProperty(db: Kysely<Database>, propertyId: number): Promise<void> {
  await db.deleteFrom('properties').where('id', '=', propertyId).execute();
}

/** When the account last published one of its properties; null when never. */
export async function lastPublishDate(db: Kysely<Database>, accountId: number): Promise<string | null> {
  const row = await db
    .selectFrom('properties')
    .select((eb) => eb.fn.max('publish_date').as('date'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return (row?.date as string | null | undefined) ?? null;
}
