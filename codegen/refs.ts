import path from 'node:path/posix';
import { isObject, type JsonSchema, type SchemaSet } from './model.js';
import { transform } from './walk.js';

export { transform };

export interface RefTarget {
  rel: string;
  /** JSON pointer inside the file ('' for the root). */
  pointer: string;
}

/** Resolve a $ref written in file `fromRel` to a file and pointer. */
export function resolveRef(fromRel: string, ref: string): RefTarget {
  const [file, fragment = ''] = ref.split('#');
  const rel = file ? path.normalize(path.join(path.dirname(fromRel), file)) : fromRel;
  return { rel, pointer: fragment };
}

export function getAt(schema: JsonSchema, pointer: string): JsonSchema {
  let node: unknown = schema;
  for (const raw of pointer.split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) throw new Error(`bad pointer ${pointer}`);
    node = (node as Record<string, unknown>)[key];
  }
  if (!isObject(node)) throw new Error(`pointer ${pointer} does not reach a schema`);
  return node;
}

export function targetSchema(set: SchemaSet, t: RefTarget): JsonSchema {
  const file = set.schemas.get(t.rel);
  if (!file) throw new Error(`no schema file ${t.rel}`);
  return getAt(file.schema, t.pointer);
}

/**
 * Replace every $ref by the schema it points to (recursively), so a schema stands alone:
 * what rjsf, the precompiled validators and the client need. Files in `keepRoots` are
 * replaced by `keep(rel)` instead (types refer to them by name).
 */
export function inlineRefs(
  set: SchemaSet,
  fromRel: string,
  node: unknown,
  keep?: (target: RefTarget) => unknown,
  depth = 0,
): unknown {
  if (depth > 20) throw new Error(`$ref cycle around ${fromRel}`);
  return transform(node, (n) => {
    if (typeof n.$ref !== 'string') return undefined;
    const target = resolveRef(fromRel, n.$ref);
    const kept = keep?.(target);
    const { $ref: _r, ...siblings } = n;
    if (kept !== undefined) return Object.keys(siblings).length ? { ...(kept as object), ...siblings } : kept;
    const resolved = inlineRefs(set, target.rel, targetSchema(set, target), keep, depth + 1) as JsonSchema;
    const { $id: _i, $schema: _s, $defs: _d, ...body } = resolved;
    return mergeAnnotations(body, inlineRefs(set, fromRel, siblings, keep, depth + 1) as JsonSchema);
  });
}

/** A schema taken from file `from`, its $refs rewritten to be read from file `to`. */
export function rebase(node: unknown, from: string, to: string): unknown {
  return transform(node, (n) => {
    if (typeof n.$ref !== 'string') return undefined;
    const t = resolveRef(from, n.$ref);
    const file = t.rel === to ? '' : path.relative(path.dirname(to), t.rel);
    return { ...n, $ref: `${file}#${t.pointer}` };
  });
}

/** A $ref to one property of a schema (`contract-terms.schema.json#/properties/to_sync_ss`). */
export function isPropertyRef(t: RefTarget): boolean {
  return /^\/properties\/[^/]+$/.test(t.pointer);
}

/**
 * Every $ref to one property of a schema written out in place, the referring field's own
 * keywords merged over the definition (as mergeAnnotations): one definition of a field shared
 * by several schemas (a contract term in the form, the view and a version's terms) with the
 * form's presentation as an overlay. Written out because a lone property is no type or
 * OpenAPI component of its own; other $refs stay.
 */
export function inlinePropertyRefs(set: SchemaSet, fromRel: string, node: unknown, depth = 0): unknown {
  if (depth > 20) throw new Error(`$ref cycle around ${fromRel}`);
  return transform(node, (n) => {
    if (typeof n.$ref !== 'string') return undefined;
    const target = resolveRef(fromRel, n.$ref);
    if (!isPropertyRef(target)) return undefined;
    const definition = rebase(
      inlinePropertyRefs(set, target.rel, targetSchema(set, target), depth + 1),
      target.rel,
      fromRel,
    ) as JsonSchema;
    const { $ref: _r, ...siblings } = n;
    return mergeAnnotations(definition, inlinePropertyRefs(set, fromRel, siblings, depth + 1) as JsonSchema);
  });
}

/**
 * A $ref's siblings win over the definition, except that presentation and message annotations
 * are merged key by key: a field that adds its own `x-ui.group` keeps the definition's
 * `x-ui.widget` (time, currency, yes/no...).
 */
export function mergeAnnotations(definition: JsonSchema, own: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...definition, ...own };
  for (const key of ['x-ui', 'x-messages']) {
    if (isObject(definition[key]) && isObject(own[key]))
      merged[key] = { ...(definition[key] as object), ...(own[key] as object) };
  }
  return merged;
}
