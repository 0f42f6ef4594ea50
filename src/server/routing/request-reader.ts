import type { JsonSchema } from '../../shared/bundle-types.js';

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

const ABSENT = Symbol('absent');

const TRUE_WORDS = new Set(['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON', '1']);
const FALSE_WORDS = new Set([
  'false',
  'False',
  'FALSE',
  'f',
  'F',
  'no',
  'No',
  'NO',
  'n',
  'N',
  'off',
  'Off',
  'OFF',
  '0',
]);
const NULL_WORDS = new Set(['null', 'Null', 'NULL']);
// Only (optionally signed) decimal digits: "1.0", "1e0" or "0x1" are not how anyone writes a whole number on purpose.
const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const NUMBER_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const types = new WeakMap<Node, ReadonlySet<string>>();

/** The types a node takes, worked out once per node (a 50-row list asks for every field of every row). */
function typesOf(node: Node): ReadonlySet<string> {
  let out = types.get(node);
  if (!out) {
    out = typesOfNode(node);
    types.set(node, out);
  }
  return out;
}

function typesOfNode(node: Node): Set<string> {
  const t = node.type;
  if (t !== undefined) {
    return new Set(Array.isArray(t) ? (t as string[]) : [t as string]);
  }
  // No type: what the enum or const values are.
  const values = Array.isArray(node.enum) ? (node.enum as unknown[]) : 'const' in node ? [node.const] : [];
  const out = new Set<string>();
  for (const v of values) {
    if (v === null) out.add('null');
    else if (Array.isArray(v)) out.add('array');
    else if (typeof v === 'number') out.add(Number.isInteger(v) ? 'integer' : 'number');
    else out.add(typeof v);
  }
  return out;
}

export function normaliseSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** What one object schema node knows about its keys, computed once per node. */
interface ObjectPlan {
  /** The schema a key's value is read with. */
  schemaOf(key: string): Node | undefined;
  /** False when a closing keyword refuses the key. */
  allows(key: string): boolean;
  /** Own properties that also take their fields flat on this object (x-flat). */
  flat: { name: string; flag?: string; fields: string[] }[];
  /** Own flags that also take a list of checked options (x-list-flags): option text -> flag. */
  listFlags: { name: string; flags: [string, string][] }[];
}

const SINGLE_APPLICATORS = ['if', 'then', 'else'];
const LIST_APPLICATORS = ['allOf', 'anyOf', 'oneOf'];

function patternsOf(node: Node): [RegExp, Node][] {
  return isObj(node.patternProperties)
    ? Object.entries(node.patternProperties).map(([p, s]) => [new RegExp(p, 'u'), s as Node])
    : [];
}

/** The in-place applicator subschemas of a node (what unevaluatedProperties sees as evaluated). */
function applicators(node: Node): Node[] {
  const out: Node[] = [];
  for (const k of SINGLE_APPLICATORS) if (isObj(node[k])) out.push(node[k] as Node);
  for (const k of LIST_APPLICATORS) if (Array.isArray(node[k])) out.push(...(node[k] as Node[]).filter(isObj));
  if (isObj(node.dependentSchemas)) out.push(...Object.values(node.dependentSchemas).filter(isObj));
  return out;
}

/** Does `node` (with its applicators, recursively) declare `key` in a way that evaluates it? */
function evaluates(node: Node, key: string): boolean {
  if (isObj(node.properties) && key in node.properties) return true;
  if (patternsOf(node).some(([re]) => re.test(key))) return true;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return true;
  if (node.unevaluatedProperties !== undefined && node.unevaluatedProperties !== false) return true;
  return applicators(node).some((a) => evaluates(a, key));
}

/** The closed constraints that always apply to the value: the node and its allOf branches. */
function refuses(node: Node, key: string): boolean {
  const own = (isObj(node.properties) && key in node.properties) || patternsOf(node).some(([re]) => re.test(key));
  if (node.additionalProperties === false && !own) return true;
  if (node.unevaluatedProperties === false && !evaluates(node, key)) return true;
  return Array.isArray(node.allOf) && (node.allOf as Node[]).some((b) => isObj(b) && refuses(b, key));
}

function findSchema(node: Node, key: string): Node | undefined {
  if (isObj(node.properties) && isObj(node.properties[key])) return node.properties[key] as Node;
  for (const [re, s] of patternsOf(node)) if (re.test(key)) return s;
  for (const a of applicators(node)) {
    const found = findSchema(a, key);
    if (found) return found;
  }
  if (isObj(node.additionalProperties)) return node.additionalProperties as Node;
  if (isObj(node.unevaluatedProperties)) return node.unevaluatedProperties as Node;
  return undefined;
}

const plans = new WeakMap<Node, ObjectPlan>();

function planOf(node: Node): ObjectPlan {
  let plan = plans.get(node);
  if (plan) return plan;
  const schemaCache = new Map<string, Node | undefined>();
  const allowCache = new Map<string, boolean>();
  const flat: ObjectPlan['flat'] = [];
  const listFlags: ObjectPlan['listFlags'] = [];
  for (const [name, sub] of Object.entries((node.properties ?? {}) as Record<string, Node>)) {
    const x = sub['x-flat'] as { flag?: string } | undefined;
    if (x && isObj(sub.properties))
      flat.push({
        name,
        flag: x.flag,
        fields: Object.keys(sub.properties).filter((f) => !(f in (node.properties as Obj))),
      });
    const listed = sub['x-list-flags'];
    if (isObj(listed))
      listFlags.push({
        name,
        flags: Object.entries(listed).map(([text, flag]) => [normaliseSpace(text).toLowerCase(), String(flag)]),
      });
  }
  plan = {
    schemaOf(key) {
      if (!schemaCache.has(key)) schemaCache.set(key, findSchema(node, key));
      return schemaCache.get(key);
    },
    allows(key) {
      if (!allowCache.has(key)) allowCache.set(key, !refuses(node, key));
      return allowCache.get(key)!;
    },
    flat,
    listFlags,
  };
  plans.set(node, plan);
  return plan;
}

function isObjectSchema(node: Node): boolean {
  const types = typesOf(node);
  return (
    types.has('object') ||
    isObj(node.properties) ||
    node.additionalProperties !== undefined ||
    node.unevaluatedProperties !== undefined
  );
}

function takesValue(node: Node, value: null | 0): boolean {
  const types = typesOf(node);
  if (value === null) return types.has('null');
  if (!types.has('integer') && !types.has('number')) return false;
  const min = node.minimum;
  const exclusive = node.exclusiveMinimum;
  return (typeof min !== 'number' || min <= 0) && (typeof exclusive !== 'number' || exclusive < 0);
}

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

/** A scalar in the type the schema asks for, where the conversion is unambiguous; otherwise as it is. */
export function coerce(types: ReadonlySet<string>, v: unknown): unknown {
  if (typeof v === 'string') {
    if (types.has('string')) return v;
    if (types.has('integer') && INTEGER_TEXT.test(v)) return Number.parseInt(v.trim(), 10);
    if (types.has('number') && NUMBER_TEXT.test(v)) return Number(v.trim());
    if (types.has('boolean')) {
      if (TRUE_WORDS.has(v.trim())) return true;
      if (FALSE_WORDS.has(v.trim())) return false;
    }
    return v;
  }
  if (typeof v === 'number') {
    if (types.has('number') || types.has('integer')) return v;
    if (types.has('boolean') && (v === 1 || v === 0)) return v === 1;
    if (types.has('string') && Number.isFinite(v)) return String(v);
  }
  return v;
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
