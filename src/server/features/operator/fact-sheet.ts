import {
  buildFactSheet,
  countryName,
  displayValue,
  isSheetLayout,
  markChanges,
  markOverrides,
  type FactSheet,
  type SchemaNode,
  type SheetLayout,
} from '../../../shared/fact-sheet/index.js';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import { translatorOf } from '../../i18n/index.js';
import type { OperatorFactSheetWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { sectionInputs, sheetDocumentNames } from '../exports/index.js';
import type { ContractAccess } from '../partners/index.js';
import { companyNames } from '../partners/index.js';
import { photoUrl, type PhotoRow, photoUrlSigner } from '../photos/index.js';
import type { SectionDocuments } from '../publications/index.js';
import { latestPublication, publicationByNumber } from '../publications/index.js';
import { allowanceOf } from './allowance.js';
import { applyOverrides, approvedOverrides } from './facts-view.js';
import { overridableFields } from './override-fields.js';
import { operatorPhotos } from './photos.js';
import { operatorOwnPhotos, ownPhotoWires } from './own-photos.js';
import { userLanguage } from '../auth/index.js';
import { existingProperty } from '../properties/index.js';
import { sheetToWire } from './sheet-wire.js';
import { operatorView } from './views-store.js';

interface Choice {
  language: Language;
  layout: SheetLayout;
}

type Live = { field: string; status: string; drift_value: string | null }[];
type Publication = NonNullable<Awaited<ReturnType<typeof latestPublication>>>;
type Build = (documents: SectionDocuments, name: string) => FactSheet;

/** The sheet's language (asked, else the reader's own, else English) and layout (asked, else the contract's). */
async function choiceOf(
  services: Services,
  auth: AuthContext,
  access: ContractAccess,
  query: { language?: unknown; layout?: unknown },
): Promise<Choice> {
  const ownLanguage = (await userLanguage(services.db.kysely, auth.user.id))?.toLowerCase();
  return {
    language: isLanguage(query.language) ? query.language : isLanguage(ownLanguage) ? ownLanguage : 'en',
    layout: isSheetLayout(query.layout)
      ? query.layout
      : isSheetLayout(access.terms.facts_layout)
        ? access.terms.facts_layout
        : '',
  };
}

/** Overridden fields: the hotel's own value beside the operator's, and the hotel's newer one (drift). */
function markOverridden(
  services: Services,
  sheet: FactSheet,
  overridden: Map<string, unknown>,
  live: Live,
  hotelSheet: FactSheet,
  language: Language,
): void {
  const fields = new Map(overridableFields(services).map((f) => [f.path, f]));
  const marks = new Map<string, { drift?: string }>();
  for (const [path] of overridden) {
    const field = fields.get(path);
    if (!field?.sheetKey) continue;
    const drifted = live.find((o) => o.field === path && o.status === 'approved' && o.drift_value !== null);
    const drift = drifted
      ? displayValue(
          field.schema as SchemaNode,
          JSON.parse(drifted.drift_value!),
          services.schemas.bundle.options,
          translatorOf(language),
        )
      : undefined;
    marks.set(field.sheetKey, drift !== undefined ? { drift } : {});
  }
  markOverrides(sheet, hotelSheet, marks);
}

/**
 * What changed since the publication the operator last marked as seen, marked on the sheet; the
 * first look records the current publication as seen.
 */
async function markSinceSeen(
  services: Services,
  access: ContractAccess,
  sheet: FactSheet,
  publication: Publication | undefined,
  seenSheet: (before: Publication) => FactSheet,
) {
  const db = services.db.kysely;
  const view = await operatorView(db, access);
  let changes = 0;
  if (publication && !view) await markSeen(services, access, publication.number);
  else if (publication && view && view.publication_number < publication.number) {
    const before = await publicationByNumber(db, access.propertyId, view.publication_number);
    if (before) changes = markChanges(sheet, seenSheet(before));
  }
  return {
    publication: view?.publication_number ?? publication?.number ?? null,
    viewed_at: view?.viewed_at ?? null,
    changes,
  };
}

/** The operator's overrides of the property, counted by state. */
function overrideCounts(live: Live): OperatorFactSheetWire['overrides'] {
  return {
    pending: live.filter((o) => o.status === 'pending').length,
    approved: live.filter((o) => o.status === 'approved').length,
    rejected: live.filter((o) => o.status === 'rejected').length,
    drift: live.filter((o) => o.status === 'approved' && o.drift_value !== null).length,
  };
}

/** Everything the operator's sheet is made of, read at once. */
async function readSources(services: Services, access: ContractAccess) {
  const db = services.db.kysely;
  const [property, publication, approved, photos, names, allowance, live, documentNames] = await Promise.all([
    existingProperty(db, access.propertyId),
    latestPublication(db, access.propertyId),
    approvedOverrides(services, access),
    operatorPhotos(services, access),
    companyNames(db, [access.hotelAccountId]),
    allowanceOf(services, access),
    db
      .selectFrom('overrides')
      .select(['field', 'status', 'drift_value'])
      .where('operator_account_id', '=', access.operatorAccountId)
      .where('property_id', '=', access.propertyId)
      .where('status', 'in', ['pending', 'approved', 'rejected'])
      .execute(),
    sheetDocumentNames(services, access.propertyId),
  ]);
  return { property, publication, approved, photos, names, allowance, live, documentNames };
}

/** A photo the operator may use, with signed URLs (photos/signed-urls.ts) any client shows in an <img>. */
function photoWire(urls: ReturnType<typeof photoUrlSigner>, p: PhotoRow): OperatorFactSheetWire['photos'][number] {
  return {
    id: p.id,
    name: p.name,
    alt: p.alt,
    category: p.category as OperatorFactSheetWire['photos'][number]['category'],
    room: p.room_id,
    featured: p.featured === true || p.featured === 1,
    thumbnail: photoUrl(urls, p, 'thumbnail'),
    display: photoUrl(urls, p, 'display'),
    original: photoUrl(urls, p, 'original'),
  };
}

/**
 * GET api/partners/fact-sheet/{id}/: the operator's view of a contracted property. The latest
 * publication with the operator's approved overrides, in the chosen language and layout; fields
 * an override replaced carry the hotel's value (and its newer value where the hotel changed it
 * since); fields and rows changed since the publication the operator last marked as seen carry
 * what they were. The first look marks the current publication as seen.
 */
export async function operatorFactSheet(
  services: Services,
  auth: AuthContext,
  access: ContractAccess,
  query: { language?: unknown; layout?: unknown },
): Promise<OperatorFactSheetWire> {
  const db = services.db.kysely;
  const choice = await choiceOf(services, auth, access, query);
  const { property, publication, approved, photos, names, allowance, live, documentNames } = await readSources(
    services,
    access,
  );
  const mine = applyOverrides(publication?.documents ?? new Map(), approved);
  const overriddenName = mine.overridden.get('hotel_name');
  const hotelName = typeof overriddenName === 'string' && overriddenName ? overriddenName : property.hotel_name;
  const place = [property.city, countryName(property.country, choice.language)].filter(Boolean).join(', ');
  // Signed URLs (photos/signed-urls.ts): the operator's browser, or any client, shows them in an <img>.
  const urls = photoUrlSigner(services);
  const featuredRow: PhotoRow | undefined = photos.find((p) => p.featured === true || p.featured === 1) ?? photos[0];
  const build: Build = (documents, name) =>
    buildFactSheet({
      words: translatorOf(choice.language),
      layout: choice.layout,
      property: { id: property.id, name, place },
      sections: sectionInputs(services, documents, documentNames),
      options: services.schemas.bundle.options,
      featured: featuredRow
        ? { url: photoUrl(urls, featuredRow, 'display'), caption: featuredRow.alt ?? featuredRow.name ?? undefined }
        : undefined,
      photos: [],
      createdOn: services.clock.now().toISOString().slice(0, 10),
      publishedOn: publication?.publishedAt.slice(0, 10) ?? null,
    });
  const sheet = build(mine.documents, hotelName);

  if (publication && mine.overridden.size)
    markOverridden(
      services,
      sheet,
      mine.overridden,
      live,
      build(publication.documents, property.hotel_name),
      choice.language,
    );
  const seen = await markSinceSeen(services, access, sheet, publication ?? undefined, (before) =>
    build(applyOverrides(before.documents, approved).documents, hotelName),
  );

  return {
    property: {
      id: property.id,
      hotel_name: hotelName,
      hotel_own_name: property.hotel_name,
      country: property.country,
      state: property.state,
      city: property.city,
      partner: access.hotelAccountId,
      partner_name: names.get(access.hotelAccountId) ?? '',
      contract: access.contractId,
      status: publication ? 'published' : 'draft',
      published_at: publication?.publishedAt ?? null,
      publication: publication?.number ?? null,
    },
    seen,
    sheet: sheetToWire(sheet),
    overrides: overrideCounts(live),
    photos: photos.map((p) => photoWire(urls, p)),
    own_photos: await ownPhotoWires(services, await operatorOwnPhotos(db, access.operatorAccountId, access.propertyId)),
    allowance: allowance.wire,
  };
}

/** The operator has seen the property's publication `number`: changes before it are no longer marked. */
export async function markSeen(services: Services, access: ContractAccess, number: number): Promise<void> {
  const db = services.db.kysely;
  const now = services.clock.now().toISOString();
  const values = {
    operator_account_id: access.operatorAccountId,
    property_id: access.propertyId,
    publication_number: number,
    viewed_at: now,
  };
  await db
    .insertInto('operator_views')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['operator_account_id', 'property_id']).doUpdateSet({ publication_number: number, viewed_at: now }),
    )
    .execute();
}
