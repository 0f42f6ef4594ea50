import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { contractHandlers } from './contract-handlers.js';
import { directoryHandlers } from './directory-handlers.js';

/** Partners and contracts: the directory, the lists, and the contract lifecycle (see access.ts for what a contract grants). */
export function partnerHandlers(services: Services): HandlerMap {
  return {
    ...directoryHandlers(services),
    ...contractHandlers(services),
  };
}
