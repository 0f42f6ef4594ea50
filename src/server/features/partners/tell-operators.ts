import type { Kysely } from 'kysely';
import type { ContractTermsWire } from '../../../shared/generated/wire-types.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tellEach, type NotificationEvent } from '../notifications/index.js';
import { contractedOperators } from './access.js';
import { parseTerms } from './terms.js';

/**
 * Tell every operator contracted for a property now (contractedOperators), optionally only those
 * whose accepted terms pass `only` (e.g. stop-sale news to operators with `to_sync_ss` Y). For the
 * features that report a hotel's change to its partners: stop-sale changes, rooms added or renamed
 * (mapping operators), publishing (publishing/publish-news.ts). Answers the operator accounts told.
 */
export async function tellContractedOperators(
  services: Services,
  trx: Kysely<Database>,
  event: Omit<NotificationEvent, 'accountId'> & { propertyId: number },
  only?: (terms: ContractTermsWire) => boolean,
): Promise<number[]> {
  const rows = await contractedOperators(trx, event.propertyId, services.clock.now().toISOString()).execute();
  const operators = rows
    .filter((r) => !only || (r.accepted_terms !== null && only(parseTerms(services, r.accepted_terms))))
    .map((r) => r.operator_account_id);
  await tellEach(services, trx, operators, event);
  return [...new Set(operators)];
}
