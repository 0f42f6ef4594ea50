import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { SignedFile, SignedKind } from './signed-urls.js';
import { keyOf, type Variant } from './store.js';

/** The file a signed photo URL names: a hotel's photo or an operator's own (its id, key and format). */

interface Found {
  file: SignedFile;
  format: string;
}

/** The photo behind a signed URL in the variant asked for, if it still exists. */
export async function signedFileOf(
  db: Kysely<Database>,
  kind: SignedKind,
  id: number,
  variant: Variant,
): Promise<Found | undefined> {
  if (kind === 'photo') {
    const row = await db
      .selectFrom('photos')
      .select(['id', 'format', 'original_key', 'display_key', 'thumbnail_key'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { file: { id: row.id, key: keyOf(row, variant) }, format: row.format };
  }
  const row = await db
    .selectFrom('operator_photos')
    .select(['id', 'format', 'original_key', 'display_key', 'thumbnail_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { file: { id: row.id, key: keyOf(row, variant) }, format: row.format };
}
