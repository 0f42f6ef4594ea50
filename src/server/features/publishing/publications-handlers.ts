import { notFound } from '../../plugins/errors.js';
import { caller, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { factSheetSource, sheetChoice, sheetFileName, sheetPdf } from '../exports/index.js';
import {
  applyOverrides,
  approvedOverrides,
  operatorSheetChoice,
  operatorSheetPdf,
  tellHotelOfDownload,
} from '../operator/index.js';
import { requireOperatorAccess, type ContractAccess } from '../partners/index.js';
import { requireProperty, type PropertyRow, existingProperty } from '../properties/index.js';
import { userLanguage } from '../auth/index.js';
import { comparePublications, hotelReader, publicationList, type PublicationReader } from './publications-compare.js';
import { latestPublicationHead, publicationByNumber, publicationHead } from '../publications/index.js';

/**
 * A property's publications (issue 29 §1): the list, any two compared, and the fact sheet of any
 * one as PDF, for the hotel (every member allowed the property: reading follows the facts) and
 * for an operator whose contract in force covers the property (its own view of each).
 */
export function publicationHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  async function hotelProperty(ctx: Ctx<OperationId>): Promise<PropertyRow> {
    if (!ctx.property) throw notFound();
    return requireProperty(services, caller(ctx), ctx.property.id);
  }

  async function operatorReader(access: ContractAccess): Promise<{ property: PropertyRow; reader: PublicationReader }> {
    const [property, approved, view] = await Promise.all([
      existingProperty(db, access.propertyId),
      approvedOverrides(services, access),
      db
        .selectFrom('operator_views')
        .select('publication_number')
        .where('operator_account_id', '=', access.operatorAccountId)
        .where('property_id', '=', access.propertyId)
        .executeTakeFirst(),
    ]);
    const name = applyOverrides(new Map(), approved).overridden.get('hotel_name');
    return {
      property,
      reader: {
        view: (documents) => applyOverrides(documents, approved).documents,
        hotelName: typeof name === 'string' && name ? name : property.hotel_name,
        showsWho: false,
        seen: view?.publication_number ?? null,
      },
    };
  }

  return {
    async publicationsList(ctx) {
      const property = await hotelProperty(ctx);
      return ok(await publicationList(services, property.id, hotelReader(property)));
    },

    async publicationsCompare(ctx) {
      const property = await hotelProperty(ctx);
      return ok(
        await comparePublications(
          services,
          property,
          hotelReader(property),
          ctx.query,
          await userLanguage(db, caller(ctx).user.id),
        ),
      );
    },

    async publicationSheetPdf(ctx) {
      const auth = caller(ctx);
      const property = await hotelProperty(ctx);
      const number = ctx.params.number;
      const [head, latest] = await Promise.all([
        publicationHead(db, property.id, number),
        latestPublicationHead(db, property.id),
      ]);
      if (!head) throw notFound();
      const choice = await sheetChoice(services, auth.accountId, await userLanguage(db, auth.user.id), ctx.query);
      // The publication's own facts and date; a publication never changes, so its number is its revision.
      const documents = {
        revision: `publication ${number}`,
        load: async () => (await publicationByNumber(db, property.id, number))!.documents,
      };
      const pdf = await sheetPdf(
        services,
        await factSheetSource(services, { ...property, publish_date: head.publishedAt }, choice, {
          documents,
          supersededBy: latest && latest.number > number ? latest : null,
        }),
      );
      await recordAudit(services, actorOf(auth, ctx.ip), {
        kind: 'exports',
        action: 'download',
        propertyId: property.id,
        subject: 'fact-sheet',
        summary: `Downloaded the fact sheet of "${property.hotel_name}" as published (publication ${number})`,
      });
      ctx.reply.header('cache-control', 'no-store');
      return {
        status: 200,
        file: pdf,
        contentType: 'application/pdf',
        filename: sheetFileName(choice.language, property.hotel_name, number),
      };
    },

    async operatorPublicationsList(ctx) {
      const access = await requireOperatorAccess(services, caller(ctx), ctx.params.id);
      const { reader } = await operatorReader(access);
      return ok(await publicationList(services, access.propertyId, reader));
    },

    async operatorPublicationsCompare(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      const { property, reader } = await operatorReader(access);
      return ok(await comparePublications(services, property, reader, ctx.query, await userLanguage(db, auth.user.id)));
    },

    async operatorPublicationPdf(ctx) {
      const auth = caller(ctx);
      const access = await requireOperatorAccess(services, auth, ctx.params.id);
      const number = ctx.params.number;
      if (!(await publicationHead(db, access.propertyId, number))) throw notFound();
      const choice = await operatorSheetChoice(services, auth.user.id, access, ctx.query);
      const { pdf, filename } = await operatorSheetPdf(services, access, choice, number);
      await tellHotelOfDownload(services, auth, access, 'earlier');
      ctx.reply.header('cache-control', 'no-store');
      return {
        status: 200,
        file: pdf,
        contentType: 'application/pdf',
        filename,
      };
    },
  };
}
