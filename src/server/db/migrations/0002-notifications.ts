import type { Kysely } from 'kysely';
import { FALSE, TRUE, withId } from './helpers.js';

/** Notifications, the app-wide announcement and the "What's new" list. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('extra_id', 'integer')
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('announcements'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(TRUE))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('feature_updates'))
    .addColumn('message_date', 'text', (c) => c.notNull())
    .addColumn('message_category', 'text', (c) => c.notNull())
    .addColumn('message_header', 'text', (c) => c.notNull())
    .addColumn('message_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['feature_updates', 'announcements', 'notifications']) await db.schema.dropTable(t).execute();
}
