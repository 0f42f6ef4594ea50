import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Bulk edits (features/bulk-edit): one row per batch (the section, the new values, who, the apply
 * job and the undo job, progress) and one row per property of it, holding its outcome and the
 * values it had before the batch, so the whole batch can be undone by saving them back through
 * the normal save path. The jobs hold the queue state; these rows hold what the user sees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bulk_edits'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer')
    .addColumn('created_by_email', 'text')
    .addColumn('ip', 'text')
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('new_values', 'text', (c) => c.notNull())
    .addColumn('job_id', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('undo_job_id', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('bulk_edits_account_idx').on('bulk_edits').columns(['account_id', 'id']).execute();

  await withId(db, db.schema.createTable('bulk_edit_items'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('bulk_edits.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('changes', 'text')
    .addColumn('message', 'text')
    .execute();
  await db.schema
    .createIndex('bulk_edit_items_batch_idx')
    .on('bulk_edit_items')
    .columns(['batch_id', 'position'])
    .execute();
  await db.schema.createIndex('bulk_edit_items_property_idx').on('bulk_edit_items').column('property_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bulk_edit_items').execute();
  await db.schema.dropTable('bulk_edits').execute();
}
