/**
 * Checks an answer against the answer form of its route's response schema: every property of
 * every object required (src/shared/answer-form.ts), validated by ajv in strict mode, and the
 * keys in the schema's order. Used by the response-shape test and the DRF-client suite, so a
 * read or write that leaves out a field, or adds one, fails.
 */
import type { ValidateFunction } from 'ajv';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import { createAjv } from '../../src/shared/ajv.js';
import { answerForm } from '../../src/shared/answer-form.js';
import type { JsonSchema, RouteDef, SchemaBundle } from '../../src/shared/bundle-types.js';
import { absoluteRef, type SchemaRegistry } from '../../src/server/routing/schema-registry.js';

const b = bundle as unknown as SchemaBundle;

/** A schema file in its answer form: the root and every definition but the publish rules. */
function answerFile(schema: JsonSchema): JsonSchema {
  const out = answerForm(schema);
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (defs)
    out.$defs = Object.fromEntries(Object.entries(defs).map(([k, d]) => [k, k === 'publish' ? d : answerForm(d)]));
  return out;
}

const ajv = createAjv();
for (const s of b.schemas) ajv.addSchema(answerFile(s));
const validators = new Map<string, ValidateFunction>();

function validatorOf(ref: string): ValidateFunction {
  const id = absoluteRef(ref);
  let v = validators.get(id);
  if (!v) {
    v = ajv.getSchema(id);
    if (!v) throw new Error(`no schema ${id}`);
    validators.set(id, v);
  }
  return v;
}

const patterns = b.routes.map((r) => ({
  route: r,
  re: new RegExp(`^/${r.path.replace(/[.]/g, '\\.').replace(/\{[A-Za-z0-9_]+\}/g, '[^/]+')}$`),
}));

/** The route a request goes to. */
export function routeOf(method: string, url: string): RouteDef | undefined {
  const path = url.split('?')[0]!;
  return patterns.find((p) => p.route.method === method.toUpperCase() && p.re.test(path))?.route;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Keys not in the schema's order, anywhere in the value (objects, nested groups, list items). */
function orderProblems(schema: JsonSchema, value: unknown, at: string, out: string[]): void {
  if (Array.isArray(value)) {
    if (isObj(schema.items)) value.forEach((v, i) => orderProblems(schema.items as JsonSchema, v, `${at}/${i}`, out));
    return;
  }
  if (!isObj(value) || !isObj(schema.properties)) return;
  const declared = Object.keys(schema.properties);
  const keys = Object.keys(value).filter((k) => declared.includes(k));
  const expected = declared.filter((k) => k in value);
  if (keys.join() !== expected.join())
    out.push(`${at || '/'}: keys ${keys.join(',')} not in schema order ${expected.join(',')}`);
  for (const k of keys)
    orderProblems((schema.properties as Record<string, JsonSchema>)[k]!, value[k], `${at}/${k}`, out);
}

/**
 * The problems of an answer of `route` with `status` (empty when it has every field, nothing
 * else, in order), or undefined when the route declares no JSON schema for that status.
 */
export function answerProblems(
  registry: SchemaRegistry,
  route: RouteDef,
  status: number,
  body: unknown,
): string[] | undefined {
  const res = route.responses[String(status)];
  if (!res?.schema) return undefined;
  const validate = validatorOf(res.schema);
  const problems: string[] = [];
  const items = res.list ? (Array.isArray(body) ? body : [Symbol('not a list')]) : [body];
  items.forEach((item, i) => {
    if (!validate(item)) {
      for (const e of validate.errors ?? [])
        problems.push(`${res.list ? `/${i}` : ''}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    }
    orderProblems(registry.resolved(res.schema!), item, res.list ? `/${i}` : '', problems);
  });
  return problems;
}
