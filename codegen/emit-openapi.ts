import { answerForm, lacksRequired } from '../src/shared/answer-form.js';
import { formats, type FormatName } from '../src/shared/formats.js';
import { isObject, pascal, pathParams, type JsonSchema, type RouteDef, type SchemaSet } from './model.js';
import { getAt, rebase, resolveRef, targetSchema, transform, type RefTarget } from './refs.js';
import { mapChildren, rewrite } from './walk.js';
import { sorted } from './emit-types.js';

/** Extensions the document keeps: the client name, the option list, the rules between fields (x-rules) and the OpenTravel codes. */
const KEEP_EXTENSIONS = new Set(['x-client-name', 'x-options', 'x-rules', 'x-ota', 'x-ota-none', 'x-derived']);

/**
 * Our formats whose meaning differs from JSON Schema's (`time` is RFC 3339 full-time there,
 * with seconds and an offset; "15:00" is what we serve) or that no standard defines (`country`,
 * `currency`, `non-blank`). The document declares them by the very pattern our validators apply, so a
 * standard validator or generator accepts exactly what the server accepts and serves.
 */
const AS_PATTERN: readonly FormatName[] = ['time', 'country', 'currency', 'non-blank'];

function formatAsPattern(node: JsonSchema): JsonSchema {
  const format = node.format as FormatName | undefined;
  if (!format || !AS_PATTERN.includes(format)) return node;
  if (node.pattern !== undefined) throw new Error(`openapi: format ${format} beside a pattern`);
  const { format: _f, ...rest } = node;
  return { ...rest, pattern: formats[format].source };
}

function componentName(set: SchemaSet, rel: string, pointer: string): string {
  const file = set.schemas.get(rel);
  if (!file) throw new Error(`no schema ${rel}`);
  if (pointer === '') return file.typeName;
  const def = pointer.replace(/^\/\$defs\//, '');
  return `${file.typeName}${pascal(def)}`;
}

/** Names a $ref target as a component (the answer form's name where the answer form differs). */
type RefNamer = (target: RefTarget) => string;

/**
 * A schema as an OpenAPI component: refs point at components, presentation keywords dropped.
 * A list marked `x-accepts-single` (the server takes one item in place of a list of one) reads
 * `anyOf: [list, item]`.
 */
function asComponent(
  set: SchemaSet,
  rel: string,
  node: unknown,
  name: RefNamer = (t) => componentName(set, t.rel, t.pointer),
): JsonSchema {
  return transform(node, (n) => {
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(n)) {
      if ((k.startsWith('x-') && !KEEP_EXTENSIONS.has(k)) || k === '$id' || k === '$schema' || k === '$defs') continue;
      if (k === '$ref' && typeof v === 'string') out.$ref = `#/components/schemas/${name(resolveRef(rel, v))}`;
      else out[k] = v;
    }
    const component = mapChildren(formatAsPattern(out), (child) => asComponent(set, rel, child, name));
    if (n['x-accepts-single'] === true && isObject(component.items)) {
      const { title, description, ...list } = component;
      return {
        ...(title !== undefined ? { title } : {}),
        ...(description !== undefined ? { description } : {}),
        anyOf: [list, component.items],
      };
    }
    return component;
  }) as JsonSchema;
}

/** Keywords whose subschemas are the shape of an answer (what answerForm completes). */
const SHAPE_KEYS = [
  'properties',
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
];

/** The $refs of a schema's shape (not of its rules or $defs). */
function shapeRefs(node: unknown, rel: string, out: RefTarget[] = []): RefTarget[] {
  if (Array.isArray(node)) {
    for (const n of node) shapeRefs(n, rel, out);
    return out;
  }
  if (!isObject(node)) return out;
  if (typeof node.$ref === 'string') out.push(resolveRef(rel, node.$ref));
  for (const key of SHAPE_KEYS) {
    const v = node[key];
    if (key === 'properties' && isObject(v)) for (const sub of Object.values(v)) shapeRefs(sub, rel, out);
    else shapeRefs(v, rel, out);
  }
  return out;
}

/**
 * The answer forms of the response schemas (src/shared/answer-form.ts): every property
 * required, so generated clients get non-optional types. A schema whose answer form differs
 * from the schema as written gets a component of its own, named `<Component>Response`; refs
 * inside it point at the answer forms of their targets. Others are used as they are.
 */
class AnswerForms {
  readonly components = new Map<string, JsonSchema>();
  readonly #differs = new Map<string, boolean>();
  readonly #queue: RefTarget[] = [];

  constructor(readonly set: SchemaSet) {}

  #node(t: RefTarget): JsonSchema {
    return getAt(this.set.schemas.get(t.rel)!.schema, t.pointer);
  }

  /** Does the answer form of the target differ from the target (here or through its refs)? */
  differs(t: RefTarget, seen = new Set<string>()): boolean {
    const key = `${t.rel}#${t.pointer}`;
    const known = this.#differs.get(key);
    if (known !== undefined) return known;
    if (seen.has(key)) return false;
    seen.add(key);
    const node = this.#node(t);
    const result = lacksRequired(node) || shapeRefs(node, t.rel).some((r) => this.differs(r, seen));
    this.#differs.set(key, result);
    return result;
  }

  name = (t: RefTarget): string => {
    const plain = componentName(this.set, t.rel, t.pointer);
    if (!this.differs(t)) return plain;
    const name = `${plain}Response`;
    if (!this.components.has(name)) {
      this.components.set(name, {});
      this.#queue.push(t);
    }
    return name;
  };

  ref(ref: string, list?: boolean): JsonSchema {
    const one = { $ref: `#/components/schemas/${this.name(resolveRef('routes.json', ref))}` };
    return list ? { type: 'array', items: one } : one;
  }

  /** Build every answer form named so far (and those they name in turn). */
  build(): void {
    for (let t = this.#queue.shift(); t; t = this.#queue.shift()) {
      const name = `${componentName(this.set, t.rel, t.pointer)}Response`;
      this.components.set(name, asComponent(this.set, t.rel, answerForm(this.#node(t)), this.name));
    }
  }
}

/**
 * The request form of a schema: what a client sends. Fields the server sets (`readOnly`: ids,
 * dates, secrets it issues) are left out, so a generated client's body asks for what the server
 * needs and nothing else.
 */
export function requestForm(node: JsonSchema): JsonSchema {
  return rewrite(node, (n) => {
    if (!isObject(n.properties)) return n;
    const kept = Object.entries(n.properties).filter(([, p]) => !(isObject(p) && p.readOnly === true));
    if (kept.length === Object.keys(n.properties).length) return n;
    const names = new Set(kept.map(([k]) => k));
    const out: JsonSchema = { ...n, properties: Object.fromEntries(kept) };
    if (Array.isArray(n.required)) out.required = (n.required as string[]).filter((k) => names.has(k));
    return out;
  }) as JsonSchema;
}

/** Does the schema give an optional property a default (which generators read as "always there")? */
function defaultsOptional(node: JsonSchema): boolean {
  if (!isObject(node.properties)) return false;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  return Object.entries(node.properties).some(([k, p]) => isObject(p) && p.default !== undefined && !required.has(k));
}

/**
 * A request body's $refs to schemas with defaulted optional fields, written out in place (so
 * they are read as request bodies too); other $refs stay references to components.
 */
function inlineDefaulted(set: SchemaSet, rel: string, node: unknown, depth = 0): unknown {
  if (depth > 10) throw new Error(`openapi: $ref cycle in a request body around ${rel}`);
  return transform(node, (n) => {
    if (typeof n.$ref !== 'string') return undefined;
    const t = resolveRef(rel, n.$ref);
    const target = targetSchema(set, t);
    if (!defaultsOptional(target)) return undefined;
    const { $ref: _r, ...siblings } = n;
    const { $id: _i, $schema: _s, $defs: _d, ...body } = target;
    return { ...(rebase(inlineDefaulted(set, t.rel, body, depth + 1), t.rel, rel) as JsonSchema), ...siblings };
  });
}

/**
 * Request bodies as `components/requestBodies`, each schema written out in place (its nested
 * $refs still point at components). In place because generators read a `default` inside a
 * schema component as "always present" (openapi-typescript makes such fields required) while
 * a request body's defaults mean "may be left out".
 */
class RequestBodies {
  readonly components = new Map<string, JsonSchema>();
  constructor(readonly set: SchemaSet) {}

  ref(body: NonNullable<RouteDef['body']>): JsonSchema {
    const t = resolveRef('routes.json', body.schema);
    const contentType = body.contentType ?? 'application/json';
    const written = inlineDefaulted(
      this.set,
      t.rel,
      getAt(this.set.schemas.get(t.rel)!.schema, t.pointer),
    ) as JsonSchema;
    const form = asComponent(this.set, t.rel, requestForm(written));
    const { title, description, ...schema } = form;
    const component: JsonSchema = {
      ...(description !== undefined ? { description } : {}),
      required: !body.optional,
      content: {
        [contentType]: {
          schema: body.list
            ? { type: 'array', items: schema }
            : { ...(title !== undefined ? { title } : {}), ...schema },
        },
      },
    };
    const base = `${componentName(this.set, t.rel, t.pointer)}${body.list ? 'List' : ''}`;
    let name = base;
    for (
      let n = 2;
      this.components.has(name) && JSON.stringify(this.components.get(name)) !== JSON.stringify(component);
      n++
    )
      name = `${base}${n}`;
    this.components.set(name, component);
    return { $ref: `#/components/requestBodies/${name}` };
  }
}

const ERROR_BODY = {
  type: 'object',
  description:
    'DRF-style errors: {field: [messages]}, nested for nested objects; non_field_errors for the whole document; rows for per-row detail of list saves; detail for a single message.',
  additionalProperties: true,
};

/** The header of every answer to a call with a body: which request fields were ignored. */
const IGNORED_HEADER = { 'X-Ignored-Fields': { $ref: '#/components/headers/IgnoredFields' } };

const STATUS_TEXT: Record<string, string> = {
  '400': 'Invalid input: the body names every field at fault',
  '401': 'No valid token',
  '403': 'Signed in, without the permission',
  '404': 'Not found, or not yours to see',
  '409': 'Conflict: stale version or existing record',
  '413': 'Too large',
  '429': 'Too many attempts; retry after the ban ends',
};

function operation(set: SchemaSet, r: RouteDef, answers: AnswerForms, bodies: RequestBodies): JsonSchema {
  const parameters: JsonSchema[] = pathParams(r.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    // Ids fit the id columns; a path id out of range names nothing (404).
    schema:
      (r.params?.[name] ?? 'integer') === 'integer'
        ? { type: 'integer', minimum: 1, maximum: 2147483647 }
        : { type: 'string' },
  }));
  if (r.query) {
    const t = resolveRef('routes.json', r.query);
    const q = set.schemas.get(t.rel)!.schema;
    const props = (q.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(props))
      parameters.push({
        name,
        in: 'query',
        required: ((q.required as string[]) ?? []).includes(name),
        schema: asComponent(set, t.rel, schema),
      });
  }
  const op: JsonSchema = {
    operationId: r.operationId,
    summary: r.summary,
    tags: [r.tag],
    'x-access': r.access,
    'x-permission': r.permission,
  };
  if (r.description) op.description = r.description;
  if (r.accountType) op['x-account-type'] = r.accountType;
  // true, or the rule naming the body values that need no fresh proof (403 step_up_required otherwise).
  if (r.stepUp) op['x-step-up'] = r.stepUp;
  // Public operations say so (the document's default is the token).
  op.security = r.access === 'public' ? [] : r.access === 'apiKey' ? [{ apiKeyAuth: [] }] : [{ tokenAuth: [] }];
  if (parameters.length) op.parameters = parameters;
  if (r.body) op.requestBody = bodies.ref(r.body);
  const responses: JsonSchema = {};
  for (const [status, res] of Object.entries(r.responses)) {
    if (res === null) responses[status] = { description: 'No content', ...(r.body ? { headers: IGNORED_HEADER } : {}) };
    else if (res.schema) {
      responses[status] = {
        description: res.description ?? 'OK',
        ...(r.body && status < '400' ? { headers: IGNORED_HEADER } : {}),
        content: { [res.contentType ?? 'application/json']: { schema: answers.ref(res.schema, res.list) } },
      };
    } else {
      responses[status] = {
        description: res.description ?? 'A file',
        content: {
          [res.contentType ?? 'application/octet-stream']: {
            schema: { type: 'string', contentMediaType: res.contentType ?? 'application/octet-stream' },
          },
        },
      };
    }
  }
  const errors = ['400', '404'];
  if (r.access !== 'public') errors.push('401', '403');
  // The partner API limits each key's rate.
  if (r.access === 'apiKey') errors.push('429');
  if (r.method === 'PUT' || r.method === 'POST' || r.method === 'PATCH') errors.push('409');
  // Any request with a body may be too large (JSON bodies 2 MB, files per route).
  if (r.method !== 'GET') errors.push('413');
  if (r.throttle) errors.push('429');
  for (const s of errors.sort()) responses[s] ??= { $ref: `#/components/responses/E${s}` };
  op.responses = responses;
  return op;
}

/** openapi.json (OpenAPI 3.1): every route of routes.json, every schema as a component. */
export function emitOpenApi(set: SchemaSet, version: string): JsonSchema {
  const schemas: JsonSchema = {};
  for (const file of sorted(set)) {
    schemas[file.typeName] = asComponent(set, file.rel, file.schema);
    const defs = file.schema.$defs;
    if (isObject(defs))
      for (const [name, def] of Object.entries(defs))
        schemas[`${file.typeName}${pascal(name)}`] = asComponent(set, file.rel, def);
  }
  schemas.ErrorBody = ERROR_BODY;
  const responses: JsonSchema = {};
  for (const [status, text] of Object.entries(STATUS_TEXT)) {
    responses[`E${status}`] = {
      description: text,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  const answers = new AnswerForms(set);
  const bodies = new RequestBodies(set);
  const paths: JsonSchema = {};
  for (const r of [...set.routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const p = `/${r.path}`;
    const item = (paths[p] ??= {}) as JsonSchema;
    item[r.method.toLowerCase()] = operation(set, r, answers, bodies);
  }
  answers.build();
  for (const name of [...answers.components.keys()].sort()) {
    if (name in schemas)
      throw new Error(`openapi: the answer form ${name} clashes with a schema of that name; set x-type-name`);
    schemas[name] = answers.components.get(name)!;
  }
  const requestBodies = Object.fromEntries(
    [...bodies.components.keys()].sort().map((name) => [name, bodies.components.get(name)!]),
  );
  const used = usedSchemas(schemas, [paths, requestBodies, responses]);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  const missing = Object.keys(set.tags).length
    ? [...new Set(set.routes.map((r) => r.tag))].filter((t) => !set.tags[t])
    : [];
  if (missing.length) throw new Error(`openapi: tags without a description: ${missing.join(', ')}`);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ananas API',
      version,
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      description:
        'The Ananas hotel-content portal API. Generated by `npm run codegen` from schemas/: do not edit. Send `Authorization: Token <auth_token>` on signed-in calls. Requests are read as Django REST framework reads them: keys a body schema does not know are ignored and named in the `X-Ignored-Fields` response header; numbers and booleans may come as text ("2", "4.5", "true"); option values match after whitespace is normalised. Answers carry every field of their schema (unset ones as null, lists as []): the `...Response` components are those answer forms, with every property required.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [...new Set(set.routes.map((r) => r.tag))]
      .sort()
      .map((name) => ({ name, ...(set.tags[name] ? { description: set.tags[name] } : {}) })),
    security: [{ tokenAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <auth_token>' },
        apiKeyAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'A partner API key (developer tools); never in the URL',
        },
      },
      schemas,
      requestBodies,
      responses,
      headers: {
        IgnoredFields: {
          description:
            'The request fields that were ignored (keys the body schema does not know, dot-joined paths, list rows by 0-based index), comma-separated. Absent when none were.',
          schema: { type: 'string' },
        },
      },
    },
  };
}

/**
 * The schema components reachable from the operations (through request bodies, responses and
 * other components): a file or definition no call uses (rules such as `$defs.publish`, query
 * schemas written out as parameters) stays out of the document.
 */
function usedSchemas(schemas: JsonSchema, roots: unknown[]): Set<string> {
  const used = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const node = queue.pop();
    if (Array.isArray(node)) queue.push(...node);
    else if (isObject(node)) {
      const ref = node.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
        const name = ref.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          queue.push(schemas[name]);
        }
      }
      queue.push(...Object.values(node));
    }
  }
  return used;
}
