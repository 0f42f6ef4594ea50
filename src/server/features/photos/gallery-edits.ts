import type { Kysely } from 'kysely';
import { ApiError, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { bool, type Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { PhotoUpdateWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit, diffDocuments, type Change } from '../audit/index.js';
import { lockProperty } from '../properties/index.js';
import { mergeRights } from '../../../shared/photo-rights.js';
import { checkRights } from './rights-rules.js';
import type { Words } from '../../../shared/validation-messages.js';
import {
  checkRoom,
  closeUpAfter,
  deletePhotoRow,
  featuredPhotos,
  featureOnly,
  keyOf,
  photoSequences,
  requirePhoto,
  setSequence,
  text,
  updatePhoto,
  VARIANTS,
  type PhotoRow,
} from './store.js';

/**
 * The gallery's edits: a photo's fields and place, the order, the featured photo, a deletion.
 * Edits of one property take turns under its lock and land in the audit trail.
 */

export const PHOTO_SCHEMA = 'facts/photo.schema.json';

/** The editable fields of a row, under their wire names (for audit diffs). */
export const editable = (
  r: Pick<
    PhotoRow,
    'name' | 'alt' | 'category' | 'description' | 'room_id' | 'credit' | 'licence' | 'licence_holder' | 'licence_ends'
  > & { pass_on: PhotoRow['pass_on'] },
) => ({
  name: r.name,
  alt: r.alt,
  category: r.category,
  description: r.description,
  room: r.room_id,
  credit: r.credit,
  licence: r.licence,
  licence_holder: r.licence_holder,
  licence_ends: r.licence_ends,
  pass_on: bool(r.pass_on),
});

export type RightsChange = Pick<PhotoUpdateWire, 'credit' | 'licence' | 'licence_holder' | 'licence_ends' | 'pass_on'>;

/** A photo's rights after a change of some of them (the others as they were; shared/photo-rights). */
export function rightsAfter(
  before: Pick<PhotoRow, 'credit' | 'licence' | 'licence_holder' | 'licence_ends' | 'pass_on'>,
  body: RightsChange,
) {
  return {
    ...mergeRights(before, body),
    pass_on: body.pass_on !== undefined ? body.pass_on : bool(before.pass_on),
  };
}

/**
 * Give the photos the sequences 1..n in this order (ids of the property's photos); only changed
 * rows are written. Answers the changes for the audit trail.
 */
async function applyOrder(
  trx: Kysely<Database>,
  order: readonly number[],
  current: readonly Pick<PhotoRow, 'id' | 'sequence'>[],
): Promise<Change[]> {
  const before = new Map(current.map((r) => [r.id, r.sequence]));
  const changes: Change[] = [];
  for (const [i, id] of order.entries()) {
    if (before.get(id) === i + 1) continue;
    await setSequence(trx, id, i + 1);
    changes.push({
      field: `${id}.sequence`,
      label: `Photo ${id} › Position in the gallery`,
      from: before.get(id) ?? null,
      to: i + 1,
    });
  }
  return changes;
}

/**
 * Edit a photo's fields (and move it, when a new sequence is given); answers the row after.
 * Rights refused are said in `words`' language (the request's: acceptedWords).
 */
export async function editPhoto(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  photoId: number,
  body: PhotoUpdateWire,
  words: Words,
): Promise<PhotoRow> {
  const db = services.db.kysely;
  const before = await requirePhoto(db, propertyId, photoId);
  if (body.room !== undefined) await checkRoom(db, propertyId, body.room);
  const name = body.name !== undefined ? text(body.name) : before.name;
  // An alt that only repeated the name follows it; an empty alt is the name (as the earlier product did).
  const alt = (body.alt !== undefined ? text(body.alt) : before.alt === before.name ? name : before.alt) ?? name;
  const next = {
    name,
    alt,
    category: body.category !== undefined ? body.category : before.category,
    description: body.description !== undefined ? text(body.description) : before.description,
    room_id: body.room !== undefined ? body.room : before.room_id,
    ...rightsAfter(before, body),
  };
  checkRights([{ id: before.id, rights: next }], false, words);
  await db.transaction().execute(async (trx) => {
    // Gallery edits of one property take turns (sequences are read and rewritten): property lock first.
    await lockProperty(services, trx, propertyId);
    await updatePhoto(trx, before.id, { ...next, updated_at: services.clock.now().toISOString() });
    const changes = diffDocuments(services.schemas.resolved(PHOTO_SCHEMA), editable(before), editable(next));
    if (body.sequence !== undefined && body.sequence !== before.sequence) {
      // A new position moves the photo there; the others close up behind it.
      const current = await photoSequences(trx, propertyId);
      const order = current.map((r) => r.id).filter((id) => id !== before.id);
      order.splice(Math.min(body.sequence, order.length + 1) - 1, 0, before.id);
      changes.push(...(await applyOrder(trx, order, current)));
    }
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'photos',
        action: 'update',
        propertyId,
        subject: 'photo',
        subjectId: before.id,
        summary: `Edited photo "${next.name ?? before.id}"`,
        changes,
      },
      trx,
    );
  });
  return requirePhoto(db, propertyId, before.id);
}

/** Put the gallery in this order: every photo of the property exactly once. */
export async function reorderGallery(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  order: readonly number[],
): Promise<void> {
  await services.db.kysely.transaction().execute(async (trx) => {
    await lockProperty(services, trx, propertyId);
    const current = await photoSequences(trx, propertyId);
    const known = new Set(current.map((r) => r.id));
    const listed = new Set(order);
    const unknown = order.filter((id) => !known.has(id));
    const missing = current.map((r) => r.id).filter((id) => !listed.has(id));
    if (unknown.length || missing.length) {
      const detail = [
        missing.length ? `missing: ${missing.join(', ')}` : '',
        unknown.length ? `not in this gallery: ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      throw new ApiError(400, {
        order: [`List every photo of this property exactly once (it has ${current.length}); ${detail}.`],
      });
    }
    const changes = await applyOrder(trx, order, current);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'photos',
        action: 'reorder',
        propertyId,
        subject: 'photo',
        summary: `Reordered the gallery (${order.length} photos)`,
        changes,
      },
      trx,
    );
  });
}

/** Make this photo the property's one featured photo. */
export async function featurePhoto(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  photoId: number,
): Promise<void> {
  const db = services.db.kysely;
  const photo = await requirePhoto(db, propertyId, photoId);
  await db.transaction().execute(async (trx) => {
    // One featured photo per property (a unique index): parallel choices take turns, the last one wins.
    await lockProperty(services, trx, propertyId);
    const previous = await featuredPhotos(trx, propertyId);
    if (previous.length === 1 && previous[0]!.id === photo.id) return;
    await featureOnly(trx, propertyId, photo.id, services.clock.now().toISOString());
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'photos',
        action: 'feature',
        propertyId,
        subject: 'photo',
        subjectId: photo.id,
        summary: `Featured photo "${photo.name ?? photo.id}"`,
        changes: [{ field: 'featured', label: 'Featured photo', from: previous[0]?.id ?? null, to: photo.id }],
      },
      trx,
    );
  });
}

/** Delete a photo, close up the ones behind it, then remove its files. */
export async function deletePhoto(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  photoId: number,
): Promise<void> {
  const db = services.db.kysely;
  const photo = await requirePhoto(db, propertyId, photoId);
  await db.transaction().execute(async (trx) => {
    await lockProperty(services, trx, propertyId);
    // Deleted by a parallel call meanwhile: gone for this caller too (the others must not close up twice).
    const gone = await deletePhotoRow(trx, photo.id);
    if (!gone) throw notFound();
    // The photos behind it close up: sequences stay 1..n.
    await closeUpAfter(trx, propertyId, photo.sequence);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'photos',
        action: 'delete',
        propertyId,
        subject: 'photo',
        subjectId: photo.id,
        summary: `Deleted photo "${photo.name ?? photo.id}"`,
        changes: [{ field: String(photo.id), label: `Photo ${photo.id}`, from: photo.name, to: null }],
      },
      trx,
    );
  });
  // Files only after the row is gone for good: a failed transaction leaves everything in place.
  await Promise.all(VARIANTS.map((v) => services.storage.remove(keyOf(photo, v))));
}
