import type { Kysely, Selectable } from 'kysely';
import { PERMISSION_FLAGS, type PermissionFlag } from '../../../shared/bundle-types.js';
import type { PermissionsWire } from '../../../shared/generated/wire-types.js';
import { bool, type Database, type PermissionsTable } from '../../db/tables.js';

export type PermissionsRow = Selectable<PermissionsTable>;

export async function findPermissions(db: Kysely<Database>, userId: number): Promise<PermissionsRow | undefined> {
  return db.selectFrom('permissions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function allowedProperties(row: PermissionsRow | undefined): number[] {
  if (!row) return [];
  const parsed = JSON.parse(row.properties_allowed) as unknown;
  return Array.isArray(parsed) ? parsed.filter((x): x is number => Number.isInteger(x)) : [];
}

export function toPermissionsWire(userId: number, row: PermissionsRow | undefined): PermissionsWire {
  const role = (row?.role ?? null) as PermissionsWire['role'];
  const wire: PermissionsWire = { user: userId, role, properties_allowed: allowedProperties(row) };
  if (row) wire.id = row.id;
  for (const flag of PERMISSION_FLAGS) wire[flag] = bool(row?.[flag]);
  return wire;
}

/** Owners hold every flag: this is what GET permissions answers for an owner's own id. */
export function ownerPermissionsWire(userId: number): PermissionsWire {
  const wire: PermissionsWire = { user: userId, role: null, properties_allowed: [] };
  for (const flag of PERMISSION_FLAGS) wire[flag] = true;
  return wire;
}

export function rowValues(body: PermissionsWire): Omit<PermissionsTable, 'id' | 'user_id'> {
  const flags = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, body[f] === true])) as Record<
    PermissionFlag,
    boolean
  >;
  return {
    ...flags,
    role: body.role ?? null,
    properties_allowed: JSON.stringify([...new Set(body.properties_allowed ?? [])].sort((a, b) => a - b)),
  };
}

/** A deleted property leaves every team member's allowed list (else their permissions could not be saved again). */
export async function forgetProperty(db: Kysely<Database>, accountId: number, propertyId: number): Promise<void> {
  const rows = await db
    .selectFrom('permissions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.properties_allowed'])
    .where('u.manager_id', '=', accountId)
    .execute();
  for (const row of rows) {
    const ids = allowedProperties(row as PermissionsRow);
    if (!ids.includes(propertyId)) continue;
    await db
      .updateTable('permissions')
      .set({ properties_allowed: JSON.stringify(ids.filter((id) => id !== propertyId)) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** A member who adds a property may go on working on it: it joins the member's allowed list. */
export async function allowProperty(db: Kysely<Database>, userId: number, propertyId: number): Promise<void> {
  const perms = await db
    .selectFrom('permissions')
    .select(['id', 'properties_allowed'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const allowed = [...new Set([...(JSON.parse(perms.properties_allowed) as number[]), propertyId])].sort(
    (a, b) => a - b,
  );
  await db
    .updateTable('permissions')
    .set({ properties_allowed: JSON.stringify(allowed) })
    .where('id', '=', perms.id)
    .execute();
}

export interface PermissionsRecord {
  id: number;
  user_id: number;
}

/** The permissions record with this id, of whichever user. */
export async function permissionsRecord(db: Kysely<Database>, id: number): Promise<PermissionsRecord | undefined> {
  return db.selectFrom('permissions').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** The user's permissions record, if any. */
export async function permissionsRecordOf(
  db: Kysely<Database>,
  userId: number,
): Promise<PermissionsRecord | undefined> {
  return db.selectFrom('permissions').select(['id', 'user_id']).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertPermissions(db: Kysely<Database>, userId: number, body: PermissionsWire): Promise<void> {
  await db
    .insertInto('permissions')
    .values({ user_id: userId, ...rowValues(body) })
    .execute();
}

export async function updatePermissions(db: Kysely<Database>, id: number, body: PermissionsWire): Promise<void> {
  await db.updateTable('permissions').set(rowValues(body)).where('id', '=', id).execute();
}
