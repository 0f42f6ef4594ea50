import { notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Services } from '../../services.js';
import { hotelName, scopedProperty, type PropertyRow } from '../properties/index.js';
import { chartSendHandlers } from './chart-send.js';
import { photoZip } from './photo-zip.js';
import { callerSheetChoice, downloadFactSheet } from './downloads.js';
import { sendHistory } from './send-history.js';
import { createSend, photoLinkOf, retrySend } from './sends.js';
import { registerExportJobs } from './send-jobs.js';
import { requestLanguage } from '../../routing/request-language.js';
import { photosFileName } from './file-names.js';

/**
 * The hotel's export centre calls (spec 000 §7 "Export"): fact sheet PDF and photo zip downloads,
 * sends to mailing groups (jobs), their history and retries, and the photo links mailed by them.
 */
export function exportHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  registerExportJobs(services);

  async function scoped(ctx: Ctx<OperationId>): Promise<PropertyRow> {
    if (!ctx.property) throw notFound();
    return scopedProperty(services, caller(ctx), ctx.property);
  }

  /** The property's photos as one zip, named in the language of whoever downloads it (a mailed link: its browser's). */
  async function zipReply(ctx: Ctx<OperationId>, property: { id: number; hotel_name: string }, status: 200 | 201) {
    const zip = await photoZip(services, property.id);
    if (!zip.count) return noContent();
    ctx.reply.header('content-length', String(zip.size)).header('cache-control', 'no-store');
    const filename = photosFileName(requestLanguage(ctx.auth, ctx.req), property.hotel_name);
    return { status, file: zip.stream, contentType: 'application/zip', filename };
  }

  return {
    ...chartSendHandlers(services),

    async exportsDownloadFacts(ctx) {
      const property = await scoped(ctx);
      if (!property.publish_date) return noContent();
      const { pdf, filename } = await downloadFactSheet(services, caller(ctx), ctx.ip, property, ctx.query);
      ctx.reply.header('cache-control', 'no-store');
      return { status: 201, file: pdf, contentType: 'application/pdf', filename };
    },

    async exportsDownloadPhotos(ctx) {
      const property = await scoped(ctx);
      return zipReply(ctx, property, 201);
    },

    async exportsSendFacts(ctx) {
      const auth = caller(ctx);
      const property = await scoped(ctx);
      const choice = await callerSheetChoice(services, auth, ctx.query);
      return created(
        await createSend(services, auth, ctx.ip, { kind: 'facts', property, group: ctx.params.group, ...choice }),
      );
    },

    async exportsSendPhotos(ctx) {
      const auth = caller(ctx);
      const property = await scoped(ctx);
      const { language } = await callerSheetChoice(services, auth, ctx.query);
      return created(
        await createSend(services, auth, ctx.ip, { kind: 'photos', property, group: ctx.params.group, language }),
      );
    },

    async exportsSendsList(ctx) {
      return ok(await sendHistory(services, caller(ctx), ctx.query.property));
    },

    async exportsSendRetry(ctx) {
      return ok(await retrySend(services, caller(ctx), ctx.ip, ctx.params.id));
    },

    async exportsPhotoLink(ctx) {
      const link = await photoLinkOf(services, ctx.params.token);
      const reply = await zipReply(ctx, { id: link.propertyId, hotel_name: await hotelName(db, link.propertyId) }, 200);
      if (reply.status === 204) throw notFound();
      return reply;
    },
  };
}
