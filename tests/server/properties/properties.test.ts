import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp } from '../../helpers/accounts.js';
import { createProperty, sendForm } from '../../helpers/properties.js';

const png = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`properties (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('creates, lists, edits and deletes a property, with a logo re-encoded as PNG', async () => {
      const a = await signUp(t);
      const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#08f' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
        .toBuffer();
      const created = await createProperty(t, a.token, {}, [
        { name: 'hotel_logo', value: jpeg, filename: 'logo.jpg', contentType: 'image/jpeg' },
      ]);
      expect(created).toMatchObject({
        hotel_name: 'Hotel Ananas Playa',
        country: 'ES',
        state: 'PM',
        city: 'Palma',
        publish_date: null,
      });
      expect(created.hotel_logo).toMatch(new RegExp(`^/api/facts/property/${created.id}/logo/\\?v=`));

      const logo = await t.app.inject({
        method: 'GET',
        url: created.hotel_logo!,
        headers: { authorization: `Token ${a.token}` },
      });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      const meta = await sharp(logo.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(1024);
      expect(meta.exif).toBeUndefined();
      // The session cookie is enough for an <img>.
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: created.hotel_logo!,
            cookies: { ananas_session: JSON.stringify({ token: a.token, user: { id: 1 } }) },
          })
        ).statusCode,
      ).toBe(200);

      const list = await t.api('GET', '/api/facts/properties/', { token: a.token });
      expect(list.json()).toEqual([expect.objectContaining({ id: created.id, hotel_name: 'Hotel Ananas Playa' })]);
      expect(Object.keys(list.json()[0]).sort()).toEqual([
        'city',
        'country',
        'hotel_logo',
        'hotel_name',
        'id',
        'photo_count',
        'publish_date',
        'publish_state',
        'state',
      ]);
      expect(list.json()[0].publish_state).toBe('draft');
      expect(list.json()[0].photo_count).toBe(0);

      const edited = await sendForm(t, 'PUT', `/api/facts/property/update/${created.id}/`, a.token, [
        { name: 'hotel_name', value: 'Hotel Ananas Mar' },
        { name: 'country', value: 'PT' },
        { name: 'city', value: 'Faro' },
        { name: 'remove_logo', value: 'true' },
      ]);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        hotel_name: 'Hotel Ananas Mar',
        country: 'PT',
        state: '',
        city: 'Faro',
        hotel_logo: null,
      });
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: created.hotel_logo!,
            headers: { authorization: `Token ${a.token}` },
          })
        ).statusCode,
      ).toBe(404);

      expect((await t.api('DELETE', `/api/facts/property/delete/${created.id}/`, { token: a.token })).statusCode).toBe(
        204,
      );
      expect((await t.api('GET', '/api/facts/properties/', { token: a.token })).json()).toEqual([]);
      expect((await t.api('DELETE', `/api/facts/property/delete/${created.id}/`, { token: a.token })).statusCode).toBe(
        404,
      );
    });

    it('refuses bad forms and files with clear 400s and oversize logos with 413, storing nothing', async () => {
      const a = await signUp(t);
      const missing = await sendForm(t, 'POST', '/api/facts/property/create/', a.token, [{ name: 'city', value: 'x' }]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ hotel_name: ["Enter the hotel's name."], country: ['This field is required.'] });
      const badCountry = await sendForm(t, 'POST', '/api/facts/property/create/', a.token, [
        { name: 'hotel_name', value: 'X' },
        { name: 'country', value: 'Narnia' },
        { name: 'stars', value: '5' },
      ]);
      expect(badCountry.json()).toEqual({ country: ['Choose a country.'] });
      expect(badCountry.headers['x-ignored-fields']).toBe('stars');
      const text = await sendForm(t, 'POST', '/api/facts/property/create/', a.token, [
        { name: 'hotel_name', value: 'X' },
        { name: 'country', value: 'ES' },
        { name: 'hotel_logo', value: 'not an image', filename: 'logo.png', contentType: 'image/png' },
      ]);
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ hotel_logo: ['"logo.png" is not a PNG, JPEG or WebP image.'] });
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      const gifRes = await sendForm(t, 'POST', '/api/facts/property/create/', a.token, [
        { name: 'hotel_name', value: 'X' },
        { name: 'country', value: 'ES' },
        { name: 'hotel_logo', value: gif, filename: 'a.gif' },
      ]);
      expect(gifRes.statusCode).toBe(400);
      const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const bigRes = await sendForm(t, 'POST', '/api/facts/property/create/', a.token, [
        { name: 'hotel_name', value: 'X' },
        { name: 'country', value: 'ES' },
        { name: 'hotel_logo', value: big, filename: 'big.png' },
      ]);
      expect(bigRes.statusCode).toBe(413);
      // JSON is taken too (issue 10), and refused the same way when bad.
      const json = await t.api('POST', '/api/facts/property/create/', {
        token: a.token,
        body: { hotel_name: '', country: 'ES' },
      });
      expect(json.statusCode).toBe(400);
      expect((await t.api('GET', '/api/facts/properties/', { token: a.token })).json()).toEqual([]);
    });

    it("hides other accounts' properties (404) and follows sub-user flags and allowed lists", async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const mine = await createProperty(t, owner.token, { hotel_name: 'Mine' });
      const other = await signUp(t);
      expect((await t.api('GET', '/api/facts/properties/', { token: other.token })).json()).toEqual([]);
      expect((await t.api('DELETE', `/api/facts/property/delete/${mine.id}/`, { token: other.token })).statusCode).toBe(
        404,
      );
      expect(
        (
          await sendForm(t, 'PUT', `/api/facts/property/update/${mine.id}/`, other.token, [
            { name: 'hotel_name', value: 'Stolen' },
            { name: 'country', value: 'ES' },
          ])
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/facts/property/${mine.id}/logo/`,
            headers: { authorization: `Token ${other.token}` },
          })
        ).statusCode,
      ).toBe(404);

      // The sub-user sees nothing until allowed, and may not add properties without the flag.
      expect((await t.api('GET', '/api/facts/properties/', { token: sub.token })).json()).toEqual([]);
      expect(
        (
          await sendForm(t, 'POST', '/api/facts/property/create/', sub.token, [
            { name: 'hotel_name', value: 'S' },
            { name: 'country', value: 'ES' },
          ])
        ).statusCode,
      ).toBe(403);
      const perms = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      const foreign = await createProperty(t, other.token, { hotel_name: 'Theirs' });
      const bad = await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
        token: owner.token,
        body: { user: sub.id, facts: true, properties: true, properties_allowed: [mine.id, foreign.id] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().properties_allowed[0]).toContain(String(foreign.id));
      await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
        token: owner.token,
        body: { user: sub.id, facts: true, properties: true, properties_allowed: [mine.id] },
      });
      expect(
        (await t.api('GET', '/api/facts/properties/', { token: sub.token })).json().map((p: { id: number }) => p.id),
      ).toEqual([mine.id]);
      const subsOwn = await createProperty(t, sub.token, { hotel_name: 'Added by sub' });
      expect(
        (await t.api('GET', '/api/facts/properties/', { token: sub.token }))
          .json()
          .map((p: { id: number }) => p.id)
          .sort(),
      ).toEqual([mine.id, subsOwn.id].sort());
      expect((await t.api('GET', '/api/facts/properties/', { token: owner.token })).json()).toHaveLength(2);
      // Tour operators have no properties of their own to manage.
      const op = await signUp(t, { account_type: 'to' });
      expect((await t.api('GET', '/api/facts/properties/', { token: op.token })).statusCode).toBe(403);
    });

    it('answers the last publish date of the account', async () => {
      const a = await signUp(t);
      expect((await t.api('GET', '/api/facts/last-publish-date/', { token: a.token })).json()).toEqual({ date: null });
    });
  });
}
