import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Sustainability certificates (issue 40 part 2). certificate_documents: the uploaded certificate
 * files of a property (PDF or image, stored under properties/{id}/certificates/), with the staff
 * check that makes a certificate naming it "checked by Ananas staff". certificate_reminders: which
 * certificate (a fact row) was reminded of for which end date, so a reminder goes once per end
 * date and a renewed certificate (a new valid_to) is reminded of again. Both go with the property.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('certificate_documents'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text')
    .addColumn('checked_by', 'integer')
    .execute();
  await db.schema
    .createIndex('certificate_documents_property_idx')
    .on('certificate_documents')
    .column('property_id')
    .execute();
  await db.schema
    .createTable('certificate_reminders')
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('reminded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('certificate_reminders_pk', ['row_id', 'valid_to', 'stage'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certificate_reminders').execute();
  await db.schema.dropTable('certificate_documents').execute();
}
