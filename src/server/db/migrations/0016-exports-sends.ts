import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The export centre: each send of a fact sheet or the photos to a mailing group (its job holds
 * the state and the per-recipient deliveries), and the expiring download links of photo mails
 * (a random token per recipient, stored only as its SHA-256).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('export_sends'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer')
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('layout', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'integer')
    .addColumn('created_by_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('export_sends_account_idx')
    .on('export_sends')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('export_sends_job_idx').on('export_sends').column('job_id').execute();

  await withId(db, db.schema.createTable('export_links'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('send_id', 'integer', (c) => c.references('export_sends.id').onDelete('cascade'))
    .addColumn('delivery_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_download_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_links').execute();
  await db.schema.dropTable('export_sends').execute();
}
