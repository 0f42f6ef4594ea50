import type { JsonSchema } from '../../shared/bundle-types.js';

/**
 * What the request reader asks of a schema node, worked out once per node: the types it takes,
 * and for an object the schema of each key and whether a closing keyword refuses it.
 */

type Node = JsonSchema;
type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const types = new WeakMap<Node, ReadonlySet<string>>();

/** The types a node takes, worked out once per node (a 50-row list asks for every field of every row). */
export function typesOf(node: Node): ReadonlySet<string> {
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
export interface ObjectPlan {
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

export function planOf(node: Node): ObjectPlan {
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

export function isObjectSchema(node: Node): boolean {
  const types = typesOf(node);
  return (
    types.has('object') ||
    isObj(node.properties) ||
    node.additionalProperties !== undefined ||
    node.unevaluatedProperties !== undefined
  );
}

export function takesValue(node: Node, value: null | 0): boolean {
  const types = typesOf(node);
  if (value === null) return types.has('null');
  if (!types.has('integer') && !types.has('number')) return false;
  const min = node.minimum;
  const exclusive = node.exclusiveMinimum;
  return (typeof min !== 'number' || min <= 0) && (typeof exclusive !== 'number' || exclusive < 0);
}
