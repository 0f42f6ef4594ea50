import type { Kysely, Selectable } from 'kysely';
import type { Database, PhotosTable } from '../../db/tables.js';

/** The file keys of one copied photo. */
export interface PhotoFileKeys {
  original: string;
  display: string;
  thumbnail: string;
}

/**
 * Another property's photos as the new property's own rows (a copy of a property): the copied
 * files' keys, rooms re-pointed at the copied rooms (a room not copied: no room).
 */
export async function insertPhotoCopies(
  trx: Kysely<Database>,
  photos: readonly Selectable<PhotosTable>[],
  newId: number,
  accountId: number,
  keys: ReadonlyMap<number, PhotoFileKeys>,
  rooms: ReadonlyMap<number, number>,
  now: string,
): Promise<void> {
  for (const p of photos) {
    const k = keys.get(p.id)!;
    await trx
      .insertInto('photos')
      .values({
        property_id: newId,
        account_id: accountId,
        name: p.name,
        alt: p.alt,
        category: p.category,
        description: p.description,
        sequence: p.sequence,
        room_id: p.room_id === null ? null : (rooms.get(p.room_id) ?? null),
        featured: p.featured,
        format: p.format,
        original_key: k.original,
        display_key: k.display,
        thumbnail_key: k.thumbnail,
        width: p.width,
        height: p.height,
        bytes: p.bytes,
        phash: p.phash,
        uploaded_by: p.uploaded_by,
        uploaded_by_name: p.uploaded_by_name,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
