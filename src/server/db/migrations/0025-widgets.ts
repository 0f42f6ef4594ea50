import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The embeddable widget: one per property, its appearance as a JSON document (the schema's
 * fields, so a new style field needs no migration) and the public token the embed carries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('widgets'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().unique().references('properties.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('widgets_account_idx').on('widgets').column('account_id').execute();
}
