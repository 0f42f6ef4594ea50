import openapi from '../../../src/shared/generated/openapi.json' with { type: 'json' };
import type { JsonSchema, RouteDef } from '../../../src/shared/bundle-types.js';
import type { SchemaRegistry } from '../../../src/server/routing/schema-registry.js';

/**
 * Every operation of the OpenAPI document, with what the fuzz suite needs to call it: taken
 * from openapi.json and the route table, so routes added later are fuzzed without a change here.
 */
export interface Operation {
  operationId: string;
  method: string;
  /** As the OpenAPI document writes it: /api/facts/main-info/{id}/ */
  path: string;
  route: RouteDef;
  pathParams: { name: string; type: 'integer' | 'string' }[];
  query: { name: string; schema: JsonSchema }[];
  body?: {
    contentType: 'application/json' | 'multipart/form-data';
    /** Ref-free (every $ref inlined). */
    schema: JsonSchema;
    list: boolean;
    /** Multipart: the fields that carry files (contentMediaType), and the limits. */
    fileFields: string[];
    maxFileBytes: number;
    maxFiles: number;
  };
  /** The statuses the document lists for the operation. */
  statuses: Set<number>;
}

interface OpenApiOperation {
  operationId: string;
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  responses: Record<string, unknown>;
}

export function operations(schemas: SchemaRegistry): Operation[] {
  const routes = new Map(schemas.bundle.routes.map((r) => [r.operationId, r]));
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Record<string, OpenApiOperation>>)) {
    for (const [method, op] of Object.entries(item)) {
      const route = routes.get(op.operationId);
      if (!route) throw new Error(`${op.operationId} is in openapi.json but not in routes.json: run npm run codegen`);
      const params = op.parameters ?? [];
      const querySchema = route.query ? schemas.resolved(route.query) : undefined;
      let body: Operation['body'];
      if (route.body) {
        const schema = schemas.resolved(route.body.schema);
        const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const fileFields = Object.entries(props)
          .filter(
            ([, p]) =>
              p.contentMediaType !== undefined || (p.items as JsonSchema | undefined)?.contentMediaType !== undefined,
          )
          .map(([name]) => name);
        body = {
          contentType: route.body.contentType ?? 'application/json',
          schema,
          list: !!route.body.list,
          fileFields,
          maxFileBytes: route.body.maxFileBytes ?? 5 * 1_048_576,
          maxFiles: route.body.maxFiles ?? 1,
        };
      }
      out.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        route,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, type: p.schema.type === 'integer' ? 'integer' : 'string' })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name,
            schema: ((querySchema?.properties ?? {}) as Record<string, JsonSchema>)[p.name] ?? p.schema,
          })),
        body,
        statuses: new Set(Object.keys(op.responses).map(Number)),
      });
    }
  }
  return out.sort((a, b) => a.operationId.localeCompare(b.operationId));
}
