import {
  buildFactSheet,
  countryName,
  markChanges,
  type FactSheet,
  type SheetGroup,
} from '../../../shared/fact-sheet/index.js';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import type { PublicationComparisonWire, PublicationListWire } from '../../../shared/generated/wire-types.js';
import { notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { sectionInputs, sheetDocumentNames } from '../exports/index.js';
import { sheetToWire } from '../operator/index.js';
import { personName } from '../auth/index.js';
import { sectionsOf } from '../facts/index.js';
import type { PropertyRow } from '../properties/index.js';
import { documentsOf, type SectionDocuments, publicationByNumber, type Publication } from '../publications/index.js';
import { translatorOf } from '../../i18n/index.js';

/**
 * Who reads a property's publications: the hotel sees what it published; a contracted operator
 * sees its own view of each (its approved overrides laid over, as its fact sheet shows them).
 */
export interface PublicationReader {
  /** The documents as this reader sees them. */
  view(documents: SectionDocuments): SectionDocuments;
  /** The hotel name this reader shows. */
  hotelName: string;
  /** Whether the publishing member's e-mail is shown (the hotel's own team only). */
  showsWho: boolean;
  /** The publication the reader last marked as seen (operators), else null. */
  seen: number | null;
}

export const hotelReader = (property: PropertyRow): PublicationReader => ({
  view: (d) => d,
  hotelName: property.hotel_name,
  showsWho: true,
  seen: null,
});

/** A section's facts without the keys that change on every save (its version, the property): what "changed" compares. */
function comparable(value: unknown): string {
  const strip = (doc: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(doc).filter(([k]) => k !== 'version' && k !== 'hotel'));
  if (Array.isArray(value)) return JSON.stringify(value.map((r) => strip(r as Record<string, unknown>)));
  return JSON.stringify(value && typeof value === 'object' ? strip(value as Record<string, unknown>) : null);
}

/** Every publication of the property, newest first, with the sections that changed since the one before. */
export async function publicationList(
  services: Services,
  propertyId: number,
  reader: PublicationReader,
): Promise<PublicationListWire> {
  const db = services.db.kysely;
  const rows = await db
    .selectFrom('publications')
    .leftJoin('users', 'users.id', 'publications.published_by')
    .select([
      'publications.number',
      'publications.published_at',
      'publications.completeness',
      'publications.data',
      'users.email',
      'users.first_name',
      'users.last_name',
    ])
    .where('publications.property_id', '=', propertyId)
    .orderBy('publications.number')
    .execute();
  const sections = sectionsOf(services.schemas);
  let before: SectionDocuments = new Map();
  const out: PublicationListWire['publications'] = [];
  for (const row of rows) {
    const documents = reader.view(documentsOf(row.data));
    // Compared as stored (saves keep the schema's key order): a section saved again unchanged is not a change.
    const changed = sections.filter((s) => comparable(documents.get(s.key)) !== comparable(before.get(s.key)));
    out.push({
      number: row.number,
      published_at: row.published_at,
      // The person's name, as the audit trail and History name them (their address if they gave none).
      published_by:
        reader.showsWho && row.email !== null
          ? personName({ first_name: row.first_name ?? '', last_name: row.last_name ?? '', email: row.email })
          : null,
      completeness: row.completeness,
      sections: changed.map((s) => ({ key: s.key, title: s.title })),
    });
    before = documents;
  }
  const latest = rows.length ? rows[rows.length - 1]!.number : null;
  return { property: propertyId, latest, seen: reader.seen, publications: out.reverse() };
}

/** The sheet of a publication as the reader sees it, for comparing (no photos: they are not published facts). */
function publicationSheet(
  services: Services,
  property: PropertyRow,
  reader: PublicationReader,
  publication: Publication,
  language: Language,
  documentNames: ReadonlyMap<number, string>,
): FactSheet {
  return buildFactSheet({
    words: translatorOf(language),
    layout: '',
    property: {
      id: property.id,
      name: reader.hotelName,
      place: [property.city, countryName(property.country, language)].filter(Boolean).join(', '),
    },
    sections: sectionInputs(services, reader.view(publication.documents), documentNames),
    options: services.schemas.bundle.options,
    photos: [],
    createdOn: services.clock.now().toISOString().slice(0, 10),
    publishedOn: publication.publishedAt.slice(0, 10),
  });
}

const groupLabel = (g: SheetGroup, label: string): string =>
  g.title && g.title !== label ? `${g.title} › ${label}` : label;

/**
 * What changed from publication `from` to `to`: the operator's "changed since you looked" marks
 * (markChanges) on the sheet of `to` against the sheet of `from`, for any pair, and the marks
 * listed per section.
 */
export async function comparePublications(
  services: Services,
  property: PropertyRow,
  reader: PublicationReader,
  query: { from: number; to: number; language?: string },
  userLanguage: string | null | undefined,
): Promise<PublicationComparisonWire> {
  const db = services.db.kysely;
  const [from, to] = await Promise.all([
    publicationByNumber(db, property.id, query.from),
    publicationByNumber(db, property.id, query.to),
  ]);
  if (!from || !to) throw notFound();
  const lower = userLanguage?.toLowerCase();
  const language: Language = isLanguage(query.language) ? query.language : isLanguage(lower) ? lower : 'en';
  // Certificates' documents by their file names, as every sheet prints them.
  const names = await sheetDocumentNames(services, property.id);
  const sheet = publicationSheet(services, property, reader, to, language, names);
  const changes = markChanges(sheet, publicationSheet(services, property, reader, from, language, names));
  const sections: PublicationComparisonWire['sections'] = [];
  for (const s of sheet.sections) {
    if (s.kind === 'document') {
      const fields = s.groups.flatMap((g) =>
        g.fields
          .filter((f) => f.changedFrom !== undefined)
          .map((f) => ({ key: f.key, label: groupLabel(g, f.label), from: f.changedFrom!, to: f.value })),
      );
      if (fields.length) sections.push({ key: s.key, title: s.title, kind: 'document', fields, rows: [] });
    } else {
      const rows = s.rows.filter((r) => r.change).map((r) => ({ id: r.id ?? null, title: r.title, change: r.change! }));
      if (rows.length) sections.push({ key: s.key, title: s.title, kind: 'list', fields: [], rows });
    }
  }
  return {
    property: property.id,
    from: { number: from.number, published_at: from.publishedAt },
    to: { number: to.number, published_at: to.publishedAt },
    changes,
    sections,
    sheet: sheetToWire(sheet),
  };
}
