import type { Kysely } from 'kysely';

/**
 * Look-alike photos (issue 40 §4): each photo's perceptual hash (photos/similar.ts), and the photo
 * of the gallery it looked like when it was uploaded. That one's deletion clears the flag. Photos
 * uploaded before have no hash: nothing is compared with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('phash', 'text').execute();
  await db.schema
    .alterTable('photos')
    .addColumn('similar_to', 'integer', (c) => c.references('photos.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['similar_to', 'phash']) await db.schema.alterTable('photos').dropColumn(column).execute();
}
