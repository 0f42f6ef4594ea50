/**
 * The "answer form" of a schema: what the server's responses promise. Every answer carries every
 * field of its schema (unset ones as null, lists as [], nested groups complete), as a DRF
 * serializer does; so in the answer form every object lists all its properties in `required`,
 * and generated clients get non-optional types.
 *
 * The request form (the schema file as written) keeps its own `required`: a request may leave
 * fields out. Codegen emits the answer form of every response schema into openapi.json, the
 * server completes every answer to it (src/server/routing/answer.ts) and the response-shape
 * test validates every read against it.
 */
type Node = { [key: string]: unknown };

function isObject(v: unknown): v is Node {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Keywords whose subschemas describe the shape of the same value (not a rule about it). */
const SHAPE_SINGLE = ['items', 'additionalProperties', 'unevaluatedProperties'];
const SHAPE_LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

const writeOnly = (sub: unknown): boolean => isObject(sub) && sub.writeOnly === true;

/**
 * A copy of `node` in which every object with `properties` requires all of them, in their
 * declared order, recursively through properties, items and the shape applicators; a
 * `writeOnly` property (a password a request carries) is never answered, so it is left out. Rule-only
 * subschemas (if/then/else, not, contains, dependentSchemas) and `$defs` are left as written:
 * making them require everything would change what the rules mean.
 */
export function answerForm<T>(node: T): T {
  if (!isObject(node)) return node;
  const out: Node = { ...node };
  if (isObject(node.properties)) {
    const props: Node = {};
    for (const [name, sub] of Object.entries(node.properties)) if (!writeOnly(sub)) props[name] = answerForm(sub);
    out.properties = props;
    out.required = Object.keys(props);
  }
  for (const key of SHAPE_SINGLE) if (isObject(node[key])) out[key] = answerForm(node[key]);
  for (const key of SHAPE_LIST)
    if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map((s) => answerForm(s));
  return out as T;
}

/** True when some object of `node` (not following $refs) leaves a property out of `required`. */
export function lacksRequired(node: unknown): boolean {
  if (!isObject(node)) return false;
  if (isObject(node.properties)) {
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    if (Object.entries(node.properties).some(([p, sub]) => !required.has(p) || writeOnly(sub))) return true;
    if (Object.values(node.properties).some(lacksRequired)) return true;
  }
  for (const key of SHAPE_SINGLE) if (lacksRequired(node[key])) return true;
  for (const key of SHAPE_LIST)
    if (Array.isArray(node[key]) && (node[key] as unknown[]).some(lacksRequired)) return true;
  return false;
}
