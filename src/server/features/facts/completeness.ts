import type { JsonSchema } from '../../../shared/bundle-types.js';
import { holds } from '../../../shared/conditions.js';
import { humanise } from '../../../shared/errors.js';
import { translated } from '../../../shared/i18n/node-texts.js';
import { toIssues, type Words } from '../../../shared/validation-messages.js';
import { translatorOf } from '../../i18n/index.js';
import { isVisible, type VisibilitySchema } from '../../../shared/visibility.js';
import type { Services } from '../../services.js';
import type { CompletenessWire } from '../../../shared/generated/wire-types.js';
import { sectionsOf, type SectionInfo } from './sections.js';

/** The answer's shapes come from schemas/properties/completeness.schema.json. */
export type SectionCompleteness = CompletenessWire['sections'][number];
export type Missing = SectionCompleteness['missing'][number];

const BOOKKEEPING = new Set(['id', 'hotel', 'version']);

function isFilled(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return false;
  return !(Array.isArray(v) && v.length === 0);
}

/** Count the visible fields of a document and how many hold a value; nested groups count field by field. */
export function countFields(
  schema: JsonSchema,
  doc: Record<string, unknown>,
  top = true,
): { filled: number; total: number } {
  let filled = 0;
  let total = 0;
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    if (top && BOOKKEEPING.has(key)) continue;
    // Derived facts (x-derived) are counted from other sections, never filled here.
    if (sub.readOnly === true) continue;
    if (!isVisible(schema as VisibilitySchema, key, doc)) continue;
    const value = doc[key];
    if (sub.properties) {
      const inner = countFields(sub, (value ?? {}) as Record<string, unknown>, false);
      filled += inner.filled;
      total += inner.total;
    } else {
      total += 1;
      if (isFilled(value)) filled += 1;
    }
  }
  return { filled, total };
}

function labelAt(schema: JsonSchema, path: string[], words: Words): string {
  const parts: string[] = [];
  let node: JsonSchema | undefined = schema;
  for (const key of path) {
    node = (node?.properties as Record<string, JsonSchema> | undefined)?.[key];
    parts.push(
      typeof node?.title === 'string' ? translated(node.title, node['x-texts'], words.language) : humanise(key),
    );
  }
  return parts.join(' › ');
}

const ENGLISH: Words = translatorOf('en');

/** What a section's publish rules miss in a document, with the fields' labels and messages in the words' language. */
function missingIn(services: Services, s: SectionInfo, doc: Record<string, unknown>, words: Words): Missing[] {
  const validate = services.schemas.publishValidator(s.ref);
  if (validate(doc)) return [];
  const schema = services.schemas.resolved(s.ref);
  return toIssues(validate.errors, words).map((i) => ({
    field: i.path.join('.'),
    label: labelAt(schema, i.path, words),
    message: i.message,
  }));
}

/**
 * Per section: filled/total fields and what the publish rules still miss, computed from the
 * schemas alone. `words`: the language of what is missing (English unless a caller asks).
 */
export async function completeness(
  services: Services,
  propertyId: number,
  words: Words = ENGLISH,
): Promise<SectionCompleteness[]> {
  const db = services.db.kysely;
  const [docs, rowCounts] = await Promise.all([
    db.selectFrom('fact_sections').select(['section', 'data']).where('property_id', '=', propertyId).execute(),
    db
      .selectFrom('fact_rows')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('property_id', '=', propertyId)
      .groupBy('kind')
      .execute(),
  ]);
  const byKey = new Map(docs.map((d) => [d.section, JSON.parse(d.data) as Record<string, unknown>]));
  return completenessOf(services, byKey, new Map(rowCounts.map((r) => [r.kind, Number(r.n)])), words);
}

/**
 * The same from documents and list row counts read already (the portfolio table reads every
 * property's in one query): byKey holds the parsed documents by section, counts the rows by kind.
 */
export function completenessOf(
  services: Services,
  byKey: ReadonlyMap<string, Record<string, unknown>>,
  counts: ReadonlyMap<string, number>,
  words: Words = ENGLISH,
): SectionCompleteness[] {
  const enabled = (s: SectionInfo): boolean =>
    !s.enabledIf || holds(s.enabledIf.condition, byKey.get(s.enabledIf.section) ?? {});
  return sectionsOf(services.schemas).map((s) => {
    if (s.kind === 'list') {
      const n = counts.get(s.key) ?? 0;
      return {
        section: s.key,
        title: s.title,
        tab: s.tab ?? null,
        kind: s.kind,
        enabled: enabled(s),
        exists: n > 0,
        filled: n,
        total: n,
        missing: [],
      };
    }
    if (!byKey.has(s.key)) return { ...neverSavedCompleteness(services, s, words), enabled: enabled(s) };
    const doc = byKey.get(s.key)!;
    const schema = services.schemas.resolved(s.ref);
    const missing = missingIn(services, s, doc, words);
    return {
      section: s.key,
      title: s.title,
      tab: s.tab ?? null,
      kind: s.kind,
      enabled: enabled(s),
      exists: byKey.has(s.key),
      ...countFields(schema, doc),
      missing,
    };
  });
}

const unsaved = new WeakMap<Services, Map<string, SectionCompleteness>>();

/**
 * A section never saved reads as {hotel} alone: its counts and what publishing misses are the same
 * for every property, so they are worked out once per section and language (a portfolio of 200 properties
 * mostly holds sections never saved, and walking a large schema's fields is the costly part).
 */
function neverSavedCompleteness(services: Services, s: SectionInfo, words: Words): SectionCompleteness {
  let bySection = unsaved.get(services);
  if (!bySection) unsaved.set(services, (bySection = new Map()));
  const key = `${words.language} ${s.key}`;
  let c = bySection.get(key);
  if (!c) {
    const doc = { hotel: 1 };
    const schema = services.schemas.resolved(s.ref);
    const missing = missingIn(services, s, doc, words);
    c = {
      section: s.key,
      title: s.title,
      tab: s.tab ?? null,
      kind: s.kind,
      enabled: true,
      exists: false,
      ...countFields(schema, doc),
      missing,
    };
    bySection.set(key, c);
  }
  return c;
}

/** One line per section that blocks publishing: "Main info: Rating, Address". */
export function publishProblems(sections: readonly SectionCompleteness[]): string[] {
  return sections
    .filter((s) => s.enabled && s.missing.length > 0)
    .map((s) => `${s.title}: ${[...new Set(s.missing.map((m) => m.label))].join(', ')}`);
}

/** Percent of the fields of the sections that apply that are filled (lists count as filled when they have rows). */
export function filledPercent(sections: readonly SectionCompleteness[]): number {
  const docs = sections.filter((s) => s.enabled && s.kind === 'document');
  const total = docs.reduce((n, s) => n + s.total, 0);
  return total ? Math.round((100 * docs.reduce((n, s) => n + s.filled, 0)) / total) : 0;
}
