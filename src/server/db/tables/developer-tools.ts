import type { Generated } from 'kysely';
import type { DbBool } from './bool.js';

/** What an account's own systems use: API keys, whitelists, webhooks and widgets. */

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  description: string;
  whitelist_id: number;
  /** YYYY-MM-DD: the last day the key works; null: no expiry. */
  expires_at: string | null;
  fact_sheet: DbBool;
  stop_sale: DbBool;
  hotel_photos: DbBool;
  prefix: string;
  /** SHA-256 (hex) of the whole secret; the secret itself is never stored. */
  secret_hash: string;
  /** The secret before the last rotation, valid until previous_valid_until. */
  previous_hash: string | null;
  previous_valid_until: string | null;
  date_created: string;
  created_by: number | null;
  last_used_at: string | null;
}

export interface ApiKeyUsageTable {
  key_id: number;
  account_id: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  calls: number;
}

export interface WhitelistsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** As the account typed it. */
  domain: string;
  /** JSON list of the parsed entries: addresses, CIDR ranges (normalised), origins. */
  entries: string;
  date_created: string;
  created_by: number | null;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  /** JSON list of event names. */
  events: string;
  active: DbBool;
  /** The whsec_ signing secret, sealed with the server key (SecretBox, context webhook:<id>... see webhooks.ts). */
  secret: string;
  date_created: string;
  created_by: number | null;
  /** Failed attempts in a row (any delivery); a success sets it back to 0. */
  consecutive_failures: Generated<number>;
  /** Set when the endpoint was paused for failing (nothing is sent until its owner resumes it). */
  paused_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  account_id: number;
  property_id: number | null;
  event: string;
  /** The webhook-id header: the same on every attempt and redelivery (receivers dedupe on it). */
  message_id: string;
  /** JSON: the body sent. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  response_code: number | null;
  attempts: number;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
  /** Why the last attempt failed (no answer, refused address, connection error); null after a 2xx. */
  last_error: string | null;
}

export interface WidgetsTable {
  id: Generated<number>;
  account_id: number;
  property_id: number;
  /** Public: the embed carries it; it names the widget, never an account's secret. */
  token: string;
  /** JSON of the appearance fields of settings/widget.schema.json. */
  data: string;
  date_created: string;
  updated_at: string;
}
