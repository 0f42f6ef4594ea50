import { sql, type Kysely } from 'kysely';
import { FALSE, TRUE, withId } from './helpers.js';

/**
 * Property photos: one row per photo with its gallery fields and the storage keys of its three
 * files (original, display, thumbnail). Rows go with their property (cascade); the files live
 * under properties/{id}/photos/ and go with the property's folder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('photos'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('alt', 'text')
    .addColumn('category', 'text')
    .addColumn('description', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('room_id', 'integer')
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('original_key', 'text', (c) => c.notNull())
    .addColumn('display_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .addColumn('uploaded_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_property_idx').on('photos').columns(['property_id', 'sequence']).execute();
  await db.schema.createIndex('photos_account_idx').on('photos').column('account_id').execute();
  await db.schema.createIndex('photos_room_idx').on('photos').column('room_id').execute();
  // At most one featured photo per property, whatever the code above it does.
  await db.schema
    .createIndex('photos_featured_idx')
    .on('photos')
    .column('property_id')
    .unique()
    .where(sql.ref('featured'), '=', TRUE)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photos').execute();
}
