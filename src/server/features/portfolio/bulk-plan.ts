import type { JsonSchema } from '../../../shared/bundle-types.js';
import type { ErrorTree } from '../../../shared/errors.js';
import { flattenErrors } from '../../../shared/errors.js';
import type { Words } from '../../../shared/validation-messages.js';
import { badRequest, fieldError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { diffDocuments, type Change } from '../audit/index.js';
import { neverSaved, sectionsOf, type SectionInfo } from '../facts/index.js';

type Doc = Record<string, unknown>;
const BOOKKEEPING = new Set(['id', 'hotel', 'version']);

/** What a bulk edit would do to one property's section document. */
export type Plan =
  | { outcome: 'same'; changes: Change[] }
  | { outcome: 'invalid'; changes: Change[]; errors: ErrorTree; message: string }
  | {
      outcome: 'change';
      changes: Change[];
      /** The whole document to save (the stored one with the new values, hidden dependents emptied). */
      doc: Doc;
      /** Top-level fields the save changes, with their values before and after (for undo). */
      before: Doc;
      after: Doc;
    };

/** The document section a bulk edit names (lists are edited row by row, not in bulk): 400 otherwise. */
export function bulkSection(services: Services, key: string): SectionInfo {
  const section = sectionsOf(services.schemas).find((s) => s.key === key);
  if (!section) throw fieldError('section', `There is no section "${key}".`);
  if (section.kind !== 'document')
    throw fieldError('section', `${section.title} is a list: edit its rows in each property.`);
  return section;
}

/** The fields of a bulk edit, each a top-level field of the section (never id, hotel or version): labelled. */
export function bulkFields(services: Services, section: SectionInfo, values: Doc): { field: string; label: string }[] {
  const props = (services.schemas.resolved(section.ref).properties ?? {}) as Record<string, JsonSchema>;
  const unknown = Object.keys(values).filter((k) => BOOKKEEPING.has(k) || !Object.hasOwn(props, k));
  if (unknown.length)
    throw badRequest({
      values: [`${section.title} has no field ${unknown.map((k) => `"${k}"`).join(', ')} to edit in bulk.`],
    });
  return Object.keys(values).map((field) => ({
    field,
    label: typeof props[field]?.title === 'string' ? (props[field].title as string) : field,
  }));
}

/**
 * The values of a bulk edit as a save reads them (text "14:00", "true" for a flag...), each
 * checked by the section's schema on its own: a value every property would refuse (a time of
 * 25:00, a list where a flag goes, a minimum above the maximum sent with it) is a 400 naming the
 * field under `values`, before anything is stored. What depends on a property's own document is
 * still judged per property (the plan's `invalid`).
 */
export function bulkValues(services: Services, section: SectionInfo, values: Doc, words?: Words): Doc {
  const read = services.schemas.readRequest(section.ref, values, 'json').value as Doc;
  const errors = services.schemas.validateFields(section.ref, read, words);
  if (errors) throw badRequest({ values: errors });
  return read;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The plan for one property: its stored document (or a new section's) completed to the schema,
 * the new values laid over it, hidden dependents emptied as the editor does before it sends, then
 * checked by the section's schema exactly as a save's body is.
 */
export function planFor(
  services: Services,
  section: SectionInfo,
  propertyId: number,
  stored: string | undefined,
  values: Doc,
): Plan {
  const current = services.schemas.complete<Doc>(
    section.ref,
    stored ? (JSON.parse(stored) as Doc) : neverSaved(services, section, propertyId),
  );
  const merged = services.schemas.clearHidden<Doc>(section.ref, { ...current, ...values, hotel: propertyId });
  const changes = diffDocuments(services.schemas.resolved(section.ref), current, merged);
  if (!changes.length) return { outcome: 'same', changes };
  const errors = services.schemas.validate(section.ref, merged);
  if (errors) {
    const props = (services.schemas.resolved(section.ref).properties ?? {}) as Record<string, JsonSchema>;
    const label = (path: readonly string[]) =>
      typeof props[path[0] ?? '']?.title === 'string' ? (props[path[0]!]!.title as string) : undefined;
    return {
      outcome: 'invalid',
      changes,
      errors,
      message: flattenErrors(errors, label).join(' ') || 'The section refuses these values.',
    };
  }
  const before: Doc = {};
  const after: Doc = {};
  for (const key of Object.keys(merged)) {
    if (BOOKKEEPING.has(key) || same(current[key], merged[key])) continue;
    before[key] = current[key] ?? null;
    after[key] = merged[key] ?? null;
  }
  return { outcome: 'change', changes, doc: merged, before, after };
}

/** Whether a document still holds every value a batch set (nobody changed those fields since). */
export function holdsValues(
  services: Services,
  section: SectionInfo,
  stored: string | undefined,
  values: Doc,
): boolean {
  if (!stored) return false;
  const current = services.schemas.complete<Doc>(section.ref, JSON.parse(stored) as Doc);
  return Object.entries(values).every(([k, v]) => same(current[k], v));
}
