import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { checkHandlers } from '../../src/server/routing/register-routes.js';
import { allHandlers } from '../../src/server/features/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { signUp } from '../helpers/accounts.js';

describe('the route table and the error contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.stop());

  it('has a handler for every route and a route for every handler', () => {
    const routes = (bundle as unknown as SchemaBundle).routes;
    const { handlers } = allHandlers(t.services);
    expect(() => checkHandlers(routes, handlers)).not.toThrow();
    expect(() =>
      checkHandlers(routes, { ...handlers, madeUpOperation: async () => ({ status: 204 }) } as never),
    ).toThrow(/handlers without a route: madeUpOperation/);
    const { authUsersMe: _dropped, ...fewer } = handlers;
    expect(() => checkHandlers(routes, fewer)).toThrow(/routes without a handler: authUsersMe/);
  });

  it('has a route for every pre-check (a misspelt one would never run before the step-up)', () => {
    const routes = (bundle as unknown as SchemaBundle).routes;
    const { handlers, prechecks } = allHandlers(t.services);
    expect(Object.keys(prechecks ?? {}).length).toBeGreaterThan(0);
    expect(() => checkHandlers(routes, handlers, prechecks)).not.toThrow();
    expect(() =>
      checkHandlers(routes, handlers, { ...prechecks, madeUpOperation: async () => undefined } as never),
    ).toThrow(/pre-checks without a route: madeUpOperation/);
  });

  it('serves every route of the table (none answers the not-found handler)', async () => {
    for (const route of (bundle as unknown as SchemaBundle).routes) {
      const url = '/' + route.path.replace(/\{[^}]+\}/g, '1');
      const res = await t.api(route.method, url);
      expect([200, 201, 204, 400, 401, 403, 404], `${route.method} ${url}`).toContain(res.statusCode);
      if (res.statusCode === 404) expect(route.path, `${route.method} ${url} is not registered`).toMatch(/\{/);
    }
  });

  it('answers unknown API paths, bad JSON, wrong media types and oversize bodies with clear 4xx JSON', async () => {
    const unknown = await t.api('GET', '/api/nothing/here/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    const badJson = await t.api('POST', '/api/auth/token/login/', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().non_field_errors[0]).toMatch(/not valid JSON/);
    const media = await t.api('POST', '/api/auth/token/login/', {
      body: 'email=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(media.statusCode).toBe(400);
    const big = await t.api('POST', '/api/auth/token/login/', {
      body: JSON.stringify({ email: 'x'.repeat(3 * 1024 * 1024), password: 'y' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    const empty = await t.api('POST', '/api/auth/token/login/', { headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    for (const res of [unknown, badJson, media, big, empty]) {
      expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|SQL|sqlite|select /i);
    }
  });

  it('sends security headers', async () => {
    const a = await signUp(t);
    const res = await t.api('GET', '/api/auth/users/me/', { token: a.token });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('refuses a non-staff caller on staff routes and anonymous callers on user routes', async () => {
    expect((await t.api('GET', '/api/auth/users/me/')).statusCode).toBe(401);
    const a = await signUp(t);
    expect(
      (await t.api('POST', '/api/external/post-features-updates/create/', { token: a.token, body: {} })).statusCode,
    ).toBe(403);
  });
});
