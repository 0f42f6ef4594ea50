/**
 * Issue 10 §5: requests built the way a client of the spec's Django REST framework + djoser
 * server builds them, sent to every landed write call, on both databases: numbers and booleans
 * as text, unknown keys, `id: null`, U+00A0 in option values, comma lists and "null" in forms,
 * the earlier product's flat taxes, JSON property forms, updates without a version. Each is
 * saved as meant (read back and compared), every 2xx answer has every field of its schema (the
 * answer form), and what DRF refuses (wrong types, unknown option values, missing required
 * fields) is still refused with the landed error bodies.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/shared/bundle-types.js';
import { notify } from '../../src/server/features/notifications/store.js';
import { ALL_DIALECTS, describeOn } from '../helpers/db.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, ownerWithSubUser, signIn, signUp, type Account } from '../helpers/accounts.js';
import { createProperty, sendForm } from '../helpers/properties.js';
import { filledDocument, uncounted } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { answerProblems, routeOf } from '../helpers/answer-shape.js';
import { companyParts, invitationLink, totp } from '../helpers/fixtures/team-and-company.js';
import { file, jpeg, uploaded } from '../helpers/fixtures/uploaded-photos.js';

type Doc = Record<string, unknown>;

const NBSP = '\u00A0';

/**
 * A value as a DRF client sends it: numbers and booleans as text, option values spelt with a
 * non-breaking space where the list's spelling has a space. Free text stays as it is.
 */
function drfStyle(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => drfStyle((schema.items ?? {}) as JsonSchema, v));
  if (value !== null && typeof value === 'object') {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, props[k] ? drfStyle(props[k]!, v) : v]));
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string' && Array.isArray(schema.enum) && value.includes(' ')) return value.replace(' ', NBSP);
  return value;
}

/** How many values drfStyle changed (so a test cannot pass on a document it did not disguise). */
function disguised(a: unknown, b: unknown): number {
  if (Array.isArray(a) && Array.isArray(b)) return a.reduce((n: number, v, i) => n + disguised(v, b[i]), 0);
  if (a && b && typeof a === 'object' && typeof b === 'object')
    return Object.keys(a).reduce((n, k) => n + disguised((a as Doc)[k], (b as Doc)[k]), 0);
  return a === b ? 0 : 1;
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`a DRF client's requests (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;

    /** A call as a DRF client makes it; its 2xx JSON answer must have every field of its schema. */
    async function call(method: string, path: string, token: string | undefined, body?: unknown) {
      const res = await t.api(method, path, { token, body });
      const route = routeOf(method, path);
      if (route && res.statusCode < 300 && res.statusCode !== 204)
        expect(answerProblems(t.services.schemas, route, res.statusCode, res.json()), `${method} ${path}`).toEqual([]);
      return res;
    }

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
    });
    afterAll(() => t.stop());

    describe('fact sections', () => {
      for (const section of testSections().filter((s) => s.kind === 'document')) {
        it(`${section.key}: creates from text numbers, U+00A0 options, id null and unknown keys; updates without a version; an update creates a missing section`, async () => {
          const schema = t.services.schemas.resolved(section.ref);
          const { get, create, update } = section.routes;
          const property = (await createProperty(t, owner.token)).id;
          const meant = { ...filledDocument(schema), hotel: property };
          const sent = drfStyle(schema, meant) as Doc;
          expect(disguised(meant, sent)).toBeGreaterThan(0);

          const created = await call('POST', url(create!, property), owner.token, {
            ...sent,
            id: null,
            hotel: String(property),
            legacy_flag: 'x',
          });
          expect(created.statusCode, created.body).toBe(201);
          expect(created.headers['x-ignored-fields']).toBe('legacy_flag');
          expect(created.json()).toEqual({ ...meant, ...uncounted(schema), id: property, version: 1 });

          // No version: the spec's clients save unconditionally.
          const again = drfStyle(schema, { ...filledDocument(schema, 1), hotel: property }) as Doc;
          const updated = await call('PUT', url(update!, property), owner.token, again);
          expect(updated.statusCode, updated.body).toBe(200);
          expect(updated.json()).toEqual({
            ...filledDocument(schema, 1),
            ...uncounted(schema),
            hotel: property,
            id: property,
            version: 2,
          });
          expect((await call('GET', url(get!, property), owner.token)).json()).toEqual(updated.json());

          // An update addressed to a property whose section does not exist yet creates it.
          const fresh = (await createProperty(t, owner.token)).id;
          const never = (await call('GET', url(get!, fresh), owner.token)).json() as Doc;
          expect(never).toMatchObject({ id: null, hotel: fresh, version: null });
          const made = await call('PUT', url(update!, fresh), owner.token, { ...sent, hotel: fresh, id: 0 });
          expect(made.statusCode, made.body).toBe(200);
          expect(made.json()).toEqual({ ...meant, ...uncounted(schema), hotel: fresh, id: fresh, version: 1 });
        });
      }

      it('main-info takes the flat taxes of the earlier product into the nested groups', async () => {
        const property = (await createProperty(t, owner.token)).id;
        const res = await call('POST', '/api/facts/main-info/create/', owner.token, {
          hotel: property,
          rating: '4.5',
          tax: true,
          tax_charges: 'Additional\u00A0Charge',
          charges_person_per_night: '2.5',
          tax_currency: 'EUR',
          tourist_tax: false,
          tourist_charges: 'Inclusive',
          child_tax: 'true',
          child_charges: 'Inclusive',
          age_from: '2',
          age_to: '12',
          resort_fee: null,
        });
        expect(res.statusCode, res.body).toBe(201);
        // Every flat key was taken; only the charges of the switched-off tourist tax are named (stored as null).
        expect(res.headers['x-ignored-fields']).toBe('tourist_tax.tourist_charges');
        const read = (await call('GET', `/api/facts/main-info/${property}/`, owner.token)).json() as Doc;
        expect(read).toMatchObject({
          rating: 4.5,
          tax: {
            tax_applicable: true,
            tax_charges: 'Additional Charge',
            charges_person_per_night: 2.5,
            tax_currency: 'EUR',
          },
          // Switched off: its dependents are stored empty, as the editor would send them.
          tourist_tax: {
            tourist_tax_applicable: false,
            tourist_charges: null,
            tourist_charges_person_per_night: null,
            tourist_currency: null,
          },
          child_tax: {
            child_tax_applicable: true,
            child_charges: 'Inclusive',
            child_charges_per_night: null,
            child_currency: null,
            age_from: 2,
            age_to: 12,
          },
          resort_fee: {
            resort_fee_applicable: null,
            resort_charges: null,
            resort_charges_per_night: null,
            resort_currency: null,
          },
        });
        expect(read).not.toHaveProperty('tax_charges');
        // The nested form (the spec's) wins over a flat field sent beside it.
        const both = await call('PUT', `/api/facts/main-info/update/${property}/`, owner.token, {
          tax: { tax_applicable: true, tax_charges: 'Inclusive' },
          tax_charges: 'Additional Charge',
        });
        expect(both.json().tax).toEqual({
          tax_applicable: true,
          tax_charges: 'Inclusive',
          charges_person_per_night: null,
          tax_currency: null,
        });
      });

      it('a version sent still protects against a stale save (409)', async () => {
        const property = (await createProperty(t, owner.token)).id;
        expect(
          (await call('PUT', `/api/facts/food/update/${property}/`, owner.token, { boards_available: ['Half Board'] }))
            .statusCode,
        ).toBe(200);
        expect(
          (await call('PUT', `/api/facts/food/update/${property}/`, owner.token, { boards_available: [], version: 1 }))
            .statusCode,
        ).toBe(200);
        const stale = await call('PUT', `/api/facts/food/update/${property}/`, owner.token, {
          boards_available: [],
          version: '1',
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ current_version: 2 });
      });
    });

    describe('list rows', () => {
      it('rooms: hotel as the route id in text, id null and 0 for new rows, numbers and flags as text, U+00A0 options, unknown keys', async () => {
        const property = (await createProperty(t, owner.token)).id;
        const res = await call('POST', `/api/facts/rooms/update/${property}/`, owner.token, [
          {
            id: null,
            hotel: String(property),
            room_name: 'Double',
            room_name_type: '3\u00A0bedroom',
            room_view: 'Sea\u00A0view',
            room_total_units: '3',
            room_size_sqm: '24.5',
            room_infant_not_allowed: 'false',
            isSelected: true,
          },
          {
            id: 0,
            hotel: property,
            room_name: 'Suite',
            room_name_type: 'apartment',
            room_view: 'Pool side',
            room_allowed_infant_count: '2',
          },
        ]);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-ignored-fields']).toBe('0.isSelected');
        const [a, b] = (await call('GET', `/api/facts/rooms/${property}/`, owner.token)).json() as Doc[];
        expect(a).toMatchObject({
          hotel: property,
          room_name: 'Double',
          room_name_type: '3 bedroom',
          room_view: 'Sea view',
          room_total_units: 3,
          room_size_sqm: 24.5,
          room_infant_not_allowed: false,
          room_allowed_infant_count: null,
        });
        expect(b).toMatchObject({ room_name: 'Suite', room_allowed_infant_count: 2, room_infant_not_allowed: null });
        // Saved again with the ids as text: updated in place, not added.
        const again = await call('POST', `/api/facts/rooms/update/${property}/`, owner.token, [
          { ...a, id: String(a!.id), room_total_units: '4' },
          b,
        ]);
        expect((again.json() as Doc[]).map((r) => [r.id, r.room_total_units])).toEqual([
          [a!.id, 4],
          [b!.id, null],
        ]);
        expect((await call('DELETE', `/api/facts/rooms/delete/${b!.id}/`, owner.token)).statusCode).toBe(204);
      });

      it('restaurants, bars and maintenance: the same', async () => {
        const property = (await createProperty(t, owner.token)).id;
        const restaurants = await call('POST', `/api/facts/facility/restaurants/update/${property}/`, owner.token, [
          {
            id: null,
            hotel: String(property),
            restaurant_name: 'Blue',
            restaurant_is_buffet: 'true',
            restaurant_opening_days: ['Mon'],
            note: 'x',
          },
        ]);
        expect(restaurants.statusCode, restaurants.body).toBe(200);
        expect(restaurants.json()[0]).toMatchObject({
          restaurant_name: 'Blue',
          restaurant_is_buffet: true,
          restaurant_opening_days: ['Mon'],
          restaurant_features: [],
        });
        const bars = await call('POST', `/api/facts/facility/bars/update/${property}/`, owner.token, [
          { id: null, hotel: String(property), bar_name: 'Pool bar' },
        ]);
        expect(bars.json()[0]).toMatchObject({ bar_name: 'Pool bar', bar_type: null, bar_charges: null });
        const maintenance = await call('POST', `/api/facts/maintenance/update/${property}/`, owner.token, [
          {
            id: null,
            hotel: String(property),
            maintenance_type_apply: 'Closure\u00A0of\u00A0spa\u00A0area',
            maintenance_disturbance: 'little  disturbing',
            maintenance_zone: 'Complete',
            maintenance_from: '2026-01-10',
            maintenance_to: '2026-02-10',
          },
        ]);
        expect(maintenance.statusCode, maintenance.body).toBe(200);
        expect(maintenance.json()[0]).toMatchObject({
          maintenance_type_apply: 'Closure of spa area',
          maintenance_disturbance: 'little disturbing',
        });
      });
    });

    describe('properties, photos, company', () => {
      it('property create and update take JSON as well as form data; the form takes "null" and numbers as text', async () => {
        const created = await call('POST', '/api/facts/property/create/', owner.token, {
          hotel_name: 'Hotel Json',
          country: 'ES',
          state: 'PM',
          city: 'Palma',
          hotel_logo: null,
          stars: 5,
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.headers['x-ignored-fields']).toBe('stars');
        expect(created.json()).toMatchObject({
          hotel_name: 'Hotel Json',
          country: 'ES',
          state: 'PM',
          city: 'Palma',
          hotel_logo: null,
          photo_count: 0,
          publish_date: null,
          publish_state: 'draft',
        });
        const id = created.json().id as number;
        const updated = await call('PUT', `/api/facts/property/update/${id}/`, owner.token, {
          hotel_name: 'Hotel Json II',
          country: 'ES',
          remove_logo: 'false',
          hotel_logo: '/api/facts/property/1/logo/',
        });
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.headers['x-ignored-fields']).toBe('hotel_logo');
        expect(updated.json()).toMatchObject({ id, hotel_name: 'Hotel Json II', state: '', city: '' });
        const form = await sendForm(t, 'PUT', `/api/facts/property/update/${id}/`, owner.token, [
          { name: 'hotel_name', value: 'Hotel Form' },
          { name: 'country', value: 'ES' },
          { name: 'state', value: 'null' },
          { name: 'city', value: 'Palma' },
          { name: 'remove_logo', value: 'true' },
        ]);
        expect(form.statusCode, form.body).toBe(200);
        expect(form.json()).toMatchObject({ hotel_name: 'Hotel Form', state: '', city: 'Palma' });
      });

      it('photos: text fields of the upload, ids as text in edits, order and featured image', async () => {
        const property = (await createProperty(t, owner.token)).id;
        const rooms = await call('POST', `/api/facts/rooms/update/${property}/`, owner.token, [
          { room_name: 'Double', room_name_type: 'apartment', room_view: 'Sea view' },
        ]);
        const roomId = rooms.json()[0].id as number;
        const img = await jpeg(200, 150);
        const photos = await uploaded(t, owner.token, property, [file(img, 'a.jpg'), file(img, 'b.jpg')], {
          name: 'Pool',
          category: 'null',
          room: String(roomId),
        });
        expect(photos.map((p) => [p.name, p.category, p.room])).toEqual([
          ['Pool', null, roomId],
          ['Pool', null, roomId],
        ]);
        const [a, b] = photos.map((p) => p.id) as [number, number];
        const edited = await call('PATCH', `/api/facts/property/gallery/${property}/${a}/update/`, owner.token, {
          name: 'Main pool',
          sequence: '2',
          room: null,
          category: 'Sports\u00A0&\u00A0Wellness',
          uploaded_by: 'someone',
        });
        expect(edited.statusCode, edited.body).toBe(200);
        expect(edited.json()).toMatchObject({
          name: 'Main pool',
          sequence: 2,
          room: null,
          category: 'Sports & Wellness',
        });
        expect(edited.headers['x-ignored-fields']).toBe('uploaded_by');
        const order = await call('PATCH', `/api/facts/property/${property}/gallery/order/`, owner.token, {
          order: [String(a), String(b)],
        });
        expect((order.json() as Doc[]).map((p) => p.id)).toEqual([a, b]);
        const featured = await call('PATCH', '/api/facts/property/gallery/featured-image/', owner.token, {
          property: String(property),
          photo: String(b),
        });
        expect(featured.statusCode, featured.body).toBe(200);
        expect((featured.json() as Doc[]).find((p) => p.id === b)).toMatchObject({ featured: true });
        expect(
          (await call('DELETE', `/api/facts/property/gallery/${property}/${a}/delete/`, owner.token)).statusCode,
        ).toBe(204);
      });

      it('company: a comma list and "null" in the form, JSON for the edit; the portfolio answers flat', async () => {
        const account = await signUp(t);
        const form = await sendForm(
          t,
          'POST',
          '/api/settings/company/create/',
          account.token,
          companyParts({
            company: 'Ananas Hotels',
            country: 'ES',
            work_in_countries: 'GR,CY',
            website: 'null',
            about_us: 'null',
            colour: 'red',
          }),
        );
        expect(form.statusCode, form.body).toBe(201);
        expect(form.headers['x-ignored-fields']).toBe('colour');
        expect(form.json()).toMatchObject({
          company: 'Ananas Hotels',
          work_in_countries: ['GR', 'CY'],
          website: '',
          about_us: '',
        });
        const repeated = await sendForm(
          t,
          'PUT',
          '/api/settings/company/edit/',
          account.token,
          companyParts({ company: 'Ananas Hotels', country: 'ES', work_in_countries: ['GR', 'DE'] }),
        );
        expect(repeated.json().work_in_countries).toEqual(['GR', 'DE']);
        const json = await call('PUT', '/api/settings/company/edit/', account.token, {
          company: 'Ananas Hotels SL',
          country: 'ES',
          work_in_countries: ['PT'],
          logo: null,
          user: account.id,
        });
        expect(json.statusCode, json.body).toBe(200);
        expect(json.json()).toMatchObject({ company: 'Ananas Hotels SL', work_in_countries: ['PT'] });
        const portfolio = await call('GET', `/api/settings/portfolio/${account.id}/`, owner.token);
        expect(portfolio.json()).toMatchObject({
          id: account.id,
          email: '',
          name: 'Ananas Hotels SL',
          account_type: 'accommodation',
          company: 'Ananas Hotels SL',
          work_in_countries: ['PT'],
          user: account.id,
        });
      });
    });

    describe('accounts and settings', () => {
      it('signs up a sub-user with the account type of its manager, language EN, manager as text', async () => {
        const operator = await signUp(t, { account_type: 'to' });
        const res = await call('POST', '/api/auth/users/', operator.token, {
          email: 'drf.sub@example.com',
          password: PASSWORD,
          re_password: PASSWORD,
          first_name: 'Sub',
          last_name: 'User',
          manager: String(operator.id),
          language: 'EN',
          id: null,
          is_active: true,
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ account_type: 'to', manager: operator.id, language: 'en' });
        expect(res.headers['x-ignored-fields']).toBe('is_active');
        // Without manager the account type is still required.
        const plain = await call('POST', '/api/auth/users/', undefined, {
          email: 'drf.plain@example.com',
          password: PASSWORD,
          re_password: PASSWORD,
          first_name: 'P',
          last_name: 'Q',
        });
        expect(plain.json()).toEqual({ account_type: ['This field is required.'] });
      });

      it("djoser's users/me: GET, then PUT and PATCH back what it answered", async () => {
        const me = await signUp(t);
        const read = (await call('GET', '/api/auth/users/me/', me.token)).json() as Doc;
        const put = await call('PUT', '/api/auth/users/me/', me.token, {
          ...read,
          first_name: 'Jo',
          country: 'GR',
          language: 'Es',
        });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json()).toMatchObject({
          id: me.id,
          email: me.email,
          first_name: 'Jo',
          country: 'GR',
          language: 'es',
        });
        expect(String(put.headers['x-ignored-fields']).split(', ')).toEqual(
          expect.arrayContaining(['id', 'email', 'account_type', 'manager']),
        );
        const patch = await call('PATCH', '/api/auth/users/me/', me.token, { title: 'Revenue manager' });
        expect(patch.json()).toMatchObject({ first_name: 'Jo', title: 'Revenue manager' });
        const profile = await call('PATCH', '/api/auth/profile/update', me.token, { language: 'RU' });
        expect(profile.json().language).toBe('ru');
        expect((await call('GET', '/api/auth/users/me/', me.token)).json()).toMatchObject({
          first_name: 'Jo',
          title: 'Revenue manager',
          language: 'ru',
        });
      });

      it('permissions: the record id is answered; update takes it or the user id; flags and ids as text', async () => {
        const { owner: boss, sub } = await ownerWithSubUser(t, {});
        const read = (await call('GET', `/api/auth/permissions/${sub.id}/`, boss.token)).json() as Doc;
        expect(typeof read.id).toBe('number');
        expect((await call('GET', `/api/auth/permissions/${boss.id}/`, boss.token)).json()).toMatchObject({
          id: null,
          user: boss.id,
          facts: true,
        });
        const property = (await createProperty(t, boss.token)).id;
        const byRecord = await call('PUT', `/api/auth/permissions/update/${read.id}/`, boss.token, {
          id: read.id,
          user: String(sub.id),
          facts: 'true',
          photos: 'false',
          properties_allowed: [String(property)],
          role: 'FO',
        });
        expect(byRecord.statusCode, byRecord.body).toBe(200);
        expect(byRecord.json()).toMatchObject({
          id: read.id,
          user: sub.id,
          facts: true,
          photos: false,
          properties_allowed: [property],
        });
        const byUser = await call('PUT', `/api/auth/permissions/update/${sub.id}/`, boss.token, {
          user: sub.id,
          photos: true,
        });
        expect(byUser.statusCode, byUser.body).toBe(200);
        expect(byUser.json()).toMatchObject({ id: read.id, photos: true, facts: false });
        const other = await signUp(t);
        expect(
          (await call('PUT', `/api/auth/permissions/update/${sub.id}/`, other.token, { user: sub.id })).statusCode,
        ).toBe(404);
        // A member without a record gets one when addressed by its user id.
        const fresh = await call('POST', '/api/auth/users/', boss.token, {
          email: `fresh-${dialect}@example.com`,
          password: PASSWORD,
          re_password: PASSWORD,
          first_name: 'F',
          last_name: 'M',
          manager: boss.id,
        });
        const freshId = fresh.json().id as number;
        const made = await call('PUT', `/api/auth/permissions/update/${freshId}/`, boss.token, {
          user: freshId,
          facts: '1',
        });
        expect(made.statusCode, made.body).toBe(200);
        expect(made.json()).toMatchObject({ user: freshId, facts: true });
        expect(typeof made.json().id).toBe('number');
        const created = await call('POST', '/api/auth/permissions/create/', boss.token, {
          id: null,
          user: String(freshId),
        });
        expect(created.statusCode).toBe(409);
      });

      it('team: invite with language EN, update with the id as text, accept, sessions, two-factor', async () => {
        const boss = await signUp(t);
        const invited = await call('POST', '/api/auth/authorized-user/invite/', boss.token, {
          email: `team-${dialect}@example.com`,
          first_name: 'Mia',
          last_name: 'M',
          language: 'EN',
          id: null,
        });
        expect(invited.statusCode, invited.body).toBe(201);
        expect(invited.json()).toMatchObject({ language: 'en' });
        const updated = await call('PATCH', '/api/auth/authorized-user/update/', boss.token, {
          id: String(invited.json().id),
          title: 'Front desk',
          is_active: 'true',
        });
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.json()).toMatchObject({ title: 'Front desk' });
        const accepted = await call('POST', '/api/auth/users/invitation/accept/', undefined, {
          ...invitationLink(t, `team-${dialect}@example.com`),
          new_password: PASSWORD,
          re_new_password: PASSWORD,
          extra: 1,
        });
        expect(accepted.statusCode, accepted.body).toBe(204);
        expect(accepted.headers['x-ignored-fields']).toBe('extra');
        const sessions = (await call('GET', '/api/auth/sessions/', boss.token)).json() as Doc[];
        const second = await signIn(t, boss.email);
        const [, mine] = [sessions, second];
        const all = (await call('GET', '/api/auth/sessions/', mine)).json() as { id: number; current: boolean }[];
        const other = all.find((s) => !s.current)!;
        expect((await call('DELETE', `/api/auth/sessions/${other.id}/`, mine)).statusCode).toBe(204);
        const enrol = await call('POST', '/api/auth/two-factor/enrol/', mine);
        expect(enrol.statusCode, enrol.body).toBe(200);
        const confirm = await call('POST', '/api/auth/two-factor/confirm/', mine, {
          code: await totp(t, enrol.json().secret as string),
          remember: true,
        });
        expect(confirm.statusCode, confirm.body).toBe(200);
        const off = await call('POST', '/api/auth/two-factor/disable/', mine, {
          current_password: PASSWORD,
          extra: 'x',
        });
        expect(off.statusCode, off.body).toBe(204);
        expect((await call('DELETE', `/api/auth/authorized-user/delete/${invited.json().id}/`, mine)).statusCode).toBe(
          204,
        );
      });

      it('credentials: login, password, e-mail, reset, activation, deactivation with extra keys', async () => {
        const me = await signUp(t);
        const login = await call('POST', '/api/auth/token/login/', undefined, {
          email: me.email,
          password: PASSWORD,
          username: 'ignored',
        });
        expect(login.statusCode, login.body).toBe(200);
        expect(login.headers['x-ignored-fields']).toBe('username');
        const token = login.json().auth_token as string;
        expect(
          (
            await call('POST', '/api/auth/users/set_password/', token, {
              current_password: PASSWORD,
              new_password: 'Brand-New-Horse-7',
              re_new_password: 'Brand-New-Horse-7',
              extra: 1,
            })
          ).statusCode,
        ).toBe(204);
        const moved = `moved-${dialect}@example.com`;
        expect(
          (
            await call('POST', '/api/auth/users/set_email/', token, {
              current_password: 'Brand-New-Horse-7',
              new_email: moved,
              re_new_email: moved,
              extra: 1,
            })
          ).statusCode,
        ).toBe(204);
        expect(
          (await call('POST', '/api/auth/users/reset_password/', undefined, { email: moved, extra: 1 })).statusCode,
        ).toBe(204);
        const link = t.mail.link(moved, 'reset');
        expect(
          (
            await call('POST', '/api/auth/users/reset_password_confirm/', undefined, {
              ...link,
              new_password: PASSWORD,
              re_new_password: PASSWORD,
              extra: 1,
            })
          ).statusCode,
        ).toBe(204);
        const fresh = `fresh-act-${dialect}@example.com`;
        await call('POST', '/api/auth/users/', undefined, {
          email: fresh,
          password: PASSWORD,
          re_password: PASSWORD,
          first_name: 'A',
          last_name: 'B',
          account_type: 'accommodation',
        });
        expect(
          (await call('POST', '/api/auth/users/resend_activation/', undefined, { email: fresh, extra: 1 })).statusCode,
        ).toBe(204);
        expect(
          (
            await call('POST', '/api/auth/users/activation/', undefined, {
              ...t.mail.link(fresh, 'activate'),
              extra: 1,
            })
          ).statusCode,
        ).toBe(204);
        const again = await signIn(t, moved);
        expect(
          (await call('PATCH', '/api/auth/users/me/change/', again, { current_password: PASSWORD, is_active: false }))
            .statusCode,
        ).toBe(204);
        expect((await call('POST', '/api/auth/token/logout/', again)).statusCode).toBe(401);
      });

      it('preferences, layout, mailing groups, contacts and premium: booleans, ids and numbers as text', async () => {
        const { owner: boss, sub } = await ownerWithSubUser(t, {
          export: 'true',
          stop_sale_contact_list: true,
          premium_subscription: true,
        });
        const prefs = await call('POST', '/api/settings/preferences/create/', boss.token, {
          user: '0',
          audit_trail: 'true',
          add_logo: 'false',
          theme: 'dark',
          sidebar_color: 'blue',
          plan: 'F',
          extra: 1,
        });
        expect(prefs.statusCode, prefs.body).toBe(201);
        expect(prefs.json()).toMatchObject({
          user: boss.id,
          audit_trail: true,
          add_logo: false,
          theme: 'dark',
          sidebar_color: 'blue',
        });
        const edit = await call('PUT', '/api/settings/preferences/edit/', boss.token, {
          ...(prefs.json() as Doc),
          notify_fact_review: 'false',
          two_factor_auth: 'false',
        });
        expect(edit.statusCode, edit.body).toBe(200);
        expect(edit.json()).toMatchObject({ notify_fact_review: false, audit_trail: true });
        const layout = await call('PUT', '/api/settings/preferences/layout/edit/', sub.token, {
          pdf_layout: 'S',
          api_layout: 'R',
          add_logo: '1',
        });
        expect(layout.statusCode, layout.body).toBe(200);
        expect(layout.json()).toMatchObject({ pdf_layout: 'S', add_logo: true });
        const group = await call('POST', '/api/settings/mailing-list/create/', sub.token, {
          id: null,
          name: 'Partners',
          description: 2026,
          contacts_count: '0',
        });
        expect(group.statusCode, group.body).toBe(201);
        expect(group.json()).toMatchObject({ name: 'Partners', description: '2026', contacts_count: 0 });
        const gid = group.json().id as number;
        expect(
          (
            await call('PUT', `/api/settings/mailing-list/update/${gid}/`, sub.token, {
              ...(group.json() as Doc),
              name: 'Partners 2026',
            })
          ).json(),
        ).toMatchObject({ name: 'Partners 2026' });
        const contact = await call('POST', '/api/settings/contact-list/create/', sub.token, {
          id: null,
          mailing_list: String(gid),
          name: 'Olga',
          email_address: 'olga@example.com',
          phone: 34971000000,
        });
        expect(contact.statusCode, contact.body).toBe(201);
        expect(contact.json()).toMatchObject({ mailing_list: gid, phone: '34971000000', title: '', location: '' });
        const cid = contact.json().id as number;
        expect(
          (
            await call('PUT', `/api/settings/contact-list/update/${cid}/`, sub.token, {
              ...(contact.json() as Doc),
              id: String(cid),
              title: 'Buyer',
            })
          ).json(),
        ).toMatchObject({ title: 'Buyer' });
        expect((await call('GET', `/api/settings/contact-lists/${gid}/`, sub.token)).json()).toHaveLength(1);
        expect((await call('DELETE', `/api/settings/contact-list/delete/${cid}/`, sub.token)).statusCode).toBe(204);
        expect((await call('DELETE', `/api/settings/mailing-list/delete/${gid}/`, sub.token)).statusCode).toBe(204);
        const premium = await call('POST', '/api/settings/premium/request/', sub.token, {
          plan: 'P',
          duration: '3',
          message: 'Please',
        });
        expect(premium.statusCode, premium.body).toBe(201);
        expect(premium.json()).toMatchObject({ duration: 3 });
      });

      it('query strings: unknown parameters are ignored and named, values read as text', async () => {
        const res = await call('GET', '/api/settings/audit-trail/?page=1&kind=settings&utm_source=mail', owner.token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-ignored-fields']).toBe('utm_source');
        expect((await call('GET', '/api/settings/audit-trail/?page=abc', owner.token)).json()).toEqual({
          page: ['Must be a whole number.'],
        });
      });

      it('notifications: a single {id, action} object, ids as text; options in any case', async () => {
        const me = await signUp(t);
        await notify(t.services, me.id, { type: 'facts', message: () => 'One' });
        await notify(t.services, me.id, { type: 'facts', message: () => 'Two' });
        const [n1, n2] = (await call('GET', '/api/notification/', me.token)).json() as { id: number }[];
        const single = await call('PATCH', '/api/notification/edit/', me.token, { id: String(n1!.id), action: 'read' });
        expect(single.statusCode, single.body).toBe(200);
        expect((single.json() as Doc[]).find((n) => n.id === n1!.id)).toMatchObject({ is_read: true });
        const list = await call('PATCH', '/api/notification/edit/', me.token, [{ id: n2!.id, action: 'dismissed' }]);
        expect(list.json()).toHaveLength(1);
        expect((await call('POST', '/api/notification/delete/', me.token)).statusCode).toBe(204);
        const staff = await signUp(t);
        await t.services.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();
        const update = await call('POST', '/api/external/post-features-updates/create/', staff.token, {
          id: null,
          message_date: '2026-05-01',
          message_category: 'New',
          message_header: 'Rooms',
          message_body: 'Text',
          extra: 1,
        });
        expect(update.statusCode, update.body).toBe(201);
        const options = await call('POST', '/api/external/ops/options/', undefined, {
          head: 'Facts',
          language: 'es',
          extra: 1,
        });
        expect(options.statusCode, options.body).toBe(200);
        expect(options.headers['x-ignored-fields']).toBe('extra');
        const property = (await createProperty(t, me.token)).id;
        expect((await call('POST', `/api/facts/property/${property}/publish/create/`, me.token)).statusCode).toBe(400);
        expect((await call('DELETE', `/api/facts/property/delete/${property}/`, me.token)).statusCode).toBe(204);
      });
    });

    describe('what DRF refuses is still refused, with the landed error bodies', () => {
      it('wrong types: "abc" and "2.5" for a whole number, "" for a required number, a boolean for text, text for a flag', async () => {
        const property = (await createProperty(t, owner.token)).id;
        const abc = await call('POST', `/api/facts/rooms/update/${property}/`, owner.token, [
          { room_name: 'A', room_name_type: 'apartment', room_view: 'Sea view', room_total_units: 'abc' },
        ]);
        expect(abc.statusCode).toBe(400);
        expect(abc.json().rows['0'].room_total_units).toEqual(['Must be a whole number.']);
        const half = await call('POST', `/api/facts/rooms/update/${property}/`, owner.token, [
          { room_name: 'A', room_name_type: 'apartment', room_view: 'Sea view', room_total_units: '2.5' },
        ]);
        expect(half.json().rows['0'].room_total_units).toEqual(['Must be a whole number.']);
        const group = (await call('POST', '/api/settings/mailing-list/create/', owner.token, { name: 'G' })).json()
          .id as number;
        const empty = await call('POST', '/api/settings/contact-list/create/', owner.token, {
          mailing_list: '',
          name: 'X',
          email_address: 'x@example.com',
        });
        expect(empty.json()).toEqual({ mailing_list: ['Must be a whole number.'] });
        const flag = await call('POST', '/api/facts/main-info/create/', owner.token, {
          hotel: property,
          pets_allowed: 'perhaps',
          address: true,
        });
        expect(flag.json()).toEqual({ pets_allowed: ['Must be true or false.'], address: ['Must be text.'] });
        const nullId = await call('POST', '/api/settings/contact-list/create/', owner.token, {
          mailing_list: null,
          name: 'X',
          email_address: 'x@example.com',
        });
        expect(nullId.json()).toEqual({ mailing_list: ['Must be a whole number.'] });
        expect((await call('GET', `/api/settings/contact-lists/${group}/`, owner.token)).json()).toEqual([]);
      });

      it('unknown option values, even after whitespace is normalised', async () => {
        const property = (await createProperty(t, owner.token)).id;
        const bad = await call('POST', '/api/facts/main-info/create/', owner.token, {
          hotel: property,
          accommodation_type: 'Castle',
          pets_allowed: true,
          pets_charges: 'Additional\u00A0Charges',
        });
        expect(bad.json()).toEqual({
          accommodation_type: ['Not a valid choice.'],
          pets_charges: ['Not a valid choice.'],
        });
        const lang = await call('PATCH', '/api/auth/profile/update', owner.token, { language: 'Klingon' });
        expect(lang.json()).toEqual({ language: ['Not a valid choice.'] });
        const rows = await call('POST', `/api/facts/maintenance/update/${property}/`, owner.token, [
          {
            maintenance_type_apply: 'Closure of spa',
            maintenance_disturbance: 'disturbing',
            maintenance_zone: 'Complete',
            maintenance_from: '2026-01-10',
            maintenance_to: '2026-02-10',
          },
        ]);
        expect(rows.json().non_field_errors).toEqual(['Maintenance (1): Maintenance type is required.']);
      });

      it('missing required fields', async () => {
        const property = (await createProperty(t, owner.token)).id;
        const room = await call('POST', `/api/facts/rooms/update/${property}/`, owner.token, [
          { id: null, hotel: String(property), room_name: 'A', extra: 1 },
        ]);
        expect(room.json().non_field_errors).toEqual(['Room (1): room type required - room view required']);
        expect(room.headers['x-ignored-fields']).toBe('0.extra');
        const form = await sendForm(t, 'POST', '/api/facts/property/create/', owner.token, [
          { name: 'hotel_name', value: 'null' },
          { name: 'country', value: 'ES' },
        ]);
        expect(form.json()).toEqual({ hotel_name: ["Enter the hotel's name."] });
        const json = await call('POST', '/api/facts/property/create/', owner.token, { country: 'ES' });
        expect(json.json()).toEqual({ hotel_name: ["Enter the hotel's name."] });
        const contact = await call('POST', '/api/settings/contact-list/create/', owner.token, {
          name: 'X',
          email: 'x@example.com',
        });
        expect(contact.json()).toEqual({
          mailing_list: ['This field is required.'],
          email_address: ["Enter the contact's e-mail address."],
        });
        expect(contact.headers['x-ignored-fields']).toBe('email');
        const notification = await call('PATCH', '/api/notification/edit/', owner.token, { action: 'read' });
        expect(notification.json().non_field_errors).toEqual(['Notification action (1): Id: This field is required.']);
      });
    });
  });

  describeOn(dialect)(`a typo in a field name is never dropped silently (${dialect})`, () => {
    const lines: string[] = [];
    let t: TestApp;
    beforeAll(async () => {
      const stream = new Writable({
        write: (chunk, _enc, done) => {
          lines.push(String(chunk));
          done();
        },
      });
      t = await startTestApp(dialect, { logger: { level: 'debug', stream } });
    });
    afterAll(() => t.stop());

    it('names the misspelt field in X-Ignored-Fields and the debug log, and saves the rest', async () => {
      const owner = await signUp(t);
      const property = (await createProperty(t, owner.token)).id;
      const res = await t.api('POST', '/api/facts/main-info/create/', {
        token: owner.token,
        body: { hotel: property, acommodation_type: 'Hotel', rating: 4 },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['x-ignored-fields']).toBe('acommodation_type');
      expect(res.json()).toMatchObject({ accommodation_type: null, rating: 4 });
      const logged = lines
        .map((l) => JSON.parse(l) as { msg?: string; ignored?: string[]; level: number })
        .find((l) => l.msg === 'ignored request fields');
      expect(logged).toMatchObject({ ignored: ['acommodation_type'], level: 20 });
      // A key that cannot go into a header as it is is %-encoded there, never a server error.
      const odd = await t.api('POST', '/api/facts/main-info/create/', {
        token: owner.token,
        body: { hotel: property, 'bad\nkey, é': 1 },
      });
      expect(odd.statusCode).toBe(409);
      expect(odd.headers['x-ignored-fields']).toBe('bad%0Akey%2C%20%C3%A9');
    });
  });
}
