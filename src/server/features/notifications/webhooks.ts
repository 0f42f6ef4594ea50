import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { emitWebhook, type WebhookEvent } from '../webhooks/index.js';
import type { NotificationType } from './types.js';

/**
 * The notifications that are also webhook events. tell() is already called for exactly the
 * accounts entitled to an event (an operator only for hotels its contracts cover), inside the
 * change's transaction, so webhooks inherit both rules without a second list of who hears what.
 */
const EVENT_OF: Partial<Record<NotificationType, WebhookEvent>> = {
  facts_published: 'property.published',
  facts_changed: 'facts.updated',
  room_changed: 'facts.updated',
  stop_sale_changed: 'stop_sale.updated',
  partnership_request: 'contract.updated',
  partnership_change: 'contract.updated',
  partner_photos_decided: 'photos.updated',
  partner_photos_pending: 'photos.updated',
};

/** The webhook event a notification type goes out as (stop-sale's sync status asks the outbox about it). */
export function webhookEventOf(type: NotificationType): WebhookEvent | undefined {
  return EVENT_OF[type];
}

/**
 * What of a told event (tell.ts NotificationEvent) a webhook carries. Written out here rather
 * than imported: tell.ts calls this file, so importing its type back would be an import cycle.
 */
export interface NotifiedEvent {
  type: NotificationType;
  propertyId?: number | null;
  message: string;
  link: string | null;
  extraId?: number | null;
}

/** The webhook deliveries of one event told to these accounts (their endpoints read at once). */
export async function webhooksOfNotification(
  services: Services,
  trx: Kysely<Database>,
  accountIds: readonly number[],
  event: NotifiedEvent,
): Promise<void> {
  const name = EVENT_OF[event.type];
  if (!name) return;
  await emitWebhook(
    services,
    trx,
    accountIds,
    name,
    { property: event.propertyId ?? null, message: event.message, link: event.link, record: event.extraId ?? null },
    event.propertyId ?? null,
  );
}
