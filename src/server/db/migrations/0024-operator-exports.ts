import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The tour operator's export centre: each bulk export (its job holds the queue state; the row holds
 * the choices, the progress and the finished zip's storage key, size and expiry), and its hotels,
 * one row each, so progress is per hotel and each hotel is told of the download once per export
 * however often the job is retried.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('operator_exports'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer')
    .addColumn('created_by_email', 'text')
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('operator_exports_account_idx')
    .on('operator_exports')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('operator_exports_job_idx').on('operator_exports').column('job_id').execute();

  await withId(db, db.schema.createTable('operator_export_hotels'))
    .addColumn('export_id', 'integer', (c) => c.notNull().references('operator_exports.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .execute();
  await db.schema
    .createIndex('operator_export_hotels_export_idx')
    .on('operator_export_hotels')
    .columns(['export_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_export_hotels').execute();
  await db.schema.dropTable('operator_exports').execute();
}
