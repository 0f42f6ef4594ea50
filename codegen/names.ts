import { snakeToCamel, type NameMap } from '../src/shared/case.js';
import { FIELD_RULES, type FieldRule } from '../src/shared/field-rules.js';
import { isObject, type JsonSchema } from './model.js';

export function clientNameOf(wire: string, prop: JsonSchema): string {
  return typeof prop['x-client-name'] === 'string' ? prop['x-client-name'] : snakeToCamel(wire);
}

/** The rename tree of a ref-free schema; undefined when nothing below needs renaming. */
export function nameMapOf(node: unknown): NameMap | undefined {
  if (!isObject(node)) return undefined;
  const map: { props?: Record<string, readonly [string, NameMap?]>; items?: NameMap } = {};
  if (isObject(node.properties)) {
    for (const [wire, prop] of Object.entries(node.properties as Record<string, JsonSchema>)) {
      const client = clientNameOf(wire, prop);
      const child = nameMapOf(prop);
      if (client !== wire || child) (map.props ??= {})[wire] = child ? [client, child] : [client];
    }
  }
  const items = isObject(node.items) ? nameMapOf(node.items) : undefined;
  if (items) map.items = items;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    // Nullable objects are written as anyOf [object, null]: the object branch carries the names.
    for (const branch of (node[key] as unknown[] | undefined) ?? []) {
      const m = nameMapOf(branch);
      if (m?.props) map.props = { ...map.props, ...m.props };
      if (m?.items) map.items = m.items;
    }
  }
  return map.props || map.items ? map : undefined;
}

/**
 * The same schema with client (camelCase) property names, also inside conditions, required
 * lists and x-ui references. `siblings` renames the fields next to this node (for its own
 * visibleIf, unitOf, rangeOf); `inherited` renames this object's fields when the node is a
 * branch of it (allOf, if/then) without properties of its own.
 */
export function toClientSchema(
  node: unknown,
  siblings?: (n: string) => string,
  inherited?: (n: string) => string,
): unknown {
  if (Array.isArray(node)) return node.map((n) => toClientSchema(n, undefined, inherited));
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  const props = isObject(node.properties) ? (node.properties as Record<string, JsonSchema>) : undefined;
  const rename = (n: string): string =>
    props?.[n] ? clientNameOf(n, props[n]) : inherited ? inherited(n) : snakeToCamel(n);
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && props) {
      out.properties = Object.fromEntries(
        Object.entries(props).map(([n, p]) => [clientNameOf(n, p), toClientSchema(p, rename)]),
      );
    } else if (k === 'required' && Array.isArray(v)) {
      out.required = (v as string[]).map(rename);
    } else if (k === 'dependentRequired' && isObject(v)) {
      out.dependentRequired = Object.fromEntries(
        Object.entries(v).map(([n, list]) => [rename(n), (list as string[]).map(rename)]),
      );
    } else if (k === 'x-ui' && isObject(v)) {
      out[k] = renameUi(v, rename, siblings ?? rename);
    } else if (k === FIELD_RULES && Array.isArray(v)) {
      // Rules name fields of this object: the client validator reads them by client name.
      out[k] = (v as FieldRule[]).map((r) => ({ ...r, field: rename(r.field), lte: rename(r.lte) }));
    } else if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples' || k.startsWith('x-')) {
      out[k] = v;
    } else if (['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not'].includes(k)) {
      out[k] = toClientSchema(v, undefined, rename);
    } else out[k] = toClientSchema(v);
  }
  return out;
}

/** Conditions read sibling fields: their property names follow the siblings' renames. */
function renameCondition(c: JsonSchema, rename: (n: string) => string, deep: (n: unknown) => unknown): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(c)) {
    if (k === 'properties' && isObject(v))
      out.properties = Object.fromEntries(Object.entries(v).map(([n, s]) => [rename(n), deep(s)]));
    else if (k === 'required' && Array.isArray(v)) out.required = (v as string[]).map(rename);
    else if ((k === 'anyOf' || k === 'allOf') && Array.isArray(v))
      out[k] = v.map((s) => (isObject(s) ? renameCondition(s, rename, deep) : s));
    else if (k === 'not' && isObject(v)) out.not = renameCondition(v, rename, deep);
    else out[k] = v;
  }
  return out;
}

/** `own` renames this node's properties (groups, summary); `siblings` the fields next to it (visibleIf, unitOf, rangeOf). */
function renameUi(ui: JsonSchema, own: (n: string) => string, siblings: (n: string) => string): JsonSchema {
  const out: JsonSchema = { ...ui };
  const id = (s: unknown): unknown => s;
  const rename = own;
  if (isObject(ui.visibleIf)) out.visibleIf = renameCondition(ui.visibleIf, siblings, id);
  if (Array.isArray(ui.groups))
    out.groups = ui.groups.map((g: JsonSchema) =>
      isObject(g.visibleIf) ? { ...g, visibleIf: renameCondition(g.visibleIf, rename, id) } : g,
    );
  if (Array.isArray(ui.summary)) out.summary = (ui.summary as string[]).map(rename);
  if (typeof ui.unitOf === 'string') out.unitOf = siblings(ui.unitOf);
  if (typeof ui.rangeOf === 'string') out.rangeOf = siblings(ui.rangeOf);
  return out;
}
