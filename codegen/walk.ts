import { isObject, type JsonSchema } from './model.js';

/** Keywords whose value is one subschema, a list of them, or a map of them. Everything else is data. */
const SINGLE = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAP = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

export type Visit = (node: JsonSchema, key: string | undefined) => unknown;

/**
 * Pre-order rewrite of a schema tree: `fn` may return a replacement node (not descended
 * further) or undefined to keep the node and descend into its subschemas.
 */
export function transform(node: unknown, fn: Visit, key?: string): unknown {
  if (!isObject(node)) return node;
  const replaced = fn(node, key);
  if (replaced !== undefined) return replaced;
  return mapChildren(node, (child, k) => transform(child, fn, k));
}

/** Post-order rewrite: children first, then `fn` on the node holding the rewritten children. */
export function rewrite(node: unknown, fn: (node: JsonSchema, isRoot: boolean) => JsonSchema, isRoot = true): unknown {
  if (!isObject(node)) return node;
  return fn(
    mapChildren(node, (child) => rewrite(child, fn, false)),
    isRoot,
  );
}

/** A copy of `node` whose subschemas went through `fn`. */
export function mapChildren(node: JsonSchema, fn: (child: unknown, key: string) => unknown): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (SINGLE.has(k) && isObject(v)) out[k] = fn(v, k);
    else if (LIST.has(k) && Array.isArray(v)) out[k] = v.map((s) => fn(s, k));
    else if (MAP.has(k) && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, fn(s, k)]));
    else out[k] = v;
  }
  return out;
}

/** Visit every subschema (pre-order) with its JSON pointer. */
export function visit(node: unknown, fn: (node: JsonSchema, pointer: string) => void, pointer = ''): void {
  if (!isObject(node)) return;
  fn(node, pointer);
  for (const [k, v] of Object.entries(node)) {
    if (SINGLE.has(k)) visit(v, fn, `${pointer}/${k}`);
    else if (LIST.has(k) && Array.isArray(v)) v.forEach((s, i) => visit(s, fn, `${pointer}/${k}/${i}`));
    else if (MAP.has(k) && isObject(v)) for (const [n, s] of Object.entries(v)) visit(s, fn, `${pointer}/${k}/${n}`);
  }
}
