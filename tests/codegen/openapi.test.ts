import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import openapi from '../../src/shared/generated/openapi.json' with { type: 'json' };
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };

type Doc = { paths: Record<string, Record<string, { operationId: string; security?: unknown; responses: Record<string, unknown> }>> };

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

  it('carries every route of routes.json with its operationId, and security on signed-in calls', () => {
    const doc = openapi as unknown as Doc;
    for (const route of bundle.routes) {
      const op = doc.paths[`/${route.path}`]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op!.operationId).toBe(route.operationId);
      expect(op!.security !== undefined).toBe(route.access !== 'public');
      if (route.access !== 'public') expect(op!.responses['401']).toBeDefined();
    }
  });
});
