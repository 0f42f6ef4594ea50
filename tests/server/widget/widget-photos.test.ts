/**
 * The widget shows only what it publishes (issue 24 §6): GET api/widget/{token}/photos/{id}/
 * serves the photos the widget's published content lists (its content type, the last
 * publication) and nothing else: not a photo uploaded since the last publish, not any gallery
 * photo by a guessed id when the widget shows no photos, not another property's photo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { file, jpeg, uploaded } from '../../helpers/fixtures/uploaded-photos.js';
import { publishNow, whitelist, type Json } from '../../helpers/fixtures/partner-api-access.js';

const SITE = 'https://hotel.example';

for (const dialect of dialects()) {
  describe(`widget photos (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('serves the photos its published content shows and no other, whatever id is tried', async () => {
      const hotel = await signUp(t);
      const p = (await createProperty(t, hotel.token)).id;
      const other = (await createProperty(t, hotel.token)).id;
      const published = await uploaded(t, hotel.token, p, [
        file(await jpeg(), 'pool.jpg'),
        file(await jpeg(320, 240), 'lobby.jpg'),
      ]);
      const [elsewhere] = await uploaded(t, hotel.token, other, [file(await jpeg(), 'other.jpg')]);
      await whitelist(t, hotel, SITE);
      const created = await t.api('POST', '/api/settings/widget/create/', { token: hotel.token, body: { hotel: p } });
      expect(created.statusCode, created.body).toBe(201);
      const token = created.json().token as string;
      await publishNow(t, p, hotel.id);
      t.clock.advance(60_000);
      const [later] = await uploaded(t, hotel.token, p, [file(await jpeg(200, 200), 'not-yet.jpg')]);

      const content = async () =>
        ((await t.api('GET', `/api/widget/${token}/`, { headers: { origin: SITE } })).json() as Json).photos as Json[];
      const photo = (id: number) => t.api('GET', `/api/widget/${token}/photos/${id}/`);
      expect((await content()).map((x) => x.id)).toEqual(published.map((x) => x.id));
      for (const x of published) {
        const res = await photo(x.id);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
      }
      // Uploaded after the last publication: not shown, not served; another property's: never.
      expect((await photo(later!.id)).statusCode).toBe(404);
      expect((await photo(elsewhere!.id)).statusCode).toBe(404);

      // Published again, the new photo is shown.
      await publishNow(t, p, hotel.id);
      expect((await content()).map((x) => x.id)).toEqual([...published, later!].map((x) => x.id));
      expect((await photo(later!.id)).statusCode).toBe(200);

      // A widget set to show no photos (Short) serves none, by any id.
      const edit = await t.api('PUT', '/api/settings/widget/edit/', {
        token: hotel.token,
        body: { hotel: p, content_type: 's' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await content()).toEqual([]);
      for (const x of [...published, later!, elsewhere!]) expect((await photo(x.id)).statusCode).toBe(404);
    });
  });
}
