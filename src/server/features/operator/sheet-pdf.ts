import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { isSheetLayout } from '../../../shared/fact-sheet/index.js';
import { isLanguage } from '../../../shared/i18n/languages.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { factSheetSource, type SheetChoice, sheetFileName, sheetPdf } from '../exports/index.js';
import { tell } from '../notifications/index.js';
import type { ContractAccess } from '../partners/index.js';
import { partnerName } from './tell.js';
import { t } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { applyOverrides, approvedOverrides } from './facts-view.js';
import {
  latestPublication,
  latestPublicationHead,
  publicationByNumber,
  publicationHead,
} from '../publications/index.js';
import { operatorPhotos } from './photos.js';
import { userLanguage } from '../auth/index.js';
import { existingProperty, hotelName } from '../properties/index.js';

/**
 * The hotel's fact sheet as the operator hands it on: its view (the latest publication with its
 * approved overrides), the layout and language it chose (default: the contract's PDF layout, the
 * user's language), its own company logo instead of the hotel's where its approved setting asks
 * (contract to_add_its_logo), the property's logo left out where it asks (remove_property_logo),
 * and only the photos its contract allows.
 */
export async function operatorSheetChoice(
  services: Services,
  userId: number,
  access: ContractAccess,
  query: { layout?: unknown; language?: unknown },
): Promise<SheetChoice> {
  const language = (await userLanguage(services.db.kysely, userId))?.toLowerCase();
  return {
    layout: isSheetLayout(query.layout)
      ? query.layout
      : isSheetLayout(access.terms.pdf_layout)
        ? access.terms.pdf_layout
        : '',
    language: isLanguage(query.language) ? query.language : isLanguage(language) ? language : 'en',
  };
}

/**
 * The sheet is keyed by the publication's number, the approved overrides, the logos and photos
 * (factSheetSource): a repeat download of an unchanged sheet is answered from the PDF cache
 * without reading the publication's facts. Named by the operator's name for the hotel.
 */
export async function operatorSheetPdf(
  services: Services,
  access: ContractAccess,
  choice: SheetChoice,
  number?: number,
): Promise<{ pdf: Buffer; filename: string }> {
  const db = services.db.kysely;
  const [property, latest, publication, approved, photos, company] = await Promise.all([
    existingProperty(db, access.propertyId),
    latestPublicationHead(db, access.propertyId),
    // An earlier publication when asked for (the publications panel), else the latest.
    number === undefined ? undefined : publicationHead(db, access.propertyId, number),
    approvedOverrides(services, access),
    operatorPhotos(services, access),
    db
      .selectFrom('companies')
      .select(['logo_key', 'data'])
      .where('account_id', '=', access.operatorAccountId)
      .executeTakeFirst(),
  ]);
  // The operator's settings and hotel name are overrides like the facts (applyOverrides reads them all).
  const { overridden } = applyOverrides(new Map(), approved);
  const name = overridden.get('hotel_name');
  const hotel = typeof name === 'string' && name ? name : property.hotel_name;
  const allowed = new Set(photos.map((p) => p.id));
  const printed = number === undefined ? latest : publication;
  const ownLogo = overridden.get('add_operator_logo') === true && company?.logo_key;
  const documents = {
    revision: JSON.stringify(['publication', printed?.number ?? null, approved]),
    async load() {
      const published = printed ? await publicationByNumber(db, access.propertyId, printed.number) : undefined;
      return applyOverrides(published?.documents ?? new Map(), approved).documents;
    },
  };
  const source = await factSheetSource(
    services,
    {
      ...property,
      hotel_name: hotel,
      publish_date: printed?.publishedAt ?? null,
    },
    choice,
    {
      documents,
      logo: ownLogo
        ? { key: company.logo_key!, caption: (JSON.parse(company.data) as { company?: string }).company ?? '' }
        : 'account',
      propertyLogo: overridden.get('remove_property_logo') !== true,
      photos: (row) => allowed.has(row.id),
      supersededBy: printed && latest && latest.number > printed.number ? latest : null,
    },
  );
  return { pdf: await sheetPdf(services, source), filename: sheetFileName(choice.language, hotel, number) };
}

/**
 * The operator's PDF of the latest publication, the hotel told of the download; undefined while
 * the property has no publication (nothing to print).
 */
export async function latestSheetPdf(
  services: Services,
  auth: AuthContext,
  access: ContractAccess,
  query: { layout?: unknown; language?: unknown },
): Promise<{ pdf: Buffer; filename: string } | undefined> {
  if (!(await latestPublication(services.db.kysely, access.propertyId))) return undefined;
  const choice = await operatorSheetChoice(services, auth.user.id, access, query);
  const sheet = await operatorSheetPdf(services, access, choice);
  await tellHotelOfDownload(services, auth, access, 'downloaded');
  return sheet;
}

/** How a partner took a hotel's fact sheet: downloaded (the latest), exported (export centre), an earlier publication. */
export type SheetTaking = 'downloaded' | 'exported' | 'earlier';

/** The hotel hears that a partner took its fact sheet (its notify_fact_sheet_download preference). */
export async function tellHotelOfDownload(
  services: Services,
  auth: AuthContext,
  access: ContractAccess,
  how: SheetTaking,
): Promise<void> {
  await services.db.kysely.transaction().execute((trx) => tellHotelOfSheet(services, trx, access, how, auth.user.id));
}

/** The same, inside the caller's transaction (the export centre's job records it told the hotel in it). */
export async function tellHotelOfSheet(
  services: Services,
  db: Kysely<Database>,
  access: ContractAccess,
  how: SheetTaking,
  actorUserId: number | null,
): Promise<void> {
  const [company, hotel] = await Promise.all([
    partnerName(db, access.operatorAccountId),
    hotelName(db, access.propertyId),
  ]);
  const message = (lang: Language) => {
    const values = { company: company(lang), hotel };
    if (how === 'exported') return t(lang, 'notification.fact_sheet_download.exported', values);
    if (how === 'earlier') return t(lang, 'notification.fact_sheet_download.earlier', values);
    return t(lang, 'notification.fact_sheet_download.downloaded', values);
  };
  await tell(services, db, {
    type: 'fact_sheet_download',
    accountId: access.hotelAccountId,
    propertyId: access.propertyId,
    message,
    link: `/property/${access.propertyId}/general`,
    extraId: access.propertyId,
    actorUserId,
  });
}
