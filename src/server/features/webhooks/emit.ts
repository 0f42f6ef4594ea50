import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { WEBHOOK_EVENTS as EVENTS, type WebhookEvent } from '../../../shared/generated/value-lists.js';

export const WEBHOOK_QUEUE = 'webhooks.deliver';
/** The events an endpoint may subscribe to: schemas/devtools/webhook.schema.json (events). */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = EVENTS.map((e) => e.value);
export type { WebhookEvent };
export const MAX_ATTEMPTS = 8;

export const sealContext = (accountId: number) => `webhook-secret:${accountId}`;

/**
 * Queue the sending of one delivery record. The dedupe key (held while the job is active) keeps
 * one job per delivery: a resume or a redelivery while its job still waits for its back-off moves
 * that job to now instead of adding a second one that would send the message twice.
 */
export async function queueDelivery(
  services: Services,
  trx: Kysely<Database>,
  delivery: number,
  accountId: number,
): Promise<void> {
  const job = await services.jobs.enqueue(trx, {
    queue: WEBHOOK_QUEUE,
    payload: { delivery },
    accountId,
    maxAttempts: MAX_ATTEMPTS,
    dedupeKey: `webhook-delivery:${delivery}`,
    dedupeWhileActive: true,
  });
  if (!job.created) await services.jobs.expedite(trx, job.id);
}

/**
 * Queue an event for every active endpoint of these accounts subscribed to it (a paused one
 * hears nothing until it is resumed): one delivery record and one job each, in the caller's
 * transaction, so an event exists exactly when its change does and survives a crash (the job
 * queue retries with back-off, then dead-letters).
 */
export async function emitWebhook(
  services: Services,
  trx: Kysely<Database>,
  accountIds: readonly number[],
  event: WebhookEvent,
  data: Record<string, unknown>,
  propertyId: number | null = null,
): Promise<number> {
  if (!accountIds.length) return 0;
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('account_id', 'in', [...new Set(accountIds)])
    .where('active', '=', true)
    .where('paused_at', 'is', null)
    .execute();
  const now = services.clock.now().toISOString();
  let queued = 0;
  for (const e of endpoints) {
    if (!(JSON.parse(e.events) as string[]).includes(event)) continue;
    const messageId = `msg_${randomBytes(16).toString('hex')}`;
    const payload = JSON.stringify({ type: event, timestamp: now, data });
    const d = await trx
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: e.id,
        account_id: e.account_id,
        property_id: propertyId,
        event,
        message_id: messageId,
        payload,
        status: 'pending',
        attempts: 0,
        created_at: now,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueDelivery(services, trx, d.id, e.account_id);
    queued++;
  }
  return queued;
}
