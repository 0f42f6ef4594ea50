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

/**
 * Whether two values would be written as the same JSON text: what comparing
 * JSON.stringify(a ?? null) with JSON.stringify(b ?? null) answers, walked instead of written out
 * (a 50-row save compared each row's every group as text at every level of nesting: most of the
 * save's diff). JSON's rules kept: key order counts, keys holding undefined are left out, and
 * undefined, NaN and the infinities are null (in lists too).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return equal(a ?? null, b ?? null);
}

/** JSON writes non-finite numbers and (in lists) undefined as null. */
const asJson = (v: unknown): unknown => (v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? null : v);

function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function equal(x: unknown, y: unknown): boolean {
  const a = asJson(x);
  const b = asJson(y);
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
    return true;
  }
  // Anything but plain data (a Date, an object with toJSON): as JSON writes it.
  if (!isPlain(a) || !isPlain(b)) return JSON.stringify(a) === JSON.stringify(b);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !equal(ra[k], rb[k])) return false;
  }
  return true;
}

const BOOKKEEPING = new Set(['id', 'hotel', 'version']);

const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The keys of the schema, then those only the old document has, then those only the new one has
 * (each once, in that order). Worked out without building a set: a 50-row save asks this for
 * every group of every row.
 */
function keysOf(props: Record<string, JsonSchema>, a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = Object.keys(props);
  for (const k of Object.keys(a)) if (!Object.hasOwn(props, k)) keys.push(k);
  for (const k of Object.keys(b)) if (!Object.hasOwn(props, k) && !Object.hasOwn(a, k)) keys.push(k);
  return keys;
}

/** Field-level changes between two documents, labelled with the schema's titles. */
export function diffDocuments(
  schema: JsonSchema,
  before: unknown,
  after: unknown,
  prefix = '',
  labelPrefix = '',
): Change[] {
  const out: Change[] = [];
  collect(out, schema, before, after, prefix, labelPrefix);
  return out;
}

function collect(
  out: Change[],
  schema: JsonSchema,
  before: unknown,
  after: unknown,
  prefix: string,
  labelPrefix: string,
): void {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const key of keysOf(props, a, b)) {
    if (prefix === '' && BOOKKEEPING.has(key)) continue;
    if (sameJson(a[key], b[key])) continue;
    const sub = props[key];
    const label = labelPrefix ? `${labelPrefix} › ${titleOf(sub, key)}` : titleOf(sub, key);
    if (sub?.properties && (isObject(a[key]) || isObject(b[key]))) {
      collect(out, sub, a[key], b[key], `${prefix}${key}.`, label);
    } else {
      out.push({ field: `${prefix}${key}`, label, from: a[key] ?? null, to: b[key] ?? null });
    }
  }
}
