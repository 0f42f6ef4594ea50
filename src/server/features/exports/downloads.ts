import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { userLanguage } from '../auth/index.js';
import type { PropertyRow } from '../properties/index.js';
import { sheetFileName } from './file-names.js';
import { sheetPdf } from './sheet-pdf.js';
import { factSheetSource, sheetChoice, type SheetChoice } from './sheet-source.js';

/** The hotel's own fact sheet download (audited: the hotel's report counts downloads) and the caller's sheet choice. */

/** The layout and language the query asks for, else the account's layout and the caller's language. */
export async function callerSheetChoice(
  services: Services,
  auth: AuthContext,
  query: { layout?: unknown; language?: unknown },
): Promise<SheetChoice> {
  return sheetChoice(services, auth.accountId, await userLanguage(services.db.kysely, auth.user.id), query);
}

/** The property's fact sheet as a PDF (held-back photos kept: it is the hotel's own), with its file name. */
export async function downloadFactSheet(
  services: Services,
  auth: AuthContext,
  ip: string,
  property: PropertyRow,
  query: { layout?: unknown; language?: unknown },
): Promise<{ pdf: Buffer; filename: string }> {
  const choice = await callerSheetChoice(services, auth, query);
  const pdf = await sheetPdf(services, await factSheetSource(services, property, choice, { keepHeldBack: true }));
  // In the trail (who took the fact sheet, when): the hotel's report counts downloads from it.
  await recordAudit(services, actorOf(auth, ip), {
    kind: 'exports',
    action: 'download',
    propertyId: property.id,
    subject: 'fact-sheet',
    summary: `Downloaded the fact sheet of "${property.hotel_name}"`,
  });
  return { pdf, filename: sheetFileName(choice.language, property.hotel_name) };
}
