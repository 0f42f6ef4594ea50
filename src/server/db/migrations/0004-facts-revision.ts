import type { Kysely } from 'kysely';

/**
 * A counter bumped by every change to a property's facts: readers that cache what they built
 * from the facts (the all-sections answer) compare it instead of re-reading the documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('properties')
    .addColumn('facts_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('properties').dropColumn('facts_rev').execute();
}
