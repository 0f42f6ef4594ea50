import { notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import { acceptedWords } from '../../routing/request-language.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { PhotoWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { contentTypeOf } from './images.js';
import { roomsOf } from '../facts/index.js';
import { uploadPhotos } from './upload.js';
import { photoUrlSigner } from './signed-urls.js';
import { deletePhoto, editPhoto, featurePhoto, reorderGallery } from './gallery-edits.js';
import { editRights } from './rights-edits.js';
import { registerHashBackfill } from './hash-backfill.js';
import { todayOf } from './rights.js';
import {
  countPhotos,
  keyOf,
  listPhotos,
  photoLimit,
  requirePhoto,
  toPhotoWire,
  VARIANTS,
  type PhotoRow,
  type Variant,
} from './store.js';

/** The property a scoped route acts on (the router checked it visible to the caller). */
function propertyOf(ctx: Ctx<OperationId>): number {
  if (!ctx.property) throw notFound();
  return ctx.property.id;
}

export function photoHandlers(services: Services): HandlerMap {
  registerHashBackfill(services);
  const db = services.db.kysely;
  const urls = photoUrlSigner(services);
  const wire = (row: PhotoRow) => toPhotoWire(row, urls, todayOf(services));
  const gallery = async (propertyId: number) => (await listPhotos(db, propertyId)).map(wire);

  return {
    ...galleryReads(services, gallery),

    async galleryUpload(ctx) {
      return created(
        (await uploadPhotos(services, caller(ctx), ctx.ip, propertyOf(ctx), ctx.files, ctx.body)).map(wire),
      );
    },

    async galleryUpdate(ctx) {
      const [auth, propertyId, words] = [caller(ctx), propertyOf(ctx), acceptedWords(ctx.req)];
      return ok(wire(await editPhoto(services, auth, ctx.ip, propertyId, ctx.params.photoId, ctx.body, words)));
    },

    async galleryOrder(ctx) {
      const propertyId = propertyOf(ctx);
      await reorderGallery(services, caller(ctx), ctx.ip, propertyId, ctx.body.order);
      return ok(await gallery(propertyId));
    },

    async galleryRights(ctx) {
      const propertyId = propertyOf(ctx);
      await editRights(services, caller(ctx), ctx.ip, propertyId, ctx.body, acceptedWords(ctx.req));
      return ok(await gallery(propertyId));
    },

    async galleryFeaturedImage(ctx) {
      const propertyId = propertyOf(ctx);
      await featurePhoto(services, caller(ctx), ctx.ip, propertyId, ctx.body.photo);
      return ok(await gallery(propertyId));
    },

    async galleryDelete(ctx) {
      await deletePhoto(services, caller(ctx), ctx.ip, propertyOf(ctx), ctx.params.photoId);
      return noContent();
    },

    async galleryImage(ctx) {
      const { photo, variant, file } = await galleryFile(services, propertyOf(ctx), ctx.params);
      ctx.reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-length', String(file.size));
      const contentType = variant === 'original' ? contentTypeOf(photo.format) : 'image/jpeg';
      return { status: 200, file: file.stream, contentType };
    },
  };
}

/** The gallery's reads: the account's count against its limit, a property's photos and rooms. */
function galleryReads(services: Services, gallery: (propertyId: number) => Promise<PhotoWire[]>): HandlerMap {
  const db = services.db.kysely;
  return {
    async galleryCount(ctx) {
      const auth = caller(ctx);
      return ok({
        images: await countPhotos(db, auth.accountId),
        limit: await photoLimit(services, db, auth.accountId),
      });
    },

    async galleryList(ctx) {
      return ok(await gallery(propertyOf(ctx)));
    },

    async galleryRoomsList(ctx) {
      return ok(await roomsOf(db, propertyOf(ctx)));
    },
  };
}

/** A photo's file in one variant (404 for an unknown variant, photo or file). */
async function galleryFile(services: Services, propertyId: number, params: { photoId: number; variant: string }) {
  const variant = params.variant as Variant;
  if (!VARIANTS.includes(variant)) throw notFound();
  const photo = await requirePhoto(services.db.kysely, propertyId, params.photoId);
  const file = await services.storage.open(keyOf(photo, variant));
  if (!file) throw notFound();
  return { photo, variant, file };
}
