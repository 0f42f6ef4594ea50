import { notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { hotelName, requireProperty, type PropertyRow } from '../properties/index.js';
import { chartSendHandlers } from './chart-send.js';
import { photoZip } from './photo-zip.js';
import { createSend, photoLinkOf, retrySend, sendWires } from './sends.js';
import { registerExportJobs } from './send-jobs.js';
import { factSheetSource, sheetChoice } from './sheet-source.js';
import { sheetPdf } from './sheet-pdf.js';
import { userLanguage } from '../auth/index.js';
import { requestLanguage } from '../../routing/request-language.js';
import { photosFileName, sheetFileName } from './file-names.js';

const HISTORY_SIZE = 50;

/**
 * The hotel's export centre calls (spec 000 §7 "Export"): fact sheet PDF and photo zip downloads,
 * sends to mailing groups (jobs), their history and retries, and the photo links mailed by them.
 */
export function exportHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  registerExportJobs(services);

  async function scoped(ctx: Ctx<OperationId>): Promise<PropertyRow> {
    if (!ctx.property) throw notFound();
    return requireProperty(services, caller(ctx), ctx.property.id);
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
      const auth = caller(ctx);
      const property = await scoped(ctx);
      if (!property.publish_date) return noContent();
      const choice = await sheetChoice(services, auth.accountId, await userLanguage(db, auth.user.id), ctx.query);
      const pdf = await sheetPdf(services, await factSheetSource(services, property, choice, { keepHeldBack: true }));
      // In the trail (who took the fact sheet, when): the hotel's report counts downloads from it.
      await recordAudit(services, actorOf(auth, ctx.ip), {
        kind: 'exports',
        action: 'download',
        propertyId: property.id,
        subject: 'fact-sheet',
        summary: `Downloaded the fact sheet of "${property.hotel_name}"`,
      });
      ctx.reply.header('cache-control', 'no-store');
      const filename = sheetFileName(choice.language, property.hotel_name);
      return { status: 201, file: pdf, contentType: 'application/pdf', filename };
    },

    async exportsDownloadPhotos(ctx) {
      const property = await scoped(ctx);
      return zipReply(ctx, property, 201);
    },

    async exportsSendFacts(ctx) {
      const auth = caller(ctx);
      const property = await scoped(ctx);
      const choice = await sheetChoice(services, auth.accountId, await userLanguage(db, auth.user.id), ctx.query);
      return created(
        await createSend(services, auth, ctx.ip, { kind: 'facts', property, group: ctx.params.group, ...choice }),
      );
    },

    async exportsSendPhotos(ctx) {
      const auth = caller(ctx);
      const property = await scoped(ctx);
      const { language } = await sheetChoice(services, auth.accountId, await userLanguage(db, auth.user.id), ctx.query);
      return created(
        await createSend(services, auth, ctx.ip, { kind: 'photos', property, group: ctx.params.group, language }),
      );
    },

    async exportsSendsList(ctx) {
      const auth = caller(ctx);
      let q = db.selectFrom('export_sends').selectAll().where('account_id', '=', auth.accountId);
      if (ctx.query.property !== undefined) q = q.where('property_id', '=', ctx.query.property);
      if (auth.properties !== 'all') {
        if (!auth.properties.length) return ok([]);
        q = q.where('property_id', 'in', [...auth.properties]);
      }
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(HISTORY_SIZE).execute();
      return ok(await sendWires(services, auth, rows));
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
