import type { Kysely } from 'kysely';

/**
 * Photo licence reminders (issue 40 §3) marked per photo, end date and stage (30 or 7 days
 * ahead), so a reminder the daily run missed (no server up that day) is sent by a later run, and
 * none is sent twice; a licence renewed with a new end date is reminded of again. Goes with the
 * photo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('licence_reminders')
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('licence_ends', 'text', (c) => c.notNull())
    .addColumn('stage', 'integer', (c) => c.notNull())
    .addColumn('reminded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('licence_reminders_pk', ['photo_id', 'licence_ends', 'stage'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('licence_reminders').execute();
}
