import type { Kysely } from 'kysely';
import { TRUE } from './helpers.js';

/**
 * Photo rights (issue 40 §3): who took a photo (credit), under which licence (own, licensed from a
 * holder, or a Creative Commons variant), until when (licence_ends, a calendar day, null for
 * open-ended) and whether it may be passed on to partners. Existing photos keep leaving the
 * account as before: no licence recorded, passable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('credit', 'text').execute();
  await db.schema.alterTable('photos').addColumn('licence', 'text').execute();
  await db.schema.alterTable('photos').addColumn('licence_holder', 'text').execute();
  await db.schema.alterTable('photos').addColumn('licence_ends', 'text').execute();
  await db.schema
    .alterTable('photos')
    .addColumn('pass_on', 'boolean', (c) => c.notNull().defaultTo(TRUE))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['pass_on', 'licence_ends', 'licence_holder', 'licence', 'credit'])
    await db.schema.alterTable('photos').dropColumn(column).execute();
}
