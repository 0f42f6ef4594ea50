/**
 * The webhooks outbox: events queued in the change's transaction (emit), signed and sent by the
 * job queue with retries (deliver, send, signing), endpoints paused after failures in a row and
 * resumed (pause), the delivery log kept 90 days (retention), the settings' handlers, and what a
 * receiver has acknowledged (acknowledgements). It sits below notifications, which call it; it
 * imports no notifications code (a pause is told through the listener handed to webhookHandlers).
 */
export { emitWebhook, sealContext, WEBHOOK_EVENTS, WEBHOOK_QUEUE, type WebhookEvent } from './emit.js';
export { webhookHandlers } from './handlers.js';
export { webhookPrechecks } from './prechecks.js';
export type { PausedEndpoint, PauseListener } from './pause.js';
export { acknowledgements, type Acknowledgement, type UnconfirmedDelivery } from './acknowledgements.js';
export { newWebhookSecret } from './signing.js';
export { DELIVERY_RETENTION_DAYS, sweepOldDeliveries } from './retention.js';
