import type { Kysely } from 'kysely';

/**
 * Bulk-edit undo goes through each property's history (the restore path): an item keeps the
 * section's version before the batch (the revision undo restores; null when the section was never
 * saved) and the version the batch saved (undo restores only while that is still the current one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bulk_edit_items').addColumn('version_before', 'integer').execute();
  await db.schema.alterTable('bulk_edit_items').addColumn('version_after', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bulk_edit_items').dropColumn('version_after').execute();
  await db.schema.alterTable('bulk_edit_items').dropColumn('version_before').execute();
}
