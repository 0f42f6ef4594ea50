import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Properties, their fact sections (one validated JSON document per property and section, with a
 * version), list rows (rooms, restaurants, bars, maintenance) and the audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('properties'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hotel_name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_date', 'text')
    .addColumn('logo_key', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('properties_account_idx').on('properties').column('account_id').execute();

  await db.schema
    .createTable('fact_sections')
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addPrimaryKeyConstraint('fact_sections_pk', ['property_id', 'section'])
    .execute();

  await withId(db, db.schema.createTable('fact_rows'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
  await db.schema
    .createIndex('fact_rows_property_idx')
    .on('fact_rows')
    .columns(['property_id', 'kind', 'position'])
    .execute();

  await withId(db, db.schema.createTable('audit_events'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('property_id', 'integer')
    .addColumn('subject', 'text')
    .addColumn('subject_id', 'integer')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_account_idx')
    .on('audit_events')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['audit_events', 'fact_rows', 'fact_sections', 'properties']) await db.schema.dropTable(t).execute();
}
