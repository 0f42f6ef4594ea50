import type { JsonSchema } from '../../../shared/bundle-types.js';
import { humanise } from '../../../shared/errors.js';

export interface Change {
  /** Dotted wire path, e.g. tax.tax_charges or rooms.2.room_name */
  field: string;
  /** The field's title path from the schema, e.g. "Tax › Charges". */
  label: string;
  from: unknown;
  to: unknown;
}

function titleOf(schema: JsonSchema | undefined, key: string): string {
  return typeof schema?.title === 'string' ? schema.title : humanise(key);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

const BOOKKEEPING = new Set(['id', 'hotel', 'version']);

/** Field-level changes between two documents, labelled with the schema's titles. */
export function diffDocuments(
  schema: JsonSchema,
  before: unknown,
  after: unknown,
  prefix = '',
  labelPrefix = '',
): Change[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const keys = [...new Set([...Object.keys(props), ...Object.keys(a), ...Object.keys(b)])];
  const out: Change[] = [];
  for (const key of keys) {
    if (prefix === '' && BOOKKEEPING.has(key)) continue;
    if (same(a[key], b[key])) continue;
    const sub = props[key];
    const label = labelPrefix ? `${labelPrefix} › ${titleOf(sub, key)}` : titleOf(sub, key);
    const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);
    if (sub?.properties && (isObject(a[key]) || isObject(b[key]))) {
      out.push(...diffDocuments(sub, a[key], b[key], `${prefix}${key}.`, label));
    } else {
      out.push({ field: `${prefix}${key}`, label, from: a[key] ?? null, to: b[key] ?? null });
    }
  }
  return out;
}
