import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import routesJson from '../../schemas/routes.json' with { type: 'json' };
import { ALL_DIALECTS, describeOn } from '../helpers/db.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUp, type Account } from '../helpers/accounts.js';
import { createProperty, sendForm } from '../helpers/properties.js';
import { file, jpeg, uploaded } from '../helpers/fixtures/uploaded-photos.js';
import { apiKey } from '../helpers/fixtures/partner-api-access.js';

interface Route {
  operationId: string;
  method: string;
  path: string;
  access: string;
  accountType?: string;
  params?: Record<string, string>;
  body?: { schema: string; contentType?: string };
}
const routes = (routesJson as { routes: Route[] }).routes;
const NUL = 'Remove the NUL character (\\u0000): text may not contain it.';
const TOO_BIG = 2 ** 31;
const uid = (n: number | string) => Buffer.from(String(n)).toString('base64url');

/** A 4xx in the error contract: a JSON object of field -> messages, or a detail. */
function isContractError(res: LightMyRequestResponse): boolean {
  if (res.statusCode >= 500) return false;
  const body = res.json<Record<string, unknown>>();
  return typeof body === 'object' && body !== null && Object.keys(body).length > 0;
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`bad input is a 4xx, the same on both databases (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let operator: Account;
    let staff: Account;
    let hotel: number;
    /** The partner API (access apiKey) takes a key, not a token: the operator's, used from 127.0.0.1. */
    let operatorKey: string;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      operator = await signUp(t, { account_type: 'to' });
      staff = await signUp(t);
      await t.testDb.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();
      hotel = (await createProperty(t, owner.token)).id;
      operatorKey = String((await apiKey(t, operator)).token);
    });
    afterAll(() => t.stop());

    /** Who may call the route, so the check under test is the one that answers. */
    const callerFor = (r: Route) => (r.access === 'staff' ? staff : r.accountType === 'to' ? operator : owner);
    const fill = (r: Route, value: (name: string) => string) =>
      `/${r.path.replace(/\{(\w+)\}/g, (_, name: string) => value(name))}`;

    describe('multipart without a boundary, or cut off, on every multipart route', () => {
      const multipartRoutes = routes.filter((r) => r.body?.contentType === 'multipart/form-data');
      it('covers the multipart routes of routes.json', () => {
        expect(multipartRoutes.map((r) => r.operationId)).toEqual(
          expect.arrayContaining([
            'propertyCreate',
            'propertyUpdate',
            'galleryUpload',
            'settingsCompanyCreate',
            'settingsCompanyEdit',
          ]),
        );
      });
      const bodies: [string, string, string][] = [
        [
          'no boundary',
          'multipart/form-data',
          '--x\r\nContent-Disposition: form-data; name="company"\r\n\r\nA\r\n--x--\r\n',
        ],
        [
          'cut off in a field',
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="company"\r\n\r\nAcme',
        ],
        [
          'cut off in a file',
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n',
        ],
        ['not multipart at all', 'multipart/form-data; boundary=x', 'hello'],
      ];
      for (const r of multipartRoutes) {
        for (const [what, contentType, payload] of bodies) {
          it(`${r.operationId}: ${what} -> 400`, async () => {
            const url = fill(r, () => String(hotel));
            const res = await t.app.inject({
              method: r.method as 'POST',
              url,
              headers: { 'content-type': contentType, authorization: `Token ${callerFor(r).token}` },
              payload,
            });
            expect(res.statusCode, res.body).toBe(400);
            expect(res.json()).toEqual({
              non_field_errors: ['The form data is malformed or incomplete; send the form again.'],
            });
          });
        }
      }
    });

    it('a path id of 2^31 or more names nothing: 404 on every route with an id in its path', async () => {
      const withIds = routes.filter(
        (r) => /\{\w+\}/.test(r.path) && Object.values(r.params ?? {}).length < (r.path.match(/\{/g) ?? []).length,
      );
      expect(withIds.length).toBeGreaterThan(20);
      for (const r of withIds) {
        for (const id of [String(TOO_BIG), '99999999999999999999', '2147483647']) {
          const url = fill(r, (name) =>
            r.params?.[name] === 'string' ? (name === 'variant' ? 'thumbnail' : 'x') : id,
          );
          const caller =
            r.access === 'apiKey'
              ? { headers: { 'x-api-key': operatorKey }, ip: '127.0.0.1' }
              : { token: callerFor(r).token };
          const res = await t.api(r.method, url, { ...caller, body: r.body && !r.body.contentType ? {} : undefined });
          // Beyond the range: 404 before anything else is looked at. The largest id: whatever the
          // route answers an unknown id with an empty body (404, or 400 for the body), never 5xx.
          if (id === '2147483647') expect([400, 404], `${r.method} ${url}: ${res.body}`).toContain(res.statusCode);
          else expect(res.statusCode, `${r.method} ${url}: ${res.body}`).toBe(404);
        }
      }
    });

    it('integers of 2^31 or more in bodies and query filters: 400 naming the field', async () => {
      const section = await t.api('POST', '/api/facts/main-info/create/', {
        token: owner.token,
        body: { hotel: TOO_BIG },
      });
      expect(section.statusCode).toBe(400);
      expect(Object.keys(section.json())).toEqual(['hotel']);
      const featured = await t.api('PATCH', '/api/facts/property/gallery/featured-image/', {
        token: owner.token,
        body: { property: hotel, photo: TOO_BIG },
      });
      expect(featured.statusCode).toBe(400);
      expect(Object.keys(featured.json())).toEqual(['photo']);
      const rows = await t.api('POST', `/api/facts/facility/bars/update/${hotel}/`, {
        token: owner.token,
        body: [{ id: TOO_BIG, bar_name: 'Bar' }],
      });
      expect(rows.statusCode).toBe(400);
      expect(rows.json().rows['0']).toHaveProperty('id');
      const permissions = await t.api('POST', '/api/auth/permissions/create/', {
        token: owner.token,
        body: { user: TOO_BIG, properties_allowed: [TOO_BIG] },
      });
      expect(permissions.statusCode).toBe(400);
      for (const query of [`property=${TOO_BIG}`, `user=${TOO_BIG}`, `page=${TOO_BIG}`, 'property=1e400', 'user=-1']) {
        const res = await t.api('GET', `/api/settings/audit-trail/?${query}`, { token: owner.token });
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()), query).toEqual([query.split('=')[0]]);
      }
    });

    it('link uids beyond the id range, decoded before sign-in, answer as an invalid link (400)', async () => {
      for (const bad of [uid(TOO_BIG), uid('99999999999999999999'), uid('1e3'), '%%%']) {
        const activation = await t.api('POST', '/api/auth/users/activation/', { body: { uid: bad, token: 'x' } });
        expect(activation.statusCode, activation.body).toBe(400);
        const reset = await t.api('POST', '/api/auth/users/reset_password_confirm/', {
          body: { uid: bad, token: 'x', new_password: 'Fresh-Maple-Lake-19', re_new_password: 'Fresh-Maple-Lake-19' },
        });
        expect(reset.statusCode, reset.body).toBe(400);
        const invitation = await t.api('POST', '/api/auth/users/invitation/accept/', {
          body: { uid: bad, token: 'x', new_password: 'Fresh-Maple-Lake-19', re_new_password: 'Fresh-Maple-Lake-19' },
        });
        expect(invitation.statusCode, invitation.body).toBe(400);
        expect(isContractError(invitation)).toBe(true);
      }
    });

    it('activating an active account answers exactly as an invalid link does', async () => {
      const active = await signUp(t);
      const forActive = await t.api('POST', '/api/auth/users/activation/', {
        body: { uid: uid(active.id), token: 'anything' },
      });
      const forNobody = await t.api('POST', '/api/auth/users/activation/', {
        body: { uid: uid(2147483000), token: 'anything' },
      });
      expect(forActive.statusCode).toBe(400);
      expect(forActive.json()).toEqual(forNobody.json());
    });

    describe('NUL characters are refused with a 400 naming the field, and nothing is stored', () => {
      it('sign-in e-mail and password, sign-up, reset request', async () => {
        const login = await t.api('POST', '/api/auth/token/login/', {
          body: { email: `a\u0000@example.com`, password: PASSWORD },
        });
        expect(login.statusCode).toBe(400);
        expect(login.json()).toEqual({ email: [NUL] });
        const signup = await t.api('POST', '/api/auth/users/', {
          body: {
            email: 'nul@example.com',
            password: PASSWORD,
            re_password: PASSWORD,
            account_type: 'accommodation',
            first_name: 'N\u0000',
            last_name: 'L',
          },
        });
        expect(signup.json()).toEqual({ first_name: [NUL] });
        expect(
          await t.testDb.db.kysely
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'nul@example.com')
            .executeTakeFirst(),
        ).toBeUndefined();
        const reset = await t.api('POST', '/api/auth/users/reset_password/', { body: { email: '\u0000' } });
        expect(reset.statusCode).toBe(400);
      });

      it("profile names, property, list, photo and contact names, an upload's file name, query filters", async () => {
        const profile = await t.api('PATCH', '/api/auth/profile/update/', {
          token: owner.token,
          body: { first_name: 'Ana\u0000', last_name: 'Ok' },
        });
        expect(profile.json()).toEqual({ first_name: [NUL] });
        const property = await sendForm(t, 'POST', '/api/facts/property/create/', owner.token, [
          { name: 'hotel_name', value: 'Hotel\u0000Nul' },
          { name: 'country', value: 'ES' },
          { name: 'state', value: 'PM' },
          { name: 'city', value: 'Palma' },
        ]);
        expect(property.statusCode).toBe(400);
        expect(property.json()).toEqual({ hotel_name: [NUL] });
        const list = await t.api('POST', `/api/facts/facility/restaurants/update/${hotel}/`, {
          token: owner.token,
          body: [
            { id: 0, restaurant_name: 'Fine' },
            { id: 0, restaurant_name: 'Bad\u0000' },
          ],
        });
        expect(list.statusCode).toBe(400);
        expect(list.json().rows).toEqual({ 1: { restaurant_name: [NUL] } });
        expect(list.json().non_field_errors[0]).toMatch(/^Restaurant \(2\)/);
        expect(
          (await t.api('GET', `/api/facts/facility/restaurants/${hotel}/`, { token: owner.token })).json(),
        ).toEqual([]);
        const [photo] = await uploaded(t, owner.token, hotel, [file(await jpeg(), 'fine.jpg')]);
        const rename = await t.api('PATCH', `/api/facts/property/gallery/${hotel}/${photo!.id}/update/`, {
          token: owner.token,
          body: { name: 'x\u0000y' },
        });
        expect(rename.json()).toEqual({ name: [NUL] });
        const upload = await sendForm(t, 'POST', `/api/facts/property/${hotel}/gallery/create/`, owner.token, [
          file(await jpeg(), 'pool\u0000.jpg'),
        ]);
        expect(upload.statusCode).toBe(400);
        expect(Object.keys(upload.json())).toEqual(['imagesArray']);
        const group = await t.api('POST', '/api/settings/mailing-list/create/', {
          token: owner.token,
          body: { name: 'G\u0000' },
        });
        expect(group.json()).toEqual({ name: [NUL] });
        const groupId = (
          await t.api('POST', '/api/settings/mailing-list/create/', {
            token: owner.token,
            body: { name: 'Fine group' },
          })
        ).json<{ id: number }>().id;
        const contact = await t.api('POST', '/api/settings/contact-list/create/', {
          token: owner.token,
          body: { mailing_list: groupId, name: 'C\u0000', email_address: 'c@example.com' },
        });
        expect(contact.json()).toEqual({ name: [NUL] });
        const nested = await t.api('POST', '/api/facts/main-info/create/', {
          token: owner.token,
          body: { hotel, 'zip\u0000code': '1' },
        });
        expect(nested.statusCode).toBe(400);
        expect(nested.json()).toEqual({ non_field_errors: ['A field name contains a NUL character (\\u0000).'] });
        const query = await t.api('GET', '/api/settings/audit-trail/?kind=%00', { token: owner.token });
        expect(query.statusCode).toBe(400);
        expect(query.json()).toEqual({ kind: [NUL] });
        const stringParam = await t.api('GET', '/api/external/states/E%00S/');
        expect(stringParam.statusCode).toBe(404);
      });

      it('a user agent with control characters is stored without them', async () => {
        const res = await t.api('POST', '/api/auth/token/login/', {
          body: { email: owner.email, password: PASSWORD },
          headers: { 'user-agent': 'Bad\u0000Agent\u0007' },
          ip: '198.51.100.77',
        });
        expect(res.statusCode, res.body).toBe(200);
        const sessions = (
          await t.api('GET', '/api/auth/sessions/', { token: res.json<{ auth_token: string }>().auth_token })
        ).json<{ user_agent: string | null }[]>();
        expect(sessions.map((s) => s.user_agent)).toContain('BadAgent');
      });
    });

    it('documents nested deeper than any form: 400', async () => {
      let deep: unknown = 'x';
      for (let i = 0; i < 200; i++) deep = { a: deep };
      const res = await t.api('POST', '/api/facts/main-info/create/', {
        token: owner.token,
        body: { hotel, zip_code: deep },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors[0]).toMatch(/nested more than/);
      const arrays = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/login/',
        headers: { 'content-type': 'application/json' },
        payload: '['.repeat(100_000) + ']'.repeat(100_000),
      });
      expect(arrays.statusCode).toBe(400);
    });

    it('a hidden dependent field sent with a value is stored as null, and the answer says so', async () => {
      const res = await t.api('POST', '/api/facts/main-info/create/', {
        token: owner.token,
        body: { hotel, deposit_required: false, deposit_required_for: 'Groups' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().deposit_required_for).toBeNull();
      expect(res.headers['x-ignored-fields']).toBe('deposit_required_for');
      const shown = await t.api('PUT', `/api/facts/main-info/update/${hotel}/`, {
        token: owner.token,
        body: { hotel, version: 1, deposit_required: true, deposit_required_for: 'Groups' },
      });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().deposit_required_for).toBe('Groups');
      expect(shown.headers['x-ignored-fields']).toBeUndefined();
    });
  });
}
