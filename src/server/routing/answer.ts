import type { JsonSchema } from '../../shared/bundle-types.js';

/**
 * "Complete the document": every answer carries every field of its schema, in the schema's
 * order, the way a DRF serializer answers. A field the value lacks gets its `default` when the
 * schema has one, [] for a list, a completed {} for a nested object group, null where null is
 * allowed; nested objects and list items are completed the same way. Keys the schema does not
 * know are left out of closed objects (additionalProperties / unevaluatedProperties false).
 *
 * A field that has none of these (a non-null scalar without default) stays missing: the
 * handler must give it, and the response-shape test fails when it does not.
 */
type Node = JsonSchema;
type Complete = (value: unknown) => unknown;
type Empty = (() => unknown) | undefined;

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function typesOf(node: Node): string[] {
  const t = node.type;
  return t === undefined ? [] : Array.isArray(t) ? (t as string[]) : [t as string];
}

/** Own properties first, then those of allOf branches (the shape parts of a composed schema). */
function propertiesOf(node: Node): [string, Node][] {
  const out = new Map<string, Node>();
  if (isObj(node.properties)) for (const [k, s] of Object.entries(node.properties)) out.set(k, s as Node);
  if (Array.isArray(node.allOf)) {
    for (const branch of node.allOf as Node[]) {
      if (!isObj(branch)) continue;
      for (const [k, s] of propertiesOf(branch)) if (!out.has(k)) out.set(k, s);
    }
  }
  return [...out];
}

function closed(node: Node): boolean {
  return node.additionalProperties === false || node.unevaluatedProperties === false;
}

const cache = new WeakMap<Node, Complete>();

export function completer(node: Node): Complete {
  let fn = cache.get(node);
  if (fn) return fn;
  // Placeholder first: a (theoretical) recursive schema reaches itself through the cache.
  cache.set(node, (v) => fn!(v));
  fn = build(node);
  cache.set(node, fn);
  return fn;
}

function build(node: Node): Complete {
  const props = propertiesOf(node);
  if (props.length) {
    const fields = props.map(([name, sub]) => ({ name, complete: completer(sub), empty: emptyOf(sub) }));
    const known = new Set(props.map(([k]) => k));
    const keepUnknown = !closed(node);
    const extra = isObj(node.additionalProperties) ? completer(node.additionalProperties as Node) : undefined;
    return (v) => {
      if (!isObj(v)) return v;
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const value = v[f.name];
        if (value !== undefined) out[f.name] = f.complete(value);
        else if (f.empty) out[f.name] = f.empty();
      }
      if (keepUnknown)
        for (const [k, value] of Object.entries(v))
          if (!known.has(k) && value !== undefined) out[k] = extra ? extra(value) : value;
      return out;
    };
  }
  if (isObj(node.items)) {
    const item = completer(node.items as Node);
    return (v) => (Array.isArray(v) ? v.map(item) : v);
  }
  if (isObj(node.additionalProperties)) {
    const value = completer(node.additionalProperties as Node);
    return (v) => (isObj(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)])) : v);
  }
  return (v) => v;
}

/** The value of a field the document lacks, or undefined when the schema names none. */
function emptyOf(node: Node): Empty {
  const types = typesOf(node);
  if ('default' in node) {
    const d = node.default;
    const complete = completer(node);
    return () => complete(structuredClone(d));
  }
  if (types.includes('array')) return () => [];
  if (propertiesOf(node).length && !types.includes('null')) {
    const complete = completer(node);
    return () => complete({});
  }
  if (types.includes('null')) return () => null;
  return undefined;
}
