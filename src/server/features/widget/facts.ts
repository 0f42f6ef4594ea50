import { Country } from '../../../shared/places.js';
import { countryName, displayValue, translated, type SchemaNode } from '../../../shared/fact-sheet/index.js';
import type { Language } from '../../../shared/i18n/languages.js';
import type { WidgetContentWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import type { SectionDocuments } from '../publications/index.js';
import { translatorOf } from '../../i18n/index.js';
import { sectionsOf, sectionTitle } from '../facts/index.js';
import { certificatesAsOf, CERTIFICATE_SECTION } from '../../../shared/sustainability.js';

type Fact = WidgetContentWire['facts'][number];

/** Content types in order: a field marked for one shows in it and in every richer one. */
const RANK: Record<string, number> = { s: 0, d: 1, r: 2 };

/**
 * The facts the embed shows: the main-info fields whose `x-widget` (schemas/README.md) reaches the
 * widget's content type, in schema order, each with its title and its value as the fact sheet
 * prints it (option labels, Yes/No) in `language`; then the property's city and country; then the
 * marked fields of the other sections (accessibility), in editor order. `value` stays raw for the
 * schema.org JSON-LD. Empty facts are left out.
 */
export function widgetFacts(
  services: Services,
  documents: SectionDocuments,
  property: { city: string; country: string },
  contentType: string,
  language: Language = 'en',
): Fact[] {
  const rank = RANK[contentType] ?? RANK.d!;
  const out: Fact[] = markedFacts(services, 'facts/main-info.schema.json', documents.get('main-info'), rank, language);
  const place = services.schemas.resolved('properties/property.schema.json').properties as Record<string, SchemaNode>;
  const title = (key: 'city' | 'country', english: string) =>
    translated(place[key]?.title ?? english, place[key]?.['x-texts'], language);
  if (property.city) out.push({ key: 'city', label: title('city', 'City'), value: property.city, text: property.city });
  if (property.country)
    out.push({
      key: 'country',
      label: title('country', 'Country'),
      value: property.country,
      // English keeps the portal's own list (the names the fact sheet prints); the others Intl's.
      text:
        language === 'en'
          ? (Country.getCountryByCode(property.country)?.name ?? property.country)
          : countryName(property.country, language),
    });
  // Then the other sections' marked fields (accessibility: step-free entrance, lift, parking...), in editor order.
  for (const section of sectionsOf(services.schemas))
    if (section.kind === 'document' && section.key !== 'main-info')
      out.push(...markedFacts(services, section.ref, documents.get(section.key), rank, language));
  // Then the sustainability certificates in force, each with what backs it (Default and Rich).
  if (rank >= RANK.d!) out.push(...certificateFacts(services, documents, language));
  return out;
}

/** A section's fields whose `x-widget` reaches the content type, with their values (empty ones left out). */
function markedFacts(
  services: Services,
  ref: string,
  stored: Record<string, unknown> | Record<string, unknown>[] | undefined,
  rank: number,
  language: Language,
): Fact[] {
  const schema = services.schemas.resolved(ref) as SchemaNode & { properties?: Record<string, SchemaNode> };
  const doc = (stored && !Array.isArray(stored) ? stored : {}) as Record<string, unknown>;
  const out: Fact[] = [];
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const from = RANK[(field as { 'x-widget'?: string })['x-widget'] ?? ''];
    const value = doc[key];
    if (
      from === undefined ||
      from > rank ||
      !(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') ||
      value === ''
    )
      continue;
    out.push({
      key,
      label: translated(String(field.title ?? key), field['x-texts'], language),
      value,
      text: displayValue(field, value, services.schemas.bundle.options, translatorOf(language)),
    });
  }
  return out;
}

/**
 * The property's sustainability certificates in force (Default and Rich widgets), each with what
 * backs it: "Green Key (Document attached)". An ended certificate is no longer a claim: left out.
 */
function certificateFacts(services: Services, documents: SectionDocuments, language: Language): Fact[] {
  const stored = documents.get(CERTIFICATE_SECTION);
  if (!Array.isArray(stored) || !stored.length) return [];
  const schema = services.schemas.resolved('facts/certificate.schema.json') as SchemaNode & {
    properties: Record<string, SchemaNode>;
  };
  const words = translatorOf(language);
  const options = services.schemas.bundle.options;
  const issuer = schema.properties.certificate_issuer!;
  const status = schema.properties.certificate_status!;
  const section = sectionsOf(services.schemas).find((s) => s.key === CERTIFICATE_SECTION);
  const label = section ? sectionTitle(section, language) : String(schema.title);
  return certificatesAsOf(stored, services.clock.now().toISOString().slice(0, 10))
    .filter((c) => typeof c.certificate_issuer === 'string' && c.certificate_status !== 'expired')
    .map((c) => ({
      key: 'sustainability_certificate',
      label,
      value: String(c.certificate_issuer),
      text: `${displayValue(issuer, c.certificate_issuer, options, words)} (${displayValue(status, c.certificate_status, options, words)})`,
    }));
}
