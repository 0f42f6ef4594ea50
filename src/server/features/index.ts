import type { Authenticate, PropertyGuard, RouterDeps } from '../routing/register-routes.js';
import type { HandlerMap } from '../routing/handler.js';
import type { Services } from '../services.js';
import type { AuthContext } from '../routing/auth-context.js';
import { authHandlers, authPrechecks, createAuthenticate, requireStepUp, type PropertyIdsCheck } from './auth/index.js';
import { createTicketAuthenticate } from './auth/authenticate.js';
import { notificationHandlers } from './notifications/handlers.js';
import { claimStreamTicket } from './notifications/stream.js';
import { propertyHandlers } from './properties/handlers.js';
import { createPropertyGuard, unknownPropertyIds } from './properties/store.js';
import { referenceHandlers } from './reference/handlers.js';
import { factsHandlers } from './facts/handlers.js';
import { photoHandlers } from './photos/handlers.js';
import { signedPhotoHandlers } from './photos/signed-handlers.js';
import { settingsHandlers } from './settings/index.js';
import { exportHandlers } from './exports/handlers.js';
import { partnerHandlers, partnerPrechecks } from './partners/index.js';
import { reportHandlers } from './reports/handlers.js';
import { operatorHandlers } from './operator/handlers.js';
import { mappingHandlers } from './mapping/handlers.js';
import { devtoolsHandlers, devtoolsKeyAuthenticate, devtoolsKeyCalls, devtoolsPrechecks } from './devtools/index.js';
import { partnerApiHandlers } from './partner-api/index.js';
import { webhookHandlers, webhookPrechecks } from './webhooks/index.js';
import { tellWebhookPaused } from './notifications/webhook-paused.js';
import { widgetHandlers } from './widget/index.js';
import { sustainabilityHandlers } from './sustainability/index.js';
import { operatorExportHandlers } from './operator-exports/handlers.js';
import { nextStepsHandlers } from './next-steps/handlers.js';
import { stopSaleHandlers } from './stop-sale/handlers.js';
import { portfolioHandlers } from './portfolio/handlers.js';
import { publicationHandlers } from './publishing/publications-handlers.js';
import { publishingHandlers } from './publishing/handlers.js';
import { premiumHandlers } from './premium/premium.js';
import { operatorStates } from './operator/states.js';
import { startCompanyDetails } from './settings/company.js';

export interface Features {
  handlers: HandlerMap;
  authenticate: Authenticate;
  propertyGuard?: PropertyGuard;
  ticketAuthenticate?: (ticket: string) => Promise<AuthContext | 'invalid'>;
  keyAuthenticate?: RouterDeps['keyAuthenticate'];
  stepUp?: RouterDeps['stepUp'];
  prechecks?: RouterDeps['prechecks'];
  /** Writes what the features hold in memory for the database (the app's stop calls it before closing the database). */
  close(): Promise<void>;
}

/** Which of some property ids are not an account's: the permissions' check of its allowed properties. */
const unknownProperties =
  (services: Services): PropertyIdsCheck =>
  (account, ids) =>
    unknownPropertyIds(services, account, ids);

/** Every feature's handlers, keyed by operationId: the router matches them to routes.json. */
export function allHandlers(services: Services): Features {
  // The partner API counts its calls; the developer tools show them.
  const keyCalls = devtoolsKeyCalls(services);
  return {
    handlers: {
      ...authHandlers(services, unknownProperties(services), startCompanyDetails),
      ...notificationHandlers(services),
      ...propertyHandlers(services),
      ...referenceHandlers(services),
      ...factsHandlers(services),
      // After the facts: the certificates list's read and save are its own (status from the documents).
      ...sustainabilityHandlers(services),
      ...photoHandlers(services),
      ...signedPhotoHandlers(services),
      ...settingsHandlers(services),
      ...exportHandlers(services),
      ...partnerHandlers(services, operatorStates),
      ...reportHandlers(services),
      ...operatorHandlers(services),
      ...mappingHandlers(services),
      ...devtoolsHandlers(services, keyCalls),
      ...partnerApiHandlers(services),
      // The outbox sits below notifications: they hand it how a paused endpoint's owner is told.
      ...webhookHandlers(services, tellWebhookPaused),
      ...widgetHandlers(services),
      ...operatorExportHandlers(services),
      ...nextStepsHandlers(services),
      ...stopSaleHandlers(services),
      ...portfolioHandlers(services),
      ...publicationHandlers(services),
      ...publishingHandlers(services),
      ...premiumHandlers(services),
    },
    authenticate: createAuthenticate(services),
    propertyGuard: createPropertyGuard(services),
    // The stream's tickets are notifications' table: auth is handed how one is spent.
    ticketAuthenticate: createTicketAuthenticate(services, (ticket) => claimStreamTicket(services, ticket)),
    keyAuthenticate: devtoolsKeyAuthenticate(services, keyCalls),
    stepUp: (auth) => requireStepUp(services, auth),
    // Forms' own checks the router runs before asking for the step-up proof (routing/precheck.ts).
    prechecks: {
      ...authPrechecks(unknownProperties(services)),
      ...devtoolsPrechecks(services),
      ...webhookPrechecks(services),
      ...partnerPrechecks(services),
    },
    close: () => keyCalls.close(),
  };
}
