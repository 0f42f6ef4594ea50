import { isObject, pascal, pathParams, type JsonSchema, type RouteDef, type SchemaSet } from './model.js';
import { resolveRef, transform } from './refs.js';
import { mapChildren } from './walk.js';
import { sorted } from './emit-types.js';

const KEEP_EXTENSIONS = new Set(['x-client-name', 'x-options']);

function componentName(set: SchemaSet, rel: string, pointer: string): string {
  const file = set.schemas.get(rel);
  if (!file) throw new Error(`no schema ${rel}`);
  if (pointer === '') return file.typeName;
  const def = pointer.replace(/^\/\$defs\//, '');
  return `${file.typeName}${pascal(def)}`;
}

/** A schema as an OpenAPI component: refs point at components, presentation keywords dropped. */
function asComponent(set: SchemaSet, rel: string, node: unknown): JsonSchema {
  return transform(node, (n) => {
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(n)) {
      if ((k.startsWith('x-') && !KEEP_EXTENSIONS.has(k)) || k === '$id' || k === '$schema' || k === '$defs') continue;
      if (k === '$ref' && typeof v === 'string') {
        const t = resolveRef(rel, v);
        out.$ref = `#/components/schemas/${componentName(set, t.rel, t.pointer)}`;
      } else out[k] = v;
    }
    return mapChildren(out, (child) => asComponent(set, rel, child));
  }) as JsonSchema;
}

function refTo(set: SchemaSet, ref: string, list?: boolean): JsonSchema {
  const t = resolveRef('routes.json', ref);
  const one = { $ref: `#/components/schemas/${componentName(set, t.rel, t.pointer)}` };
  return list ? { type: 'array', items: one } : one;
}

const ERROR_BODY = {
  type: 'object',
  description:
    'DRF-style errors: {field: [messages]}, nested for nested objects; non_field_errors for the whole document; rows for per-row detail of list saves; detail for a single message.',
  additionalProperties: true,
};

const STATUS_TEXT: Record<string, string> = {
  '400': 'Invalid input: the body names every field at fault',
  '401': 'No valid token',
  '403': 'Signed in, without the permission',
  '404': 'Not found, or not yours to see',
  '409': 'Conflict: stale version or existing record',
  '413': 'Too large',
  '429': 'Too many attempts; retry after the ban ends',
};

function operation(set: SchemaSet, r: RouteDef): JsonSchema {
  const parameters: JsonSchema[] = pathParams(r.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    // Ids fit the id columns; a path id out of range names nothing (404).
    schema: (r.params?.[name] ?? 'integer') === 'integer' ? { type: 'integer', minimum: 1, maximum: 2147483647 } : { type: 'string' },
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
  if (r.access !== 'public') op.security = [{ tokenAuth: [] }];
  if (parameters.length) op.parameters = parameters;
  if (r.body) {
    const contentType = r.body.contentType ?? 'application/json';
    op.requestBody = { required: !r.body.optional, content: { [contentType]: { schema: refTo(set, r.body.schema, r.body.list) } } };
  }
  const responses: JsonSchema = {};
  for (const [status, res] of Object.entries(r.responses)) {
    if (res === null) responses[status] = { description: 'No content' };
    else if (res.schema) {
      responses[status] = {
        description: res.description ?? 'OK',
        content: { [res.contentType ?? 'application/json']: { schema: refTo(set, res.schema, res.list) } },
      };
    } else {
      responses[status] = {
        description: res.description ?? 'A file',
        content: { [res.contentType ?? 'application/octet-stream']: { schema: { type: 'string', contentMediaType: res.contentType ?? 'application/octet-stream' } } },
      };
    }
  }
  const errors = ['400', '404'];
  if (r.access !== 'public') errors.push('401', '403');
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
      for (const [name, def] of Object.entries(defs)) schemas[`${file.typeName}${pascal(name)}`] = asComponent(set, file.rel, def);
  }
  schemas.ErrorBody = ERROR_BODY;
  const responses: JsonSchema = {};
  for (const [status, text] of Object.entries(STATUS_TEXT)) {
    responses[`E${status}`] = { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
  }
  const paths: JsonSchema = {};
  for (const r of [...set.routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const p = `/${r.path}`;
    const item = (paths[p] ??= {}) as JsonSchema;
    item[r.method.toLowerCase()] = operation(set, r);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ananas API',
      version,
      description:
        'The Ananas hotel-content portal API. Generated by `npm run codegen` from schemas/: do not edit. Send `Authorization: Token <auth_token>` on signed-in calls.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [...new Set(set.routes.map((r) => r.tag))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <auth_token>' },
      },
      schemas,
      responses,
    },
  };
}
