import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { factSheetSource, sheetChoice, sheetFileName, sheetPdf } from '../exports/index.js';
import { operatorSheetChoice, operatorSheetPdf, tellHotelOfDownload } from '../operator/index.js';
import type { ContractAccess } from '../partners/index.js';
import type { PropertyRow } from '../properties/index.js';
import { userLanguage } from '../auth/index.js';
import { latestPublicationHead, publicationByNumber, publicationHead } from '../publications/index.js';

/** The fact sheet of one publication as PDF: the hotel's (audited) and an operator's (the hotel told). */

type SheetQuery = Parameters<typeof sheetChoice>[3];
type OperatorSheetQuery = Parameters<typeof operatorSheetChoice>[3];

export interface SheetFile {
  pdf: Awaited<ReturnType<typeof sheetPdf>>;
  filename: string;
}

/** The hotel's PDF of its publication `number` (404 when there is none), its download audited. */
export async function hotelPublicationSheet(
  services: Services,
  auth: AuthContext,
  ip: string,
  property: PropertyRow,
  number: number,
  query: SheetQuery,
): Promise<SheetFile> {
  const db = services.db.kysely;
  const [head, latest] = await Promise.all([
    publicationHead(db, property.id, number),
    latestPublicationHead(db, property.id),
  ]);
  if (!head) throw notFound();
  const choice = await sheetChoice(services, auth.accountId, await userLanguage(db, auth.user.id), query);
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
  await recordAudit(services, actorOf(auth, ip), {
    kind: 'exports',
    action: 'download',
    propertyId: property.id,
    subject: 'fact-sheet',
    summary: `Downloaded the fact sheet of "${property.hotel_name}" as published (publication ${number})`,
  });
  return { pdf, filename: sheetFileName(choice.language, property.hotel_name, number) };
}

/** An operator's PDF of the publication `number` in its own view (404 when there is none); the hotel is told. */
export async function operatorPublicationSheet(
  services: Services,
  auth: AuthContext,
  access: ContractAccess,
  number: number,
  query: OperatorSheetQuery,
): Promise<SheetFile> {
  if (!(await publicationHead(services.db.kysely, access.propertyId, number))) throw notFound();
  const choice = await operatorSheetChoice(services, auth.user.id, access, query);
  const { pdf, filename } = await operatorSheetPdf(services, access, choice, number);
  await tellHotelOfDownload(services, auth, access, 'earlier');
  return { pdf, filename };
}
