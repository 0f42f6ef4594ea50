/** The OpenAPI document and its documentation page are served, and the page loads nothing from outside. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.stop());

  it('serves /api/openapi.json with the partner API under its key scheme and public calls with security: []', async () => {
    const res = await t.api('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKeyAuth).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    );
    expect(doc.paths['/api/v1/properties/'].get.security).toEqual([{ apiKeyAuth: [] }]);
    expect(doc.paths['/api/v1/properties/'].get.responses['429']).toBeDefined();
    expect(doc.paths['/api/auth/token/login/'].post.security).toEqual([]);
  });

  it('serves /api/docs as one self-contained page: no script, no outside address', async () => {
    const res = await t.api('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('/api/v1/properties/{id}/facts/');
    expect(res.body).not.toMatch(/<script|<link|@import|src=/i);
    expect(res.body.match(/https?:\/\/[^"'<\s]+/g) ?? []).toEqual([]);
  });
});
