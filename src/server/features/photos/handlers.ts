import type { Kysely } from 'kysely';
import { ApiError, notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { diffDocuments, type Change } from '../audit/diff.js';
import { contentTypeOf } from './images.js';
import { lockProperty } from '../properties/store.js';
import { roomsOf } from '../facts/rooms.js';
import { uploadPhotos } from './upload.js';
import { photoUrlSigner } from './signed-urls.js';
import { checkRoom, countPhotos, keyOf, listPhotos, photoLimit, requirePhoto, text, toPhotoWire, VARIANTS, type PhotoRow, type Variant } from './store.js';

/** The property a scoped route acts on (the router checked it visible to the caller). */
function propertyOf(ctx: Ctx<OperationId>): number {
  if (!ctx.property) throw notFound();
  return ctx.property.id;
}

/** The editable fields of a row, under their wire names (for audit diffs). */
const editable = (r: Pick<PhotoRow, 'name' | 'alt' | 'category' | 'description' | 'room_id'>) => ({
  name: r.name, alt: r.alt, category: r.category, description: r.description, room: r.room_id,
});

/**
 * Give the photos the sequences 1..n in this order (ids of the property's photos); only changed
 * rows are written. Answers the changes for the audit trail.
 */
async function applyOrder(trx: Kysely<Database>, order: readonly number[], current: readonly Pick<PhotoRow, 'id' | 'sequence'>[]): Promise<Change[]> {
  const before = new Map(current.map((r) => [r.id, r.sequence]));
  const changes: Change[] = [];
  for (const [i, id] of order.entries()) {
    if (before.get(id) === i + 1) continue;
    await trx.updateTable('photos').set({ sequence: i + 1 }).where('id', '=', id).execute();
    changes.push({ field: `${id}.sequence`, label: `Photo ${id} › Position in the gallery`, from: before.get(id) ?? null, to: i + 1 });
  }
  return changes;
}

export function photoHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const { storage } = services;
  const photoSchema = () => services.schemas.resolved('facts/photo.schema.json');
  const now = () => services.clock.now().toISOString();
  const urls = photoUrlSigner(services);
  const wire = (row: PhotoRow) => toPhotoWire(row, urls);
  const gallery = async (propertyId: number) => (await listPhotos(db, propertyId)).map(wire);

  return {
    async galleryCount(ctx) {
      const auth = caller(ctx);
      return ok({ images: await countPhotos(db, auth.accountId), limit: await photoLimit(services, db, auth.accountId) });
    },

    async galleryList(ctx) {
      return ok(await gallery(propertyOf(ctx)));
    },

    async galleryRoomsList(ctx) {
      return ok(await roomsOf(db, propertyOf(ctx)));
    },

    async galleryUpload(ctx) {
      return created((await uploadPhotos(services, caller(ctx), ctx.ip, propertyOf(ctx), ctx.files, ctx.body)).map(wire));
    },

    async galleryUpdate(ctx) {
      const auth = caller(ctx);
      const propertyId = propertyOf(ctx);
      const { body } = ctx;
      const before = await requirePhoto(db, propertyId, ctx.params.photoId);
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
      };
      await db.transaction().execute(async (trx) => {
        // Gallery edits of one property take turns (sequences are read and rewritten): property lock first.
        await lockProperty(services, trx, propertyId);
        await trx.updateTable('photos').set({ ...next, updated_at: now() }).where('id', '=', before.id).execute();
        const changes = diffDocuments(photoSchema(), editable(before), editable(next));
        if (body.sequence !== undefined && body.sequence !== before.sequence) {
          // A new position moves the photo there; the others close up behind it.
          const current = await trx.selectFrom('photos').select(['id', 'sequence']).where('property_id', '=', propertyId).orderBy('sequence').orderBy('id').execute();
          const order = current.map((r) => r.id).filter((id) => id !== before.id);
          order.splice(Math.min(body.sequence, order.length + 1) - 1, 0, before.id);
          changes.push(...(await applyOrder(trx, order, current)));
        }
        await recordAudit(services, actorOf(auth, ctx.ip), { kind: 'photos', action: 'update', propertyId, subject: 'photo', subjectId: before.id, summary: `Edited photo "${next.name ?? before.id}"`, changes }, trx);
      });
      return ok(wire(await requirePhoto(db, propertyId, before.id)));
    },

    async galleryOrder(ctx) {
      const auth = caller(ctx);
      const propertyId = propertyOf(ctx);
      const { order } = ctx.body;
      await db.transaction().execute(async (trx) => {
        await lockProperty(services, trx, propertyId);
        const current = await trx.selectFrom('photos').select(['id', 'sequence']).where('property_id', '=', propertyId).execute();
        const known = new Set(current.map((r) => r.id));
        const listed = new Set(order);
        const unknown = order.filter((id) => !known.has(id));
        const missing = current.map((r) => r.id).filter((id) => !listed.has(id));
        if (unknown.length || missing.length) {
          const detail = [missing.length ? `missing: ${missing.join(', ')}` : '', unknown.length ? `not in this gallery: ${unknown.join(', ')}` : ''].filter(Boolean).join('; ');
          throw new ApiError(400, { order: [`List every photo of this property exactly once (it has ${current.length}); ${detail}.`] });
        }
        const changes = await applyOrder(trx, order, current);
        await recordAudit(services, actorOf(auth, ctx.ip), { kind: 'photos', action: 'reorder', propertyId, subject: 'photo', summary: `Reordered the gallery (${order.length} photos)`, changes }, trx);
      });
      return ok(await gallery(propertyId));
    },

    async galleryFeaturedImage(ctx) {
      const auth = caller(ctx);
      const propertyId = propertyOf(ctx);
      const photo = await requirePhoto(db, propertyId, ctx.body.photo);
      await db.transaction().execute(async (trx) => {
        // One featured photo per property (a unique index): parallel choices take turns, the last one wins.
        await lockProperty(services, trx, propertyId);
        const previous = await trx.selectFrom('photos').select('id').where('property_id', '=', propertyId).where('featured', '=', true).execute();
        if (previous.length === 1 && previous[0]!.id === photo.id) return;
        await trx.updateTable('photos').set({ featured: false }).where('property_id', '=', propertyId).where('featured', '=', true).execute();
        await trx.updateTable('photos').set({ featured: true, updated_at: now() }).where('id', '=', photo.id).execute();
        await recordAudit(services, actorOf(auth, ctx.ip), {
          kind: 'photos', action: 'feature', propertyId, subject: 'photo', subjectId: photo.id, summary: `Featured photo "${photo.name ?? photo.id}"`,
          changes: [{ field: 'featured', label: 'Featured photo', from: previous[0]?.id ?? null, to: photo.id }],
        }, trx);
      });
      return ok(await gallery(propertyId));
    },

    async galleryDelete(ctx) {
      const auth = caller(ctx);
      const propertyId = propertyOf(ctx);
      const photo = await requirePhoto(db, propertyId, ctx.params.photoId);
      await db.transaction().execute(async (trx) => {
        await lockProperty(services, trx, propertyId);
        // Deleted by a parallel call meanwhile: gone for this caller too (the others must not close up twice).
        const gone = await trx.deleteFrom('photos').where('id', '=', photo.id).returning('id').executeTakeFirst();
        if (!gone) throw notFound();
        // The photos behind it close up: sequences stay 1..n.
        await trx.updateTable('photos').set((eb) => ({ sequence: eb('sequence', '-', 1) })).where('property_id', '=', propertyId).where('sequence', '>', photo.sequence).execute();
        await recordAudit(services, actorOf(auth, ctx.ip), {
          kind: 'photos', action: 'delete', propertyId, subject: 'photo', subjectId: photo.id, summary: `Deleted photo "${photo.name ?? photo.id}"`,
          changes: [{ field: String(photo.id), label: `Photo ${photo.id}`, from: photo.name, to: null }],
        }, trx);
      });
      // Files only after the row is gone for good: a failed transaction leaves everything in place.
      await Promise.all(VARIANTS.map((v) => storage.remove(keyOf(photo, v))));
      return noContent();
    },

    async galleryImage(ctx) {
      const propertyId = propertyOf(ctx);
      const variant = ctx.params.variant as Variant;
      if (!VARIANTS.includes(variant)) throw notFound();
      const photo = await requirePhoto(db, propertyId, ctx.params.photoId);
      const file = await storage.open(keyOf(photo, variant));
      if (!file) throw notFound();
      ctx.reply.header('cache-control', 'private, max-age=31536000, immutable').header('content-length', String(file.size));
      return { status: 200, file: file.stream, contentType: variant === 'original' ? contentTypeOf(photo.format) : 'image/jpeg' };
    },
  };
}
