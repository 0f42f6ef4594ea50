import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OverridesTable } from '../../db/tables.js';
import type { ContractAccess } from '../partners/index.js';

type Db = Kysely<Database>;
type OverrideRow = Selectable<OverridesTable>;

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
