import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import openapi from '../../src/shared/generated/openapi.json' with { type: 'json' };
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };

type Doc = {
  paths: Record<
    string,
    Record<string, { operationId: string; security?: unknown; responses: Record<string, unknown> }>
  >;
};
type Schema = {
  $ref?: string;
  properties?: Record<string, unknown>;
  required?: string[];
  items?: unknown;
  additionalProperties?: unknown;
  allOf?: unknown;
  anyOf?: unknown;
  oneOf?: unknown;
};

describe('openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (checked by a real validator)', async () => {
    const api = (await SwaggerParser.validate(structuredClone(openapi) as never)) as { openapi?: string };
    expect(api.openapi).toBe('3.1.0');
  });

  it('is rejected by the same validator when broken, so the check is real', async () => {
    const broken = structuredClone(openapi) as unknown as Doc;
    // A response without its required description.
    broken.paths['/api/broken/'] = { get: { operationId: 'broken', responses: { '200': {} } } };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('carries every route of routes.json with its operationId; security is the token on signed-in calls and [] on public ones', () => {
    const doc = openapi as unknown as Doc;
    for (const route of bundle.routes) {
      const op = doc.paths[`/${route.path}`]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op!.operationId).toBe(route.operationId);
      // The partner API (access apiKey) takes its key in the X-Api-Key header.
      const security =
        route.access === 'public' ? [] : route.access === 'apiKey' ? [{ apiKeyAuth: [] }] : [{ tokenAuth: [] }];
      expect(op!.security, `${route.method} ${route.path}`).toEqual(security);
      if (route.access !== 'public') expect(op!.responses['401']).toBeDefined();
    }
  });

  it('answers with every property required (answer forms), through every $ref, while request bodies keep their own required', () => {
    const doc = openapi as unknown as { paths: Doc['paths']; components: { schemas: Record<string, Schema> } };
    const lacking: string[] = [];
    const seen = new Set<string>();
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (!node || typeof node !== 'object') return;
      const s = node as Schema;
      if (typeof s.$ref === 'string') {
        if (seen.has(s.$ref)) return;
        seen.add(s.$ref);
        return walk(doc.components.schemas[s.$ref.split('/').pop()!], s.$ref);
      }
      if (s.properties) {
        const required = new Set(s.required ?? []);
        for (const p of Object.keys(s.properties)) if (!required.has(p)) lacking.push(`${where}: ${p}`);
        for (const [k, v] of Object.entries(s.properties)) walk(v, `${where}/${k}`);
      }
      for (const k of ['items', 'additionalProperties', 'allOf', 'anyOf', 'oneOf'] as const)
        walk(s[k], `${where}/${k}`);
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, res] of Object.entries(op.responses)) {
          if (status < '400')
            walk(
              (res as { content?: Record<string, { schema: unknown }> }).content?.['application/json']?.schema,
              `${method} ${path} ${status}`,
            );
        }
      }
    }
    expect(lacking).toEqual([]);
    expect(seen.size).toBeGreaterThan(20);
    // The request form of a section keeps its fields optional; its answer form has them all.
    const bodies = (
      openapi.components as unknown as {
        requestBodies: Record<string, { content: Record<string, { schema: Schema }> }>;
      }
    ).requestBodies;
    expect(bodies.MainInfo!.content['application/json']!.schema.required).toBeUndefined();
    expect(doc.components.schemas.MainInfoResponse!.required).toContain('tax');
    const get = doc.paths['/api/facts/main-info/{id}/']!.get!.responses['200'] as {
      content: Record<string, { schema: Schema }>;
    };
    expect(get.content['application/json']!.schema.$ref).toBe('#/components/schemas/MainInfoResponse');
  });

  type Body = { content: Record<string, { schema: Schema & { properties: Record<string, Record<string, unknown>> } }> };
  const requestBodies = (openapi.components as unknown as { requestBodies: Record<string, Body> }).requestBodies;
  const schemas = (openapi.components as unknown as { schemas: Record<string, Schema & Record<string, unknown>> })
    .schemas;
  const bodyOf = (name: string) => requestBodies[name]!.content['application/json']!.schema;

  it('asks a request for what the server needs: server-set fields (readOnly) are not in request bodies, fields with defaults are not required', () => {
    const ops = (
      openapi as unknown as Doc & { paths: Record<string, Record<string, { requestBody?: { $ref: string } }>> }
    ).paths;
    expect(ops['/api/settings/whitelist/create/']!.post!.requestBody).toEqual({
      $ref: '#/components/requestBodies/Whitelist',
    });
    expect(Object.keys(bodyOf('Whitelist').properties)).toEqual(['name', 'domain']);
    expect(bodyOf('Whitelist').required).toEqual(['name', 'domain']);
    const key = bodyOf('ApiKey');
    for (const field of ['id', 'token', 'prefix', 'previous_valid_until', 'date_created', 'last_used'])
      expect(key.properties[field], field).toBeUndefined();
    expect(key.required).toEqual(['title', 'domain']);
    expect(key.properties.description!.default).toBe('');
    // The answers still carry them, every one required.
    expect(schemas.ApiKeyResponse!.required).toEqual(
      expect.arrayContaining(['id', 'token', 'prefix', 'description', 'rotate']),
    );
    // Secrets a request carries are writeOnly and never in an answer.
    expect(bodyOf('LoginRequest').properties.password!.writeOnly).toBe(true);
  });

  it('declares our formats by the pattern the server validates with (time is HH:MM, currency and country are ISO codes)', () => {
    const formats = new Set<string>();
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) return n.forEach(walk);
      if (!n || typeof n !== 'object') return;
      const f = (n as { format?: unknown }).format;
      if (typeof f === 'string') formats.add(f);
      Object.values(n).forEach(walk);
    };
    walk(openapi);
    expect([...formats].sort()).toEqual(
      ['date', 'date-time', 'email', 'hostname', 'uri'].filter((f) => formats.has(f)),
    );
    const time = new RegExp(String(schemas.CommonDefsTime!.pattern));
    expect(['15:00', '09:30', '23:59:59'].every((v) => time.test(v))).toBe(true);
    expect(['24:00', '9:30', '15:00:00Z'].some((v) => time.test(v))).toBe(false);
    const currency = new RegExp(String(schemas.CommonDefsCurrency!.pattern));
    expect([currency.test('EUR'), currency.test('XYZ'), currency.test('eur')]).toEqual([true, false, false]);
  });

  it('holds no unused component, describes every tag and names its licence', () => {
    const text = JSON.stringify(openapi);
    for (const name of Object.keys(schemas)) expect(text.includes(`"#/components/schemas/${name}"`), name).toBe(true);
    const doc = openapi as unknown as {
      tags: { name: string; description?: string }[];
      info: { license?: { name: string } };
    };
    expect(doc.tags.filter((t) => !t.description)).toEqual([]);
    expect(doc.info.license?.name).toBeTruthy();
  });
});
