import type { Authenticate, PropertyGuard } from '../routing/register-routes.js';
import type { HandlerMap } from '../routing/handler.js';
import type { Services } from '../services.js';
import { authHandlers, createAuthenticate } from './auth/index.js';
import { notificationHandlers } from './notifications/handlers.js';

export interface Features {
  handlers: HandlerMap;
  authenticate: Authenticate;
  propertyGuard?: PropertyGuard;
}

/** Every feature's handlers, keyed by operationId: the router matches them to routes.json. */
export function allHandlers(services: Services): Features {
  // Until properties exist no id can be allowed; the properties feature replaces this check.
  const unknownProperties = async (_account: number, ids: readonly number[]): Promise<number[]> => [...ids];
  return {
    handlers: {
      ...authHandlers(services, unknownProperties),
      ...notificationHandlers(services),
    },
    authenticate: createAuthenticate(services),
  };
}
