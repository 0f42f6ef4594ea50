import { notFound } from '../../plugins/errors.js';
import { caller, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Services } from '../../services.js';
import { requireOperatorAccess } from '../partners/index.js';
import { scopedProperty, type PropertyRow } from '../properties/index.js';
import { userLanguage } from '../auth/index.js';
import { comparePublications, hotelReader, publicationList } from './publications-compare.js';
import { operatorReader } from './operator-reader.js';
import { hotelPublicationSheet, operatorPublicationSheet, type SheetFile } from './publication-sheets.js';

/** A PDF answer, never cached. */
function pdfAnswer(ctx: Ctx<OperationId>, { pdf, filename }: SheetFile) {
  ctx.reply.header('cache-control', 'no-store');
  return { status: 200, file: pdf, contentType: 'application/pdf', filename };
}

/**
 * A property's publications (issue 29 §1): the list, any two compared, and the fact sheet of any
 * one as PDF, for the hotel (every member allowed the property: reading follows the facts) and
 * for an operator whose contract in force covers the property (its own view of each).
 */
export function publicationHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  async function hotelProperty(ctx: Ctx<OperationId>): Promise<PropertyRow> {
    if (!ctx.property) throw notFound();
    return scopedProperty(services, caller(ctx), ctx.property);
  }

  return {
    async publicationsList(ctx) {
      const property = await hotelProperty(ctx);
      return ok(await publicationList(services, property.id, hotelReader(property)));
    },

    async publicationsCompare(ctx) {
      const property = await hotelProperty(ctx);
      const language = await userLanguage(db, caller(ctx).user.id);
      return ok(await comparePublications(services, property, hotelReader(property), ctx.query, language));
    },

    async publicationSheetPdf(ctx) {
      const property = await hotelProperty(ctx);
      const sheet = await hotelPublicationSheet(services, caller(ctx), ctx.ip, property, ctx.params.number, ctx.query);
      return pdfAnswer(ctx, sheet);
    },

    async operatorPublicationsList(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      const { reader } = await operatorReader(services, access);
      return ok(await publicationList(services, access.propertyId, reader));
    },

    async operatorPublicationsCompare(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      const { property, reader } = await operatorReader(services, access);
      return ok(await comparePublications(services, property, reader, ctx.query, await userLanguage(db, auth.user.id)));
    },

    async operatorPublicationPdf(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      return pdfAnswer(ctx, await operatorPublicationSheet(services, auth, access, ctx.params.number, ctx.query));
    },
  };
}
