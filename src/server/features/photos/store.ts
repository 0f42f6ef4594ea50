import type { Kysely, Selectable, Updateable } from 'kysely';
import type { PhotoWire } from '../../../shared/generated/wire-types.js';
import { FREE_PHOTO_QUOTA } from '../../../shared/plans.js';
import { bool, type Database, type PhotosTable } from '../../db/tables.js';
import { ApiError, notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { PhotoUrlSigner } from './signed-urls.js';
import { isRoomOf } from '../facts/index.js';
import { hasPremium } from '../auth/index.js';

export type PhotoRow = Selectable<PhotosTable>;

import { VARIANTS, type Variant } from './variants.js';
import { attributionOf } from '../../../shared/photo-rights.js';
import { holdBackReason } from './rights.js';

export { VARIANTS, type Variant };

/** Free text as stored: trimmed, null when empty. */
export const text = (v: string | null | undefined): string | null => (v ?? '').trim() || null;

export function keyOf(row: Pick<PhotoRow, 'original_key' | 'display_key' | 'thumbnail_key'>, variant: Variant): string {
  return variant === 'original' ? row.original_key : variant === 'display' ? row.display_key : row.thumbnail_key;
}

/** The signed URL of a photo's file (signed-urls.ts): works in an <img>, for an hour or so. */
export function photoUrl(urls: PhotoUrlSigner, row: PhotoRow, variant: Variant, absolute = false): string {
  return urls.url('photo', { id: row.id, key: keyOf(row, variant) }, variant, { absolute });
}

/** A photo as the gallery answers it, its file URLs signed (`absolute`: with the portal's address). */
export function toPhotoWire(row: PhotoRow, urls: PhotoUrlSigner, today: string, absolute = false): PhotoWire {
  return {
    id: row.id,
    name: row.name,
    alt: row.alt,
    category: row.category as PhotoWire['category'],
    description: row.description,
    uploaded_by: row.uploaded_by_name,
    sequence: row.sequence,
    room: row.room_id,
    featured: bool(row.featured),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    format: row.format as PhotoWire['format'],
    similar_to: row.similar_to,
    created_at: row.created_at,
    credit: row.credit,
    licence: row.licence as PhotoWire['licence'],
    licence_holder: row.licence_holder,
    licence_ends: row.licence_ends,
    pass_on: bool(row.pass_on),
    held_back: holdBackReason(row, today),
    attribution: attributionOf(row.credit, row.licence),
    image: photoUrl(urls, row, 'original', absolute),
    display: photoUrl(urls, row, 'display', absolute),
    thumbnail: photoUrl(urls, row, 'thumbnail', absolute),
  };
}

/** The property's photos in gallery order. */
export function listPhotos(db: Kysely<Database>, propertyId: number): Promise<PhotoRow[]> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

/** The photos of these properties, each property's in gallery order (one query; a property without photos: none). */
export async function photosOfProperties(
  db: Kysely<Database>,
  propertyIds: readonly number[],
): Promise<Map<number, PhotoRow[]>> {
  const out = new Map<number, PhotoRow[]>();
  if (!propertyIds.length) return out;
  const rows = await db
    .selectFrom('photos')
    .selectAll()
    .where('property_id', 'in', [...new Set(propertyIds)])
    .orderBy('property_id')
    .orderBy('sequence')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.property_id, [...(out.get(r.property_id) ?? []), r]);
  return out;
}

/** The photo of this property (already checked visible to the caller), else 404. */
export async function requirePhoto(db: Kysely<Database>, propertyId: number, photoId: number): Promise<PhotoRow> {
  const row = await db
    .selectFrom('photos')
    .selectAll()
    .where('id', '=', photoId)
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A photo may only show a room of its own property. */
export async function checkRoom(
  db: Kysely<Database>,
  propertyId: number,
  roomId: number | null | undefined,
): Promise<void> {
  if (roomId === null || roomId === undefined) return;
  if (!(await isRoomOf(db, propertyId, roomId))) throw new ApiError(400, { room: ['Choose a room of this property.'] });
}

export async function countPhotos(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The account's photo limit: null (unlimited) when its owner has premium. With `lock` (inside
 * the upload's transaction) the owner's row is locked on PostgreSQL so that concurrent uploads
 * count one after the other; SQLite transactions already run one at a time.
 */
export async function photoLimit(
  services: Services,
  db: Kysely<Database>,
  accountId: number,
  lock = false,
): Promise<number | null> {
  // The limits live with the plans (src/shared/plans.ts); a staff grant of premium sets premium_active.
  return (await hasPremium(db, accountId, lock && services.db.dialect === 'postgres')) ? null : FREE_PHOTO_QUOTA;
}

/** Refuses (400, nothing stored) an upload of `adding` photos that would pass the limit. */
export async function checkQuota(
  services: Services,
  db: Kysely<Database>,
  accountId: number,
  adding: number,
  lock = false,
): Promise<void> {
  const limit = await photoLimit(services, db, accountId, lock);
  if (limit === null) return;
  const held = await countPhotos(db, accountId);
  if (held + adding <= limit) return;
  const left = Math.max(0, limit - held);
  const may = left === 0 ? 'no more photos may be added' : `${left} more photo${left === 1 ? '' : 's'} may be added`;
  throw new ApiError(400, {
    imagesArray: [
      `Free accounts hold at most ${limit} photos; this account has ${held}, so ${may} (this upload has ${adding}). Premium accounts have no limit.`,
    ],
  });
}

/** The property's photos' places, in gallery order. */
export async function photoSequences(
  db: Kysely<Database>,
  propertyId: number,
): Promise<Array<Pick<PhotoRow, 'id' | 'sequence'>>> {
  return db
    .selectFrom('photos')
    .select(['id', 'sequence'])
    .where('property_id', '=', propertyId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

export async function setSequence(db: Kysely<Database>, photoId: number, sequence: number): Promise<void> {
  await db.updateTable('photos').set({ sequence }).where('id', '=', photoId).execute();
}

export async function updatePhoto(db: Kysely<Database>, photoId: number, set: Updateable<PhotosTable>): Promise<void> {
  await db.updateTable('photos').set(set).where('id', '=', photoId).execute();
}

/** The property's featured photos (one at most, by a unique index). */
export async function featuredPhotos(db: Kysely<Database>, propertyId: number): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('photos')
    .select('id')
    .where('property_id', '=', propertyId)
    .where('featured', '=', true)
    .execute();
}

/** This photo becomes the property's only featured one. */
export async function featureOnly(
  db: Kysely<Database>,
  propertyId: number,
  photoId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('photos')
    .set({ featured: false })
    .where('property_id', '=', propertyId)
    .where('featured', '=', true)
    .execute();
  await db.updateTable('photos').set({ featured: true, updated_at: now }).where('id', '=', photoId).execute();
}

/** Delete a photo's row; undefined when it was gone already. */
export async function deletePhotoRow(db: Kysely<Database>, photoId: number): Promise<{ id: number } | undefined> {
  return db.deleteFrom('photos').where('id', '=', photoId).returning('id').executeTakeFirst();
}

/** The photos behind a removed one close up: sequences stay 1..n. */
export async function closeUpAfter(db: Kysely<Database>, propertyId: number, sequence: number): Promise<void> {
  await db
    .updateTable('photos')
    .set((eb) => ({ sequence: eb('sequence', '-', 1) }))
    .where('property_id', '=', propertyId)
    .where('sequence', '>', sequence)
    .execute();
}
