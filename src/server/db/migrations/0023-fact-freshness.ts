import type { Kysely } from 'kysely';

/**
 * Fact freshness (features/next-steps): when each section of a property was last confirmed
 * "still correct" with one click, and when the hotel was last reminded of it. A save confirms a
 * section too; that time is the section's own updated_at (fact_sections, fact_rows), so only the
 * explicit confirmations and the reminders need a row here. One row per property and section.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fact_confirmations')
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('confirmed_by', 'integer')
    .addColumn('reminded_at', 'text')
    .addPrimaryKeyConstraint('fact_confirmations_pk', ['property_id', 'section'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fact_confirmations').execute();
}
