import type { Kysely } from 'kysely';
import { FALSE, TRUE, withId } from './helpers.js';

/**
 * Developer tools: whitelist entries (addresses, CIDR ranges, web origins), partner API keys
 * (only a SHA-256 of each secret is kept, the previous one's too during a rotation's overlap) and
 * the partner API calls counted per key and day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('whitelists'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('entries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('whitelists_account_idx').on('whitelists').column('account_id').execute();

  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('whitelist_id', 'integer', (c) => c.notNull().references('whitelists.id'))
    .addColumn('expires_at', 'text')
    .addColumn('fact_sheet', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('stop_sale', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('hotel_photos', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('previous_hash', 'text')
    .addColumn('previous_valid_until', 'text')
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();
  await db.schema.createIndex('api_keys_previous_idx').on('api_keys').column('previous_hash').execute();

  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'day'])
    .execute();
  await db.schema.createIndex('api_key_usage_account_idx').on('api_key_usage').columns(['account_id', 'day']).execute();

  // Webhook endpoints (the signing secret sealed with the server key: it must be read back to
  // sign) and their deliveries, one per event and endpoint, sent by the job queue.
  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(TRUE))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('webhook_endpoints_account_idx').on('webhook_endpoints').column('account_id').execute();
  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('property_id', 'integer')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_code', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('api_key_usage').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('whitelists').execute();
}
