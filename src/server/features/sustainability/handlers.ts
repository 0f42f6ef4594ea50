import { caller, created, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import { notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { acceptedWords } from '../../routing/request-language.js';
import { certificatesJson, restampCertificates, saveCertificates } from './certificates.js';
import { contentTypeOfDocument, documentFileHeaders } from './files.js';
import { checkDocument, documentList, readableDocument, toDocumentWire, uploadDocument } from './store.js';

/** The property a scoped route acts on (the router checked it visible to the caller). */
function propertyOf(ctx: Ctx<OperationId>): number {
  if (!ctx.property) throw notFound();
  return ctx.property.id;
}

/**
 * The certificates list and its documents. factsListCertificate and factsSaveCertificate replace
 * the facts' generic list handlers (features/index.ts spreads these after them): the status of
 * each certificate is decided from its document and end date here.
 */
export function sustainabilityHandlers(services: Services): HandlerMap {
  return {
    async factsListCertificate(ctx) {
      return { status: 200, json: await certificatesJson(services, propertyOf(ctx)), shaped: true };
    },

    async factsSaveCertificate(ctx) {
      const json = await saveCertificates(
        services,
        caller(ctx),
        ctx.ip,
        propertyOf(ctx),
        ctx.body as unknown as Record<string, unknown>[],
        acceptedWords(ctx.req),
      );
      return { status: 200, json, shaped: true };
    },

    async factsUploadCertificateDocument(ctx) {
      return created(
        toDocumentWire(
          await uploadDocument(services, caller(ctx), ctx.ip, propertyOf(ctx), ctx.files, acceptedWords(ctx.req)),
        ),
      );
    },

    async factsListCertificateDocuments(ctx) {
      return ok(await documentList(services.db.kysely, propertyOf(ctx)));
    },

    async factsCertificateDocumentFile(ctx) {
      const doc = await readableDocument(services, caller(ctx), ctx.params.id);
      const file = await services.storage.open(doc.storage_key);
      if (!file) throw notFound();
      ctx.reply.headers(documentFileHeaders(doc, file.size));
      return { status: 200, file: file.stream, contentType: contentTypeOfDocument(doc.format) };
    },

    async factsCheckCertificateDocument(ctx) {
      const { row, inHotel } = await checkDocument(services, caller(ctx), ctx.ip, ctx.params.id);
      // The re-save is the hotel's certificates changing: its trail and history say staff did it.
      await restampCertificates(services, inHotel, ctx.ip, row.property_id, row.id);
      return ok(toDocumentWire(row));
    },
  };
}
