import type { Kysely, Selectable } from 'kysely';
import type { Database, OperatorViewsTable } from '../../db/tables.js';
import type { ContractAccess } from '../partners/index.js';

/** The reads of operator_views, the table operator owns: which publication an operator has seen. */

export type OperatorViewRow = Selectable<OperatorViewsTable>;

/** The operator's view of the property (the publication it saw last, and when), if it has looked. */
export function operatorView(db: Kysely<Database>, access: ContractAccess): Promise<OperatorViewRow | undefined> {
  return db
    .selectFrom('operator_views')
    .selectAll()
    .where('operator_account_id', '=', access.operatorAccountId)
    .where('property_id', '=', access.propertyId)
    .executeTakeFirst();
}
