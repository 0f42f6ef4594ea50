import type { Readable } from 'node:stream';
import { buildFactSheet, isSheetLanguage, isSheetLayout, type FactSheet, type SchemaNode, type SectionInput, type SheetImage, type SheetLanguage, type SheetLayout } from '../../../shared/fact-sheet/index.js';
import { ASSET_BASE, type Asset } from '../../pdf/printer.js';
import type { Services } from '../../services.js';
import { bool } from '../../db/tables.js';
import { sectionsOf } from '../facts/sections.js';
import type { PropertyRow } from '../properties/store.js';
import type { PhotoRow } from '../photos/store.js';
import { findPreferences } from '../settings/preferences.js';
import { storedDocuments, type SectionDocuments } from '../publications/documents.js';
import { Country } from 'country-state-city';

/** Photos on the photo page of a sheet (the whole gallery goes as a zip, not in a PDF). */
export const SHEET_PHOTOS = 8;

/** The property's facts as stored now (the hotel's own sheet). */
export const currentDocuments = (services: Services, propertyId: number): Promise<SectionDocuments> => storedDocuments(services.db.kysely, propertyId);

/** Every fact section with its schema and the given facts: what buildFactSheet reads. */
export function sectionInputs(services: Services, documents: SectionDocuments): SectionInput[] {
  return sectionsOf(services.schemas).map((s) => ({
    key: s.key,
    kind: s.kind,
    order: s.order,
    schema: services.schemas.resolved(s.ref) as SchemaNode,
    data: documents.get(s.key),
    enabledIf: s.enabledIf,
  }));
}

export interface SheetChoice {
  language: SheetLanguage;
  layout: SheetLayout;
}

/** The caller's choice, else the account's preference (layout) and the user's language (else English). */
export async function sheetChoice(services: Services, accountId: number, userLanguage: string | undefined, query: { layout?: unknown; language?: unknown }): Promise<SheetChoice> {
  let layout: SheetLayout = '';
  if (isSheetLayout(query.layout)) layout = query.layout;
  else {
    const prefs = await findPreferences(services.db.kysely, accountId);
    const stored = prefs ? (JSON.parse(prefs.data) as { pdf_layout?: unknown }).pdf_layout : undefined;
    if (isSheetLayout(stored)) layout = stored;
  }
  const language = isSheetLanguage(query.language) ? query.language : isSheetLanguage(userLanguage) ? userLanguage : 'en';
  return { language, layout };
}

/** Where a sheet's images come from: asset URLs the printer asks for, and the storage keys behind them. */
class AssetMap {
  readonly #keys = new Map<string, { key: string; contentType: string }>();
  add(name: string, key: string, contentType: string, caption?: string | null): SheetImage {
    const url = `${ASSET_BASE}${name}`;
    this.#keys.set(url, { key, contentType });
    return { url, ...(caption ? { caption } : {}) };
  }
  /** The storage key behind every asset URL: with the HTML, what decides the printed bytes. */
  fingerprint(): string {
    return JSON.stringify([...this.#keys].sort(([a], [b]) => a.localeCompare(b)).map(([url, e]) => [url, e.key]));
  }
  resolver(services: Services): (url: string) => Promise<Asset | undefined> {
    return async (url) => {
      const entry = this.#keys.get(url);
      if (!entry) return undefined;
      const file = await services.storage.open(entry.key);
      return file ? { body: await readAll(file.stream), contentType: entry.contentType } : undefined;
    };
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What another caller changes in a sheet: the operator side passes the published facts with its
 * approved overrides, its own logo (or none) and the photos its contract allows.
 */
export interface SheetOverrides {
  /** Default: the facts as stored now. */
  documents?: SectionDocuments;
  /** 'account': the company logo when the account's add_logo preference is on (default); a storage key: that PNG. */
  logo?: 'account' | 'none' | { key: string; caption?: string };
  /** Default: the property's logo. */
  propertyLogo?: boolean;
  /** Which photos may appear (default all). */
  photos?: (row: PhotoRow) => boolean;
}

export interface SheetParts {
  sheet: FactSheet;
  assets: (url: string) => Promise<Asset | undefined>;
  /** The storage keys of the assets (see PrintJob.fingerprint). */
  fingerprint: string;
}

/**
 * The fact sheet of a property, ready to print: the model from the schemas of this app's bundle,
 * the given facts (default: as stored now), the option lists, the gallery's featured photo and
 * first photos, and the logos. The operator side passes its own documents (published facts with
 * its approved overrides) and logo.
 */
export async function factSheetOf(
  services: Services,
  property: PropertyRow,
  choice: SheetChoice,
  overrides: SheetOverrides = {},
): Promise<SheetParts> {
  const db = services.db.kysely;
  const documents = overrides.documents ?? (await currentDocuments(services, property.id));
  const sections = sectionInputs(services, documents);
  const assets = new AssetMap();
  const allowed = overrides.photos ?? (() => true);
  let photoQuery = db.selectFrom('photos').selectAll().where('property_id', '=', property.id).orderBy('sequence').orderBy('id');
  if (!overrides.photos) photoQuery = photoQuery.limit(SHEET_PHOTOS + 1);
  const photos = (await photoQuery.execute()).filter(allowed);
  const featuredStored = photos.find((p) => bool(p.featured)) ?? (await db.selectFrom('photos').selectAll().where('property_id', '=', property.id).where('featured', '=', true).executeTakeFirst());
  const featuredRow = (featuredStored && allowed(featuredStored) ? featuredStored : undefined) ?? photos[0];
  const featured = featuredRow ? assets.add(`photo/${featuredRow.id}/display`, featuredRow.display_key, 'image/jpeg', featuredRow.alt ?? featuredRow.name) : undefined;
  const gallery = photos.filter((p) => p.id !== featuredRow?.id).slice(0, SHEET_PHOTOS).map((p) => assets.add(`photo/${p.id}/thumbnail`, p.thumbnail_key, 'image/jpeg', p.alt ?? p.name));
  let logo: SheetImage | undefined;
  const logoChoice = overrides.logo ?? 'account';
  if (typeof logoChoice === 'object') logo = assets.add('logo/company', logoChoice.key, 'image/png', logoChoice.caption);
  else if (logoChoice === 'account') {
    const prefs = await findPreferences(db, property.account_id);
    const addLogo = prefs ? (JSON.parse(prefs.data) as { add_logo?: unknown }).add_logo === true : false;
    const company = addLogo ? await db.selectFrom('companies').select(['logo_key', 'data']).where('account_id', '=', property.account_id).executeTakeFirst() : undefined;
    if (company?.logo_key) logo = assets.add('logo/company', company.logo_key, 'image/png', (JSON.parse(company.data) as { company?: string }).company ?? '');
  }
  const propertyLogo = property.logo_key && overrides.propertyLogo !== false ? assets.add('logo/property', property.logo_key, 'image/png', property.hotel_name) : undefined;
  const place = [property.city, Country.getCountryByCode(property.country)?.name ?? property.country].filter(Boolean).join(', ');
  const sheet = buildFactSheet({
    language: choice.language,
    layout: choice.layout,
    property: { id: property.id, name: property.hotel_name, place, logo: propertyLogo },
    sections,
    options: services.schemas.bundle.options,
    logo,
    featured,
    photos: gallery,
    createdOn: services.clock.now().toISOString().slice(0, 10),
    publishedOn: property.publish_date?.slice(0, 10) ?? null,
  });
  return { sheet, assets: assets.resolver(services), fingerprint: assets.fingerprint() };
}
