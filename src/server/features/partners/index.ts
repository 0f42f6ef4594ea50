import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { contractHandlers } from './contract-handlers.js';
import { directoryHandlers, type OperatorStatesOf } from './directory-handlers.js';

/** Partners and contracts: the directory, the lists, and the contract lifecycle (see access.ts for what a contract grants). */
export function partnerHandlers(services: Services, operatorStates: OperatorStatesOf): HandlerMap {
  return {
    ...directoryHandlers(services, operatorStates),
    ...contractHandlers(services),
  };
}
