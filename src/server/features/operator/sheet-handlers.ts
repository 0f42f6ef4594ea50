import { notFound } from '../../plugins/errors.js';
import { caller, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess } from '../partners/index.js';
import { keyOf, requirePhoto } from '../photos/index.js';
import { latestPublication } from '../publications/index.js';
import { markSeen, operatorFactSheet } from './fact-sheet.js';
import { imageFile, variantOf } from './image-file.js';
import { operatorPhotos } from './photos.js';
import { latestSheetPdf } from './sheet-pdf.js';

/** The tour operator's view of a hotel's fact sheet: the page, its PDF, its photos, and having seen it. */
export function sheetHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async operatorFactSheet(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      return ok(await operatorFactSheet(services, auth, access, ctx.query));
    },

    async operatorFactSheetPdf(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      const sheet = await latestSheetPdf(services, auth, access, ctx.query);
      if (!sheet) return noContent();
      ctx.reply.header('cache-control', 'no-store');
      return { status: 200, file: sheet.pdf, contentType: 'application/pdf', filename: sheet.filename };
    },

    async operatorFactSheetSeen(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      const publication = await latestPublication(db, access.propertyId);
      if (publication) await markSeen(services, access, publication.number);
      return noContent();
    },

    async operatorFactSheetPhoto(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      const variant = variantOf(ctx.params.variant);
      const photo = await requirePhoto(db, access.propertyId, ctx.params.photoId);
      if (!(await operatorPhotos(services, access)).some((p) => p.id === photo.id)) throw notFound();
      return imageFile(services, ctx.reply, keyOf(photo, variant), variant, photo.format);
    },
  };
}
