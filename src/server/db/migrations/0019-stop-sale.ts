import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The stop-sale (availability) chart: one row per room and calendar day that has a state.
 *
 * - date is a calendar date as text (YYYY-MM-DD): never a timestamp, so no time zone ever moves a day.
 * - color is the state (0 Free Sale, 1 Open Sale, 2 Stop Sale, 3 On Request, 4 Blocked); the spec
 *   calls it color because the chart paints it.
 * - A day without a row has no state; clearing a day deletes its row. One row per room and day
 *   (unique), so a save can never leave two states for one day.
 * - property_id is the room's property, kept beside room_id so a month of a property is one index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('stop_sale_events'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('fact_rows.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('color', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stop_sale_events_room_day_uq')
    .on('stop_sale_events')
    .columns(['room_id', 'date'])
    .unique()
    .execute();
  await db.schema
    .createIndex('stop_sale_events_property_idx')
    .on('stop_sale_events')
    .columns(['property_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stop_sale_events').execute();
}
