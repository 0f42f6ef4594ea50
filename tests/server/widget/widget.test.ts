/**
 * The embeddable widget (issue 16 §4): its settings per property with the spec's defaults, the
 * developer_tools flag, another account's property (404), and the public call the embed makes,
 * answered only to whitelisted origins and only for a published property; on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { file, jpeg, uploaded } from '../../helpers/fixtures/uploaded-photos.js';
import { publishNow, whitelist, type Json } from '../../helpers/fixtures/partner-api-access.js';

const SITE = 'https://hotel.example';

async function widget(t: TestApp, as: Account, hotel: number, body: Json = {}): Promise<Json> {
  const res = await t.api('POST', '/api/settings/widget/create/', { token: as.token, body: { hotel, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`widget (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('answers the defaults before creation, then creates once with a token and edits the fields sent', async () => {
      const hotel = await signUp(t);
      const p = await createProperty(t, hotel.token);
      const before = await t.api('GET', `/api/settings/widget/${p.id}/`, { token: hotel.token });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({
        id: 0,
        hotel: p.id,
        token: '',
        content_type: 'd',
        font_size: 10,
        border_width: 2,
        photos_per_row: 4,
        background_color: '#ffffff',
        paragraph_color: '#333333',
        header_color: '#1a1a1a',
        border_color: '#d0d0d0',
      });
      expect(
        (await t.api('PUT', '/api/settings/widget/edit/', { token: hotel.token, body: { hotel: p.id, font_size: 12 } }))
          .statusCode,
      ).toBe(404);
      const w = await widget(t, hotel, p.id, { font_size: 14, token: 'chosen-by-me' });
      expect(w.id).toBeGreaterThan(0);
      expect(w.token).toMatch(/^wg_[A-Za-z0-9_-]{24}$/);
      expect(w).toMatchObject({ font_size: 14, photos_per_row: 4 });
      expect(
        (await t.api('POST', '/api/settings/widget/create/', { token: hotel.token, body: { hotel: p.id } })).statusCode,
      ).toBe(409);
      const edited = await t.api('PUT', '/api/settings/widget/edit/', {
        token: hotel.token,
        body: { hotel: p.id, photos_per_row: 6, header_color: '#1a2b3c', id: 999, token: 'x' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        id: w.id,
        token: w.token,
        font_size: 14,
        photos_per_row: 6,
        header_color: '#1a2b3c',
      });
      expect((await t.api('GET', `/api/settings/widget/${p.id}/`, { token: hotel.token })).json()).toEqual(
        edited.json(),
      );
      // The spec's client may still send black: it gets what it sent, not the readable defaults.
      const black = await t.api('PUT', '/api/settings/widget/edit/', {
        token: hotel.token,
        body: {
          hotel: p.id,
          background_color: '#000',
          paragraph_color: '#000',
          header_color: '#000',
          border_color: '#000',
        },
      });
      expect(black.json()).toMatchObject({
        background_color: '#000',
        paragraph_color: '#000',
        header_color: '#000',
        border_color: '#000',
      });
      const trail = await t.services.db.kysely
        .selectFrom('audit_events')
        .select(['action'])
        .where('account_id', '=', hotel.id)
        .where('subject', '=', 'widget')
        .execute();
      expect(trail.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    });

    it('validates: photos per row 3 to 6, font size 0 to 20, hex colours, the listed content types and fonts', async () => {
      const hotel = await signUp(t);
      const p = await createProperty(t, hotel.token);
      for (const bad of [
        { photos_per_row: 2 },
        { photos_per_row: 7 },
        { font_size: 21 },
        { border_width: 16 },
        { background_color: 'red' },
        { content_type: 'x' },
        { font_select: 'Wingdings' },
      ]) {
        const res = await t.api('POST', '/api/settings/widget/create/', {
          token: hotel.token,
          body: { hotel: p.id, ...bad },
        });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(Object.keys(res.json())).toEqual(Object.keys(bad));
      }
      expect((await t.api('POST', '/api/settings/widget/create/', { token: hotel.token, body: {} })).statusCode).toBe(
        400,
      );
    });

    it("answers 404 for another account's property and 403 to a sub-user without developer tools", async () => {
      const hotel = await signUp(t);
      const p = await createProperty(t, hotel.token);
      await widget(t, hotel, p.id);
      const other = await signUp(t);
      expect((await t.api('GET', `/api/settings/widget/${p.id}/`, { token: other.token })).statusCode).toBe(404);
      expect(
        (await t.api('POST', '/api/settings/widget/create/', { token: other.token, body: { hotel: p.id } })).statusCode,
      ).toBe(404);
      expect(
        (await t.api('PUT', '/api/settings/widget/edit/', { token: other.token, body: { hotel: p.id, font_size: 1 } }))
          .statusCode,
      ).toBe(404);
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const own = await createProperty(t, owner.token);
      expect((await t.api('GET', `/api/settings/widget/${own.id}/`, { token: sub.token })).statusCode).toBe(403);
    });

    it('shows the published facts and photos only to whitelisted origins, with CORS for those only', async () => {
      const hotel = await signUp(t);
      const p = await createProperty(t, hotel.token);
      const main = await t.api('POST', '/api/facts/main-info/create/', {
        token: hotel.token,
        body: { hotel: p.id, address: '1 Beach Road', check_in_time: '14:00', check_out_time: '11:00' },
      });
      expect(main.statusCode, main.body).toBe(201);
      // Amenities with OpenTravel hotel amenity codes (HAC): a pool, an ATM and a bank among the
      // services, wifi answered no; a partner hotel's casino (offsite) is not the hotel's.
      for (const [section, body] of [
        [
          'facility',
          {
            hotel_has_swimming_pool: true,
            hotel_facility_services: ['ATM', 'bank/money exchange', 'TV room'],
            hotel_wifi_check: false,
          },
        ],
        ['partner', { neighbour_using_casino: true }],
        // Accessibility marks some fields for the widget too (x-widget): the lift and parking in
        // Default widgets, the hearing loop only in Rich ones.
        ['accessibility', { access_lift: true, access_parking: false, access_hearing_loop: true }],
      ] as const) {
        const saved = await t.api('POST', `/api/facts/${section}/create/`, {
          token: hotel.token,
          body: { hotel: p.id, ...body },
        });
        expect(saved.statusCode, saved.body).toBe(201);
      }
      const [photo] = await uploaded(t, hotel.token, p.id, [file(await jpeg(), 'pool.jpg')]);
      const w = await widget(t, hotel, p.id);
      await whitelist(t, hotel, `${SITE}, 203.0.113.7`);
      const url = `/api/widget/${w.token}/`;

      // Never published: nothing to show yet.
      expect((await t.api('GET', url, { headers: { origin: SITE } })).statusCode).toBe(404);
      expect((await t.api('GET', `/api/widget/${w.token}/photos/${photo!.id}/`)).statusCode).toBe(404);
      await publishNow(t, p.id, hotel.id);

      const res = await t.api('GET', url, { headers: { origin: SITE } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(SITE);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const body = res.json();
      expect(body.hotel_name).toBe(p.hotel_name);
      const values = (facts: { key: string; value: unknown }[]) =>
        Object.fromEntries(facts.map((f) => [f.key, f.value]));
      expect(values(body.facts)).toMatchObject({
        address: '1 Beach Road',
        check_in_time: '14:00',
        check_out_time: '11:00',
      });
      // Labelled by the schema's titles, valued as the fact sheet prints them.
      expect(body.facts.find((f: { key: string }) => f.key === 'check_in_time')).toEqual({
        key: 'check_in_time',
        label: 'Check-in time',
        value: '14:00',
        text: '14:00',
      });
      expect(res.headers.vary).toContain('Accept-Language');
      // In the visitor's language (the browser's Accept-Language): the schema's translated titles,
      // values and country names as the fact sheet prints them in that language.
      const ru = (
        await t.api('GET', url, { headers: { origin: SITE, 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } })
      ).json() as { facts: { key: string; label: string; value: unknown; text: string }[] };
      const byKey = new Map(ru.facts.map((f) => [f.key, f]));
      expect(byKey.get('check_in_time')).toEqual({
        key: 'check_in_time',
        label: 'Время заезда',
        value: '14:00',
        text: '14:00',
      });
      expect(byKey.get('city')).toMatchObject({ label: 'Город', text: 'Palma' });
      expect(byKey.get('country')).toMatchObject({ label: 'Страна', value: 'ES', text: 'Испания' });
      expect(values(ru.facts)).toEqual(values(body.facts));
      // The accessibility section's marked facts follow the property's place, in its language.
      expect(body.facts.slice(-2)).toEqual([
        { key: 'access_lift', label: 'Lift', value: true, text: 'Yes' },
        { key: 'access_parking', label: 'Accessible parking', value: false, text: 'No' },
      ]);
      expect(byKey.get('access_lift')).toMatchObject({ label: 'Лифт', value: true });
      expect(byKey.has('access_hearing_loop')).toBe(false); // Rich widgets only
      expect(body.facts.find((f: { key: string }) => f.key === 'country')).toMatchObject({
        label: 'Country',
        text: 'Spain',
      });
      expect(body.amenities).toEqual([
        { name: 'Swimming pool available at the hotel', list: 'HAC', code: 71 },
        { name: 'ATM', list: 'HAC', code: 7 },
        { name: 'bank/money exchange', list: 'HAC', code: 210 },
        { name: 'bank/money exchange', list: 'HAC', code: 26 },
        // The accessibility section's coded yes (a no is not an amenity), as schema.org amenities.
        { name: 'Lift', list: 'HAC', code: 33 },
        { name: 'Hearing loop at reception', list: 'HAC', code: 248 },
      ]);
      expect(body.settings).toMatchObject({ token: w.token, content_type: 'd' });
      expect(body.photos).toHaveLength(1);
      const image = await t.api('GET', new URL(body.photos[0].url).pathname);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');

      // Another origin, none at all, a look-alike: refused without CORS; an unknown token is 404.
      for (const origin of [
        'https://evil.example',
        'http://hotel.example',
        'https://hotel.example.evil.test',
        undefined,
      ]) {
        const refused = await t.api('GET', url, { headers: origin ? { origin } : {} });
        expect(refused.statusCode, String(origin)).toBe(403);
        expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect((await t.api('GET', '/api/widget/wg_unknown/', { headers: { origin: SITE } })).statusCode).toBe(404);

      // Short content: fewer facts, no photos.
      await t.api('PUT', '/api/settings/widget/edit/', {
        token: hotel.token,
        body: { hotel: p.id, content_type: 's' },
      });
      const short = (await t.api('GET', url, { headers: { origin: SITE } })).json();
      expect(short.photos).toEqual([]);
      expect(values(short.facts).check_in_time).toBeUndefined();
      expect(values(short.facts).address).toBe('1 Beach Road');
    });

    it('serves the embed script to any site, small', async () => {
      const res = await t.api('GET', '/widget.js');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.body).toContain('application/ld+json');
    });
  });
}
