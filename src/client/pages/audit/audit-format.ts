import type { AuditQueryWire } from '../../../shared/generated/wire-types';
import { AUDIT_PAGE_SIZE } from '../../../shared/generated/value-lists';

/** A recorded value as a person reads it: nothing as a dash, flags as Yes/No, lists joined. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (Array.isArray(value)) return value.length ? value.map(formatValue).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One field-level change: "Company name: Ananas Hotels → Ananas Group". */
export function changeLine(change: { label: string; field: string; from: unknown; to: unknown }): string {
  return `${change.label || change.field}: ${formatValue(change.from)} → ${formatValue(change.to)}`;
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
