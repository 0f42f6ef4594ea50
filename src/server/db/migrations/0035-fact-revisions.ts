import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Fact history (features/facts/revisions.ts): every saved state of a section or a list, whole,
 * so any earlier one can be shown as a diff and restored as a new revision. A section's
 * revision is its version; a list's counts its saves. Sections saved before this table existed
 * get their state of that time as a "baseline" revision at their next save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('fact_revisions'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    /** The whole wire document, or the list's rows in order (JSON). */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fact_revisions_section_uq')
    .unique()
    .on('fact_revisions')
    .columns(['property_id', 'section', 'revision'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fact_revisions').execute();
}
