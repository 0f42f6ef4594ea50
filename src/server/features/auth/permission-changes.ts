import type { Kysely } from 'kysely';
import type { PermissionsWire } from '../../../shared/generated/wire-types.js';
import { conflict, fieldError, notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { onUnique } from '../../db/unique.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import {
  findPermissions,
  insertPermissions,
  permissionsRecord,
  permissionsRecordOf,
  toPermissionsWire,
  updatePermissions,
  type PermissionsRecord,
} from './permissions-store.js';
import { isTeamMember, userEmail } from './users-reader.js';

/** The use cases behind the permissions handlers: who may be addressed, the writes and their audit. */

/** Hook for the property scope: issue "Properties" checks that allowed ids belong to the account. */
export type PropertyIdsCheck = (accountId: number, ids: readonly number[]) => Promise<number[]>;

/** A user of the caller's own team, or 404: other accounts' users do not exist for the caller. */
export async function teamMember(db: Kysely<Database>, auth: AuthContext, userId: number): Promise<number> {
  if (!(await isTeamMember(db, auth.accountId, userId))) throw notFound();
  return userId;
}

export async function permissionsWireOf(db: Kysely<Database>, userId: number): Promise<PermissionsWire> {
  return toPermissionsWire(userId, await findPermissions(db, userId));
}

/**
 * The allowed properties name only the caller's own account's: the pre-check before the step-up
 * proof (prechecks.ts) as well as the handlers'. It reads the account's property ids, which its
 * owner sees unproved anyway (the property list), never the member or record the call changes.
 */
export async function checkProperties(
  unknownProperties: PropertyIdsCheck,
  auth: AuthContext,
  ids: readonly number[] | undefined,
): Promise<void> {
  const unknown = await unknownProperties(auth.accountId, ids ?? []);
  if (unknown.length) throw fieldError('properties_allowed', `Not properties of this account: ${unknown.join(', ')}.`);
}

/** Field-level changes of a team member's permissions, labelled from the permissions schema. */
async function auditPermissions(
  services: Services,
  auth: AuthContext,
  ip: string,
  userId: number,
  action: 'create' | 'update',
  before: object,
  after: object,
): Promise<void> {
  const { user: _u, id: _i, ...from } = before as Record<string, unknown>;
  const { user: _u2, id: _i2, ...to } = after as Record<string, unknown>;
  const email = await userEmail(services.db.kysely, userId);
  const changes = diffDocuments(services.schemas.resolved('auth/permissions.schema.json'), from, to);
  if (action === 'update' && !changes.length) return;
  await recordAudit(services, actorOf(auth, ip), {
    kind: 'permissions',
    action,
    subject: 'user',
    subjectId: userId,
    summary: `${action === 'create' ? 'Set' : 'Changed'} the permissions of ${email ?? `user ${userId}`}`,
    changes,
  });
}

/**
 * PUT permissions/update/{id}/: {id} is the record's id (spec), or the member's user id (one
 * record per user, as clients that read permissions by user id send it). A record of the
 * caller's team wins; otherwise {id} must be a member of the team (else 404).
 */
async function recordFor(db: Kysely<Database>, auth: AuthContext, id: number): Promise<PermissionsRecord | undefined> {
  const byRecord = await permissionsRecord(db, id);
  if (byRecord && (await isTeamMember(db, auth.accountId, byRecord.user_id))) return byRecord;
  const row = await permissionsRecordOf(db, id);
  if (!row) return undefined;
  await teamMember(db, auth, row.user_id);
  return row;
}

export interface PermissionsChange {
  auth: AuthContext;
  ip: string;
  body: PermissionsWire;
  unknownProperties: PropertyIdsCheck;
}

/** POST permissions: a member's first record; a second one is a 409. */
export async function createPermissions(services: Services, change: PermissionsChange): Promise<PermissionsWire> {
  const db = services.db.kysely;
  const { auth, body } = change;
  const userId = await teamMember(db, auth, body.user);
  await checkProperties(change.unknownProperties, auth, body.properties_allowed);
  const exists = () => conflict('This user has permissions already; update them instead.');
  if (await findPermissions(db, userId)) throw exists();
  // Two creates at once: the unique user_id lets one in; the other gets the same 409.
  await onUnique(() => insertPermissions(db, userId, body), { user_id: exists });
  const after = await permissionsWireOf(db, userId);
  await auditPermissions(services, auth, change.ip, userId, 'create', toPermissionsWire(userId, undefined), after);
  return after;
}

/** PUT permissions/update/{id}/: see recordFor for what {id} addresses. */
export async function changePermissions(
  services: Services,
  id: number,
  change: PermissionsChange,
): Promise<PermissionsWire> {
  const db = services.db.kysely;
  const { auth, body } = change;
  const record = await recordFor(db, auth, id);
  const userId = record?.user_id ?? (await teamMember(db, auth, id));
  if (body.user !== userId) throw fieldError('user', 'A permissions record stays with its user.');
  await checkProperties(change.unknownProperties, auth, body.properties_allowed);
  const before = await permissionsWireOf(db, userId);
  // One record per user: addressed by the user's id, a member without a record gets one.
  if (record) await updatePermissions(db, record.id, body);
  else await insertPermissions(db, userId, body);
  const after = await permissionsWireOf(db, userId);
  await auditPermissions(services, auth, change.ip, userId, record ? 'update' : 'create', before, after);
  return after;
}
