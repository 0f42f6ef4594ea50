import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Notifications that events create (features/notifications/tell.ts) and their live stream.
 *
 * - notifications.property_id: the property an event is about (a member allowed other properties
 *   is not told; a burst about one property is one notification).
 * - notifications.count and window_start: coalescing. Events of one type about one property reach
 *   a recipient as one notification per window: the first event opens the window (window_start),
 *   later ones update the same row (message, created_at, count) and mark it unread again.
 * - notification_tickets: short-lived, single-use tickets for the server-sent-events stream
 *   (EventSource cannot send an Authorization header; the session token never goes in a URL).
 *   Stored as SHA-256, tied to the session they were asked with (signing out ends them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('property_id', 'integer', (c) => c.references('properties.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('notifications').addColumn('window_start', 'text').execute();
  await db.schema
    .createIndex('notifications_burst_idx')
    .on('notifications')
    .columns(['user_id', 'notification_type', 'property_id', 'window_start'])
    .execute();

  await withId(db, db.schema.createTable('notification_tickets'))
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_id', 'integer', (c) => c.notNull().references('auth_tokens.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_tickets').execute();
  await db.schema.dropIndex('notifications_burst_idx').execute();
  for (const c of ['window_start', 'count', 'property_id'])
    await db.schema.alterTable('notifications').dropColumn(c).execute();
}
