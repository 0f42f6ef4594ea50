import type { Services } from '../../services.js';
import { contractedOperators } from './access.js';
import { storedTerm, type Terms } from './terms.js';

/** An operator in contract on a property now, with its contract's stop-sale terms. */
export interface StopSaleTerms {
  operatorAccountId: number;
  toSyncSs: Terms['to_sync_ss'];
  ssDeadline: Terms['ss_deadline'];
}

/**
 * The operators in force on a property with the two terms the stop-sale month and its sync
 * status read, from the columns the database keeps of the accepted terms (migration 0052), not
 * each contract's whole terms fetched and parsed: a hotel has a few dozen operators.
 */
export async function stopSaleTermsOf(services: Services, propertyId: number): Promise<StopSaleTerms[]> {
  const rows = await contractedOperators(services.db.kysely, propertyId, services.clock.now().toISOString())
    .clearSelect()
    .select([
      'contracts.operator_account_id as operator_account_id',
      'contracts.accepted_to_sync_ss as to_sync_ss',
      'contracts.accepted_ss_deadline as ss_deadline',
    ])
    .where('contracts.accepted_terms', 'is not', null)
    .execute();
  return rows.map((r) => ({
    operatorAccountId: r.operator_account_id,
    toSyncSs: storedTerm(services, 'to_sync_ss', r.to_sync_ss),
    ssDeadline: storedTerm(services, 'ss_deadline', r.ss_deadline),
  }));
}
