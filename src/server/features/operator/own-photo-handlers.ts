import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess } from '../partners/index.js';
import { imageFile, variantOf } from './image-file.js';
import {
  decideOwnPhoto,
  deleteOwnPhoto,
  hotelOwnPhotos,
  ownKeyOf,
  ownPhotoWires,
  requireOwnPhoto,
  type OwnPhotoRow,
} from './own-photos.js';
import { uploadOwnPhotos } from './own-photo-upload.js';
import { photoReleases, saveReleases } from './photo-releases.js';

/** One file of an operator's own photo. */
function ownImage(
  services: Services,
  ctx: { params: { variant: string }; reply: { header(k: string, v: string): unknown } },
  row: OwnPhotoRow,
) {
  const variant = variantOf(ctx.params.variant);
  return imageFile(services, ctx.reply, ownKeyOf(row, variant), variant, row.format);
}

/** An operator's own photos of a hotel with the hotel's moderation, and the hotel's photo releases. */
export function ownPhotoHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async operatorOwnPhotoUpload(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      const rows = await uploadOwnPhotos(services, auth, ctx.ip, access, ctx.files, ctx.body);
      return created(await ownPhotoWires(services, rows));
    },

    async operatorOwnPhotoDelete(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      const row = await requireOwnPhoto(db, access.propertyId, ctx.params.photoId, access.operatorAccountId);
      await deleteOwnPhoto(services, auth, ctx.ip, row);
      return noContent();
    },

    async operatorOwnPhotoImage(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      const row = await requireOwnPhoto(db, access.propertyId, ctx.params.photoId, access.operatorAccountId);
      return ownImage(services, ctx, row);
    },

    async partnerPhotosList(ctx) {
      return ok(await ownPhotoWires(services, await hotelOwnPhotos(db, ctx.params.id)));
    },

    async partnerPhotoImage(ctx) {
      return ownImage(services, ctx, await requireOwnPhoto(db, ctx.params.id, ctx.params.photoId));
    },

    async partnerPhotoDecide(ctx) {
      const row = await requireOwnPhoto(db, ctx.params.id, ctx.params.photoId);
      const { decision, comment } = ctx.body;
      const decided = await decideOwnPhoto(services, caller(ctx), ctx.ip, row, decision, comment ?? '');
      return ok((await ownPhotoWires(services, [decided]))[0]!);
    },

    async photoReleasesGet(ctx) {
      return ok(await photoReleases(services, ctx.params.id));
    },

    async photoReleasesSave(ctx) {
      await saveReleases(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body.operator, ctx.body.photos);
      return ok(await photoReleases(services, ctx.params.id));
    },
  };
}
