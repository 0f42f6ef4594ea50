import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OverridesTable } from '../../db/tables.js';
import type { ContractAccess } from '../partners/index.js';

type Db = Kysely<Database>;
export type OverrideRow = Selectable<OverridesTable>;

export async function withdrawOverride(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('overrides').set({ status: 'withdrawn', decided_at: now }).where('id', '=', id).execute();
}

/** Keeps a drifted override: its base becomes the hotel's new value, the drift mark goes. */
export async function rebaseOverride(db: Db, row: OverrideRow): Promise<void> {
  await db
    .updateTable('overrides')
    .set({ hotel_value: row.drift_value!, drift_value: null, drift_at: null })
    .where('id', '=', row.id)
    .execute();
}

/** Marks the operator's overrides of one field in the given statuses replaced. */
export async function replaceOverrides(
  db: Db,
  access: ContractAccess,
  field: string,
  statuses: OverrideRow['status'][],
  now: string,
): Promise<void> {
  await db
    .updateTable('overrides')
    .set({ status: 'replaced', decided_at: now })
    .where('operator_account_id', '=', access.operatorAccountId)
    .where('property_id', '=', access.propertyId)
    .where('field', '=', field)
    .where('status', 'in', statuses)
    .execute();
}

export async function insertOverride(db: Db, values: Insertable<OverridesTable>): Promise<void> {
  await db.insertInto('overrides').values(values).execute();
}

/** The operator's overrides of a property that are pending or in force. */
export function liveOverrides(db: Db, operatorAccountId: number, propertyId: number): Promise<OverrideRow[]> {
  return db
    .selectFrom('overrides')
    .selectAll()
    .where('operator_account_id', '=', operatorAccountId)
    .where('property_id', '=', propertyId)
    .where('status', 'in', ['pending', 'approved'])
    .orderBy('id')
    .execute();
}

/** The operator's overrides of a property, newest first (the last 500). */
export function recentOverrides(db: Db, access: ContractAccess): Promise<OverrideRow[]> {
  return db
    .selectFrom('overrides')
    .selectAll()
    .where('operator_account_id', '=', access.operatorAccountId)
    .where('property_id', '=', access.propertyId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export function overrideById(db: Db, id: number): Promise<OverrideRow> {
  return db.selectFrom('overrides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The hotel's decision on a pending override; false when it was no longer pending. */
export async function decidePending(
  db: Db,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    decided_by: number;
    decided_at: string;
    decision_comment: string | null;
  },
): Promise<boolean> {
  const updated = await db
    .updateTable('overrides')
    .set(decision)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** An approved override replaces the one in force for the same field. */
export async function replaceApproved(db: Db, row: OverrideRow, now: string): Promise<void> {
  await db
    .updateTable('overrides')
    .set({ status: 'replaced', decided_at: now })
    .where('operator_account_id', '=', row.operator_account_id)
    .where('property_id', '=', row.property_id)
    .where('field', '=', row.field)
    .where('status', '=', 'approved')
    .where('id', '!=', row.id)
    .execute();
}
