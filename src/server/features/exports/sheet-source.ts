import type { Readable } from 'node:stream';
import {
  buildFactSheet,
  countryName,
  isSheetLayout,
  type FactSheet,
  type SchemaNode,
  type SectionInput,
  type SheetImage,
  type SheetLayout,
} from '../../../shared/fact-sheet/index.js';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import type { PrintImage } from '../../pdf/printer.js';
import type { Services } from '../../services.js';
import { sectionsOf } from '../facts/index.js';
import type { PropertyRow } from '../properties/index.js';
import type { PhotoRow } from '../photos/index.js';
import { sheetPhotos } from './sheet-photos.js';
import { findPreferences } from '../settings/index.js';
import { storedDocuments, type SectionDocuments } from '../publications/index.js';
import { translatorOf } from '../../i18n/index.js';
import { documentsAsOf, withDocumentNames } from '../../../shared/sustainability.js';
import { documentNames } from '../sustainability/index.js';

/** The property's facts as stored now (the hotel's own sheet). */
export const currentDocuments = (services: Services, propertyId: number): Promise<SectionDocuments> =>
  storedDocuments(services.db.kysely, services.schemas, propertyId);

/**
 * Every fact section with its schema and the given facts: what buildFactSheet reads. Certificates
 * read as they stand today (one that ended since it was saved or published reads expired), and
 * with `names` (sheetDocumentNames) each one's document by its file name.
 */
export function sectionInputs(
  services: Services,
  stored: SectionDocuments,
  names?: ReadonlyMap<number, string>,
): SectionInput[] {
  const today = documentsAsOf(stored, services.clock.now().toISOString().slice(0, 10));
  const documents = names ? withDocumentNames(today, names) : today;
  return sectionsOf(services.schemas).map((s) => ({
    key: s.key,
    kind: s.kind,
    order: s.order,
    schema: services.schemas.resolved(s.ref) as SchemaNode,
    data: documents.get(s.key),
    enabledIf: s.enabledIf,
  }));
}

/** The file names of a property's certificate documents, for sectionInputs: what a printed sheet names them by. */
export const sheetDocumentNames = (services: Services, propertyId: number): Promise<Map<number, string>> =>
  documentNames(services.db.kysely, propertyId);

export interface SheetChoice {
  language: Language;
  layout: SheetLayout;
}

/** The caller's choice, else the account's preference (layout) and the user's language (else English). */
export async function sheetChoice(
  services: Services,
  accountId: number,
  userLanguage: string | undefined,
  query: { layout?: unknown; language?: unknown },
): Promise<SheetChoice> {
  let layout: SheetLayout = '';
  if (isSheetLayout(query.layout)) layout = query.layout;
  else {
    const prefs = await findPreferences(services.db.kysely, accountId);
    const stored = prefs ? (JSON.parse(prefs.data) as { pdf_layout?: unknown }).pdf_layout : undefined;
    if (isSheetLayout(stored)) layout = stored;
  }
  const language = isLanguage(query.language) ? query.language : isLanguage(userLanguage) ? userLanguage : 'en';
  return { language, layout };
}

/** The images of a sheet: file names the template loads them by, and the stored files behind them. */
export class SheetAssets {
  readonly #keys = new Map<string, string>();
  add(name: string, key: string, caption?: string | null): SheetImage {
    this.#keys.set(name, key);
    return { url: name, ...(caption ? { caption } : {}) };
  }
  /** The storage keys behind the names (a new upload gets a new key). */
  keys(): [string, string][] {
    return [...this.#keys].sort(([a], [b]) => a.localeCompare(b));
  }
  /** Every image's bytes, as printed (print-images.ts); one no longer in storage is left out (the sheet prints without it). */
  async load(services: Services): Promise<PrintImage[]> {
    const loaded = await Promise.all(
      [...this.#keys].map(async ([name, key]) => {
        const body = await services.printImages.get(key, name, async () => {
          const file = await services.storage.open(key);
          return file ? readAll(file.stream) : undefined;
        });
        return body ? { name, body } : undefined;
      }),
    );
    return loaded.filter((i): i is PrintImage => !!i);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A sheet's facts: a revision naming them (equal revisions, equal facts) and how to read them. */
export interface SheetDocuments {
  revision: string;
  load(): Promise<SectionDocuments>;
}

/**
 * What another caller changes in a sheet: the operator side passes the published facts with its
 * approved overrides, its own logo (or none) and the photos its contract allows.
 */
export interface SheetOverrides {
  /** Default: the facts as stored now (revision: the property's facts_rev). */
  documents?: SheetDocuments;
  /** 'account': the company logo when the account's add_logo preference is on (default); a storage key: that PNG. */
  logo?: 'account' | 'none' | { key: string; caption?: string };
  /** Default: the property's logo. */
  propertyLogo?: boolean;
  /** Which photos may appear (default all that may leave the account). */
  photos?: (row: PhotoRow) => boolean;
  /**
   * The hotel's own download of its own sheet: photos held back by their rights (issue 40 §3)
   * stay in it. Every other sheet (mailed, an operator's) leaves them out.
   */
  keepHeldBack?: boolean;
  /** An earlier publication's sheet: the publication that replaced it (printed as superseded). */
  supersededBy?: { number: number; publishedAt: string } | null;
}

/**
 * A fact sheet before it is built: `key` is what the document is made of (the facts' revision,
 * property, layout, language, day, the logos' and photos' storage keys and captions), read with a
 * few small queries, so an unchanged document is found in the PDF cache without building it;
 * `build` makes the model (only on a miss).
 */
export interface SheetSource {
  key: string;
  build(): Promise<{ sheet: FactSheet; assets: SheetAssets }>;
}

/** The company logo of an account whose add_logo preference is on, with the company's name as its caption. */
async function companyLogo(
  services: Services,
  accountId: number,
): Promise<{ key: string; caption: string } | undefined> {
  const db = services.db.kysely;
  const prefs = await findPreferences(db, accountId);
  const addLogo = prefs ? (JSON.parse(prefs.data) as { add_logo?: unknown }).add_logo === true : false;
  const company = addLogo
    ? await db
        .selectFrom('companies')
        .select(['logo_key', 'data'])
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  if (!company?.logo_key) return undefined;
  return { key: company.logo_key, caption: (JSON.parse(company.data) as { company?: string }).company ?? '' };
}

/** The sheet's own logo: the one given, the account's company logo, or none. */
async function sheetLogo(
  services: Services,
  accountId: number,
  choice: NonNullable<SheetOverrides['logo']>,
  assets: SheetAssets,
): Promise<SheetImage | undefined> {
  if (choice === 'none') return undefined;
  const given = typeof choice === 'object' ? choice : await companyLogo(services, accountId);
  return given ? assets.add('logo-company.png', given.key, given.caption) : undefined;
}

/**
 * The fact sheet of a property: the model from the schemas of this app's bundle, the given facts
 * (default: as stored now), the option lists, the gallery's featured photo and first photos, and
 * the logos. The operator side passes its own documents (published facts with its approved
 * overrides) and logo.
 */
export async function factSheetSource(
  services: Services,
  property: PropertyRow,
  choice: SheetChoice,
  overrides: SheetOverrides = {},
): Promise<SheetSource> {
  const documents = overrides.documents ?? {
    revision: `facts ${property.facts_rev}`,
    load: () => currentDocuments(services, property.id),
  };
  const assets = new SheetAssets();
  const { featured, gallery } = await sheetPhotos(services, property.id, choice.language, overrides, assets);
  const logo = await sheetLogo(services, property.account_id, overrides.logo ?? 'account', assets);
  const propertyLogo =
    property.logo_key && overrides.propertyLogo !== false
      ? assets.add('logo-property.png', property.logo_key, property.hotel_name)
      : undefined;
  const place = [property.city, countryName(property.country, choice.language)].filter(Boolean).join(', ');
  const createdOn = services.clock.now().toISOString().slice(0, 10);
  const publishedOn = property.publish_date?.slice(0, 10) ?? null;
  const head = {
    language: choice.language,
    layout: choice.layout,
    property: { id: property.id, name: property.hotel_name, place, logo: propertyLogo },
    logo,
    featured,
    photos: gallery,
    createdOn,
    publishedOn,
    supersededBy: overrides.supersededBy
      ? { number: overrides.supersededBy.number, on: overrides.supersededBy.publishedAt.slice(0, 10) }
      : null,
  };
  return {
    key: JSON.stringify([documents.revision, head, assets.keys()]),
    async build() {
      const { language, ...rest } = head;
      const sheet = buildFactSheet({
        ...rest,
        words: translatorOf(language),
        sections: sectionInputs(services, await documents.load(), await sheetDocumentNames(services, property.id)),
        options: services.schemas.bundle.options,
      });
      return { sheet, assets };
    },
  };
}
