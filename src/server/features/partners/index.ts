import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { contractHandlers } from './contract-handlers.js';
import { directoryHandlers, type OperatorStatesOf } from './directory-handlers.js';
import { photoChannelPartnerHandlers } from './photo-channels.js';

export {
  contractAccess,
  contractedOperators,
  contractedOperatorsOfAccount,
  contractedProperties,
  moderationCode,
  moderationLevel,
  operatorMay,
  requireOperatorAccess,
  termAllows,
} from './access.js';
export type { ContractAccess, OperatorAction } from './access.js';
export { filteredContracted } from './contracted-filter.js';
export { PAGE_SIZE, offsetOf, pageOf } from './paging.js';
export { companyName, companyNames } from './partners.js';
export { listedHotelName } from './listed-name.js';
export { tellContractedOperators } from './tell-operators.js';
export { parseTerms } from './terms.js';
export { stopSaleTermsOf } from './stop-sale-terms.js';
export { partnerPrechecks } from './prechecks.js';
export { propertyPartners } from './photo-channels.js';

/** Partners and contracts: the directory, the lists, and the contract lifecycle (see access.ts for what a contract grants). */
export function partnerHandlers(services: Services, operatorStates: OperatorStatesOf): HandlerMap {
  return {
    ...directoryHandlers(services, operatorStates),
    ...contractHandlers(services),
    ...photoChannelPartnerHandlers(services),
  };
}
