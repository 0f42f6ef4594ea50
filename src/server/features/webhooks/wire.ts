import { bool } from '../../db/tables.js';
import type { WebhookDeliveryWire, WebhookWire } from '../../../shared/generated/wire-types.js';
import type { Delivery, Endpoint } from './store.js';

/** An endpoint as the settings answer it; its secret only in the answer that made it. */
export function toWire(row: Endpoint, secret: string | null = null): WebhookWire {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookWire['events'],
    active: bool(row.active),
    rotate_secret: false,
    secret,
    date_created: row.date_created,
    paused_at: row.paused_at,
    consecutive_failures: row.consecutive_failures,
  };
}

export function toDeliveryWire(row: Delivery): WebhookDeliveryWire {
  return {
    id: row.id,
    webhook: row.endpoint_id,
    event: row.event,
    message_id: row.message_id,
    status: row.status,
    response_code: row.response_code,
    attempts: row.attempts,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    delivered_at: row.delivered_at,
    error: row.last_error,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  };
}
