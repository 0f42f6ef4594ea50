import type { JsonSchema } from '../../shared/bundle-types.js';
import { coerce, NULL_WORDS } from './scalar-text.js';
import { isObj, isObjectSchema, normaliseSpace, planOf, takesValue, typesOf, type ObjectPlan } from './schema-plan.js';

/**
 * Reads a request body the way Django REST framework does, before the schema validates it
 * (every route, by the shared request layer; never the answers):
 *
 * - unknown keys are dropped (not refused) and reported, wherever the schema closes an object
 *   (`additionalProperties: false`, or `unevaluatedProperties: false` counting what allOf, anyOf,
 *   oneOf, if/then/else and dependentSchemas declare), in nested objects and list rows too;
 * - unambiguous scalar strings become what the schema asks for: "2" an integer, "4.5" a number,
 *   "true"/"false" (DRF's words) a boolean; a number where text is asked becomes its text.
 *   "abc", "2.5" for an integer and "" for a number stay as they are, so validation refuses them;
 * - option values (enum, const) match after whitespace is normalised (U+00A0 is a space) and,
 *   for option lists marked `caseInsensitive`, case; the list's own spelling is what is kept;
 * - `id: null` or `id: 0` on a record (the body, or a row of a list body) is dropped when the
 *   schema's id does not take that value (a create names no id);
 * - an object group marked `x-flat` also takes its fields flat on its parent (the earlier
 *   product's shape), and a boolean in its place sets the group's flag;
 * - a list marked `x-accepts-single` takes one item in place of a list of one;
 * - an option field marked `x-boolean-as` takes a boolean for its codes (true: Y, false: N), one
 *   marked `x-blank-null` reads "" as null (no choice), and a flag marked `x-list-flags` takes the
 *   list of checked options of a multi-select, setting the flags the options name;
 * - an object marked `x-aliases` takes other names for its properties, and one marked
 *   `x-null-default` reads null as the default of a property that does not take null, and an
 *   integer marked `x-named-values` takes a name in place of its number (its position);
 * - in form data (mode "form"): a list comes as repeated parts or one comma-separated part, the
 *   text "null" is null (absent where null is not allowed), and "" is null for fields that may
 *   be null (absent for numbers and booleans that may not).
 */
export type ReadMode = 'json' | 'form';

export interface ReadResult {
  value: unknown;
  /** Paths (dot-joined; list rows by 0-based index) of the keys that were dropped as unknown. */
  ignored: string[];
}

export interface ReaderOptions {
  /** Option lists whose values match whatever their case (BCP 47 language tags...). */
  caseInsensitive: (category: string) => boolean;
  /** The value a not-offered option value of a list means (its `mapsTo`), if any. */
  alias?: (category: string, value: string) => string | number | undefined;
}

type Node = JsonSchema;
type Obj = Record<string, unknown>;

export { normaliseSpace } from './schema-plan.js';
export { coerce } from './scalar-text.js';

const ABSENT = Symbol('absent');

class Reader {
  readonly ignored: string[] = [];

  constructor(
    private readonly mode: ReadMode,
    private readonly options: ReaderOptions,
  ) {}

  read(node: Node | undefined, value: unknown, path: string[], record: boolean): unknown {
    if (!node) return value;
    if (Array.isArray(value)) return this.list(node, value, path);
    if (isObj(value)) {
      if (typesOf(node).has('array') && node['x-accepts-single'] === true && isObj(node.items))
        return this.list(node, [value], path);
      return isObjectSchema(node) ? this.object(node, value, path, record) : value;
    }
    return this.scalar(node, value);
  }

  private list(node: Node, value: unknown[], path: string[]): unknown {
    const items = isObj(node.items) ? (node.items as Node) : undefined;
    if (!items) return value;
    const out: unknown[] = [];
    value.forEach((item, i) => {
      const read = this.read(items, item, [...path, String(i)], true);
      if (read !== ABSENT) out.push(read);
    });
    return out;
  }

  private object(node: Node, input: Obj, path: string[], record: boolean): Obj {
    const plan = planOf(node);
    const value: Obj = { ...input };
    const aliases = node['x-aliases'];
    if (isObj(aliases)) {
      for (const [alias, name] of Object.entries(aliases)) {
        if (!(alias in value)) continue;
        if (!(String(name) in value)) value[String(name)] = value[alias];
        delete value[alias];
      }
    }
    if (node['x-null-default'] === true) {
      for (const [key, v] of Object.entries(value)) {
        const schema = plan.schemaOf(key);
        if (v === null && schema && schema.default !== undefined && !typesOf(schema).has('null'))
          value[key] = structuredClone(schema.default);
      }
    }
    for (const group of plan.flat) this.unflatten(value, group);
    for (const listed of plan.listFlags) spreadChecked(value, listed);
    const out: Obj = {};
    for (const [key, raw] of Object.entries(value)) {
      // A record's `id` of null or 0 names no record (a create): dropped quietly when the schema has no id.
      if (
        record &&
        key === 'id' &&
        (raw === null ||
          raw === 0 ||
          raw === '0' ||
          (this.mode === 'form' && (raw === '' || NULL_WORDS.has(String(raw))))) &&
        !plan.schemaOf(key)
      )
        continue;
      if (!plan.allows(key)) {
        this.ignored.push([...path, key].join('.'));
        continue;
      }
      const schema = plan.schemaOf(key);
      const read = this.read(schema, raw, [...path, key], false);
      if (read === ABSENT) continue;
      if (record && key === 'id' && (read === null || read === 0) && schema && !takesValue(schema, read)) continue;
      out[key] = read;
    }
    return out;
  }

  /** Fields of an x-flat group sent on the parent move inside the group; a boolean sets its flag. */
  private unflatten(value: Obj, group: ObjectPlan['flat'][number]): void {
    const current = value[group.name];
    let inner: Obj | undefined = isObj(current) ? { ...current } : undefined;
    if (!inner && group.flag && (current === null || typeof current === 'boolean' || typeof current === 'string')) {
      inner = { [group.flag]: current };
    }
    for (const field of group.fields) {
      if (!(field in value)) continue;
      inner ??= {};
      if (!(field in inner)) inner[field] = value[field];
      delete value[field];
    }
    if (inner) value[group.name] = inner;
  }

  private scalar(node: Node, value: unknown): unknown {
    const types = typesOf(node);
    let v = value;
    const codes = node['x-boolean-as'] as { true: string; false: string } | undefined;
    if (codes && typeof v === 'boolean') v = v ? codes.true : codes.false;
    if (node['x-blank-null'] === true && typeof v === 'string' && v.trim() === '') return null;
    const names = node['x-named-values'];
    if (Array.isArray(names) && typeof v === 'string' && names.includes(normaliseSpace(v).toLowerCase()))
      v = names.indexOf(normaliseSpace(v).toLowerCase());
    if (this.mode === 'form' && typeof v === 'string') {
      const formed = this.formText(node, types, v);
      if (formed === ABSENT) return ABSENT;
      v = formed;
    }
    v = coerce(types, v);
    return this.option(node, v);
  }

  /** Form-data text: "null" and "" for empty fields, and a comma list for a list field. */
  private formText(node: Node, types: ReadonlySet<string>, v: string): unknown {
    if (types.has('array')) {
      const items = isObj(node.items) ? (node.items as Node) : {};
      const one = this.option(items, v);
      const allowed = Array.isArray(items.enum) ? (items.enum as unknown[]) : undefined;
      const parts =
        v.trim() === ''
          ? []
          : allowed?.includes(one)
            ? [v]
            : v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean);
      return this.list(node, parts, []);
    }
    if (NULL_WORDS.has(v) || (v === '' && !types.has('string'))) return types.has('null') ? null : ABSENT;
    if (v === '' && types.has('null')) return null;
    return v;
  }

  private option(node: Node, v: unknown): unknown {
    if (typeof v !== 'string') return v;
    const category = node['x-options'];
    // A value kept for the spec's clients that means another of its list is stored as that one.
    const mapped = typeof category === 'string' ? this.options.alias?.(category, normaliseSpace(v)) : undefined;
    if (mapped !== undefined) return mapped;
    const allowed = Array.isArray(node.enum) ? (node.enum as unknown[]) : 'const' in node ? [node.const] : undefined;
    if (!allowed || allowed.includes(v)) return v;
    const fold = typeof category === 'string' && this.options.caseInsensitive(category);
    const key = (s: string) => (fold ? normaliseSpace(s).toLowerCase() : normaliseSpace(s));
    const wanted = key(v);
    const matches = allowed.filter((a): a is string => typeof a === 'string' && key(a) === wanted);
    return matches.length === 1 ? matches[0] : v;
  }
}

/**
 * A multi-select's list of checked options sent in place of a flag: each flag the options name is
 * set, true when its option is listed and false otherwise (the list is the whole selection).
 */
function spreadChecked(value: Obj, listed: ObjectPlan['listFlags'][number]): void {
  const sent = value[listed.name];
  if (!Array.isArray(sent) || !sent.every((s) => typeof s === 'string')) return;
  const checked = new Set(sent.map((s) => normaliseSpace(s).toLowerCase()));
  for (const [text, flag] of listed.flags) value[flag] = checked.has(text);
}

/** Read `value` with the (ref-free) schema `node`; `list` reads a list of it (a list save). */
export function readRequest(
  node: Node,
  value: unknown,
  mode: ReadMode,
  options: ReaderOptions,
  list = false,
): ReadResult {
  const reader = new Reader(mode, options);
  const root: Node = list ? { type: 'array', items: node } : node;
  const read = reader.read(root, value, [], true);
  return { value: read === ABSENT ? undefined : read, ignored: reader.ignored };
}
