import { sql, type Kysely } from 'kysely';
import { FALSE, withId } from './helpers.js';

/**
 * The tour operator's workspace.
 *
 * - publications: what a property's publish made visible to partners, one snapshot per publish
 *   (every section and list as stored then). Operators read the latest, never work in progress.
 * - operator_views: the publication an operator last looked at per property ("what changed since
 *   I last looked" is the diff of that snapshot and the latest).
 * - overrides: an operator's own value of one field of a property, with its moderation state
 *   (pending until the hotel approves, where the contract asks for it) and drift (the hotel changed
 *   the field after the override).
 * - photo_releases: the hotel's photos released to one operator whose contract allows selecting
 *   photos only with the hotel's approval (to_select_photos E).
 * - operator_photos: an operator's own photos of a property (contract to_add_own_photos): in its
 *   views and exports beside the hotel's, at once (Y) or once the hotel approves them (O).
 * - hotel_mappings, room_mappings: the operator's codes for a property and its rooms; codes are
 *   unique within one operator account (partial unique indexes), other operators may reuse them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('publications'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('facts_rev', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    /** Percent of the section fields filled when published. */
    .addColumn('completeness', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON list of the published rooms {id, name, type, view}: what operators map (read without the whole snapshot). */
    .addColumn('rooms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published_by', 'integer')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('publications_property_uq')
    .on('publications')
    .columns(['property_id', 'number'])
    .unique()
    .execute();

  await db.schema
    .createTable('operator_views')
    .addColumn('operator_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('publication_number', 'integer', (c) => c.notNull())
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_views_pk', ['operator_account_id', 'property_id'])
    .execute();

  await withId(db, db.schema.createTable('overrides'))
    .addColumn('operator_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    /** The field's path in the override document, e.g. hotel_name, location.beach_available. */
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    /** The hotel's published value when the override was proposed (JSON). */
    .addColumn('hotel_value', 'text', (c) => c.notNull())
    /** pending, approved, rejected, withdrawn, replaced. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('decision_comment', 'text')
    /** The hotel published another value of the field after the override (JSON), and when. */
    .addColumn('drift_value', 'text')
    .addColumn('drift_at', 'text')
    .execute();
  // Per operator, property and field: one override in force (approved) and one waiting (pending);
  // an approved value stays in force while a change of it waits for the hotel.
  await db.schema
    .createIndex('overrides_live_uq')
    .on('overrides')
    .columns(['operator_account_id', 'property_id', 'field', 'status'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('pending', 'approved')`)
    .execute();
  await db.schema.createIndex('overrides_property_idx').on('overrides').columns(['property_id', 'status']).execute();

  await db.schema
    .createTable('photo_releases')
    .addColumn('operator_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('released_by', 'integer')
    .addColumn('released_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_releases_pk', ['operator_account_id', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('photo_releases_property_idx')
    .on('photo_releases')
    .columns(['property_id', 'operator_account_id'])
    .execute();

  await withId(db, db.schema.createTable('operator_photos'))
    .addColumn('operator_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('original_key', 'text', (c) => c.notNull())
    .addColumn('display_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    /** approved, pending (waits for the hotel), rejected. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('decision_comment', 'text')
    .execute();
  await db.schema
    .createIndex('operator_photos_idx')
    .on('operator_photos')
    .columns(['property_id', 'operator_account_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('hotel_mappings'))
    .addColumn('operator_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('override_code', 'text')
    .addColumn('local_id', 'text')
    .addColumn('external_id', 'text')
    .addColumn('supplying_name', 'text')
    .addColumn('free_event_code', 'text')
    .addColumn('open_event_code', 'text')
    .addColumn('stop_event_code', 'text')
    .addColumn('request_event_code', 'text')
    .addColumn('block_event_code', 'text')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('hotel_mappings_pair_uq')
    .on('hotel_mappings')
    .columns(['operator_account_id', 'property_id'])
    .unique()
    .execute();
  for (const code of ['override_code', 'local_id', 'external_id']) {
    await db.schema
      .createIndex(`hotel_mappings_${code}_uq`)
      .on('hotel_mappings')
      .columns(['operator_account_id', code])
      .unique()
      .where(sql.ref(code), 'is not', null)
      .execute();
  }

  await withId(db, db.schema.createTable('room_mappings'))
    .addColumn('operator_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    /** A room row (fact_rows, kind room); kept when the hotel deletes the room, so the operator sees it went. */
    .addColumn('room_id', 'integer', (c) => c.notNull())
    .addColumn('linked', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('link_date', 'text')
    .addColumn('override_code', 'text')
    /** The operator's own name for the room. */
    .addColumn('new_name', 'text')
    /** The hotel's name of the room when the operator mapped it (a rename shows original -> current). */
    .addColumn('original_name', 'text')
    .addColumn('free_event_code', 'text')
    .addColumn('open_event_code', 'text')
    .addColumn('stop_event_code', 'text')
    .addColumn('request_event_code', 'text')
    .addColumn('block_event_code', 'text')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('room_mappings_room_uq')
    .on('room_mappings')
    .columns(['operator_account_id', 'room_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('room_mappings_property_idx')
    .on('room_mappings')
    .columns(['operator_account_id', 'property_id'])
    .execute();
  await db.schema
    .createIndex('room_mappings_override_code_uq')
    .on('room_mappings')
    .columns(['operator_account_id', 'override_code'])
    .unique()
    .where(sql.ref('override_code'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'room_mappings',
    'hotel_mappings',
    'operator_photos',
    'photo_releases',
    'overrides',
    'operator_views',
    'publications',
  ])
    await db.schema.dropTable(t).execute();
}
