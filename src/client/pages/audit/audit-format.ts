import type { AuditQueryWire } from '../../../shared/generated/wire-types';
import { AUDIT_PAGE_SIZE } from '../../../shared/generated/value-lists';
import type { SectionDefinition } from '../../../shared/section-types';
import { sectionDocument, type ChangedDocument } from '../../engine/texts/use-change-words';

/** The audit kinds whose changes are a fact section's (the event's subject is the section's key). */
const FACT_KINDS = new Set(['facts', 'rows']);

/** The schema file other events' changes were diffed with (server: each feature's diffDocuments), by kind, else by subject. */
const FILES: Readonly<Record<string, string>> = {
  permissions: 'auth/permissions.schema.json',
  team: 'settings/authorized-user-update.schema.json',
  property: 'properties/property-form.schema.json',
  company: 'settings/company-form.schema.json',
  preferences: 'settings/preferences.schema.json',
  contact: 'settings/mailing-contact.schema.json',
  'mailing-list': 'settings/mailing-list.schema.json',
};

/** The fact section an event's changes belong to, if any: its definition gives the fields' option lists. */
export const sectionOf = (event: { kind: string; subject: string | null }): string | undefined =>
  FACT_KINDS.has(event.kind) && event.subject ? event.subject : undefined;

/** The document an event's changes were made to: its schema file (its titles translate), and the fact section's definition. */
export function documentOf(
  event: { kind: string; subject: string | null },
  sections: ReadonlyMap<string, SectionDefinition>,
): ChangedDocument | undefined {
  const section = sectionOf(event);
  if (section) return sectionDocument(section, sections);
  const file = FILES[event.kind] ?? (event.subject ? FILES[event.subject] : undefined);
  return file ? { file } : undefined;
}

const NUMBERS = ['property', 'user', 'page'] as const;
const TEXTS = ['kind', 'date_from', 'date_to'] as const;

/** The trail's filters and page from the address bar (what is not a valid value is left out). */
export function queryFromSearch(search: URLSearchParams): AuditQueryWire {
  const query: Record<string, string | number> = {};
  for (const key of NUMBERS) {
    const n = Number(search.get(key));
    if (Number.isInteger(n) && n > 0) query[key] = n;
  }
  for (const key of TEXTS) {
    const v = search.get(key);
    if (v) query[key] = v;
  }
  return query as AuditQueryWire;
}

/** The filters (and page) as address-bar parameters; empty ones are left out, page 1 too. */
export function searchFromQuery(query: Partial<Record<keyof AuditQueryWire, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || (key === 'page' && value === 1)) continue;
    out[key] = String(value);
  }
  return out;
}

/** Pages of a trail of `count` events, 25 a page (the server's: x-page-size of schemas/settings/audit-query; at least one). */
export const pageCount = (count: number, size = AUDIT_PAGE_SIZE): number => Math.max(1, Math.ceil(count / size));
