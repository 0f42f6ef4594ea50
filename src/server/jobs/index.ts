/**
 * Background jobs: the durable queue every feature uses for work that must not be lost and must
 * not hold up a request (sending to mailing groups; later webhooks, notification mails,
 * partnership mails, reminders).
 *
 *   services.jobs.register('my.queue', async (ctx) => { ... }, { maxAttempts: 5 });
 *   await services.jobs.enqueue(trx, { queue: 'my.queue', payload: {...}, accountId, recipients });
 *
 * See queue.ts for the guarantees and deliveries.ts for per-recipient sends.
 */
export { JobQueue, WAKE_CHANNEL, type JobRow } from './queue.js';
export {
  deliverEach,
  deliveriesOf,
  isPermanentMailError,
  type DeliveryRow,
  type DeliverySummary,
} from './deliveries.js';
export { backoffMs, DEFAULT_BACKOFF } from './backoff.js';
export * from './types.js';
