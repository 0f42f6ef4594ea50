/**
 * Photo URLs that work in an <img> (issue 28 §4): every answer that gives photo URLs (the
 * gallery, the operator's fact sheet and own photos, the partner API's photo list and its OTA
 * multimedia) gives signed, expiring URLs, fetched without any header or cookie. A changed
 * signature, id, variant or expiry answers 404, an expired URL 403. Both databases.
 */
import sharp from 'sharp';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty, sendForm } from '../../helpers/properties.js';
import { MINUTE } from '../../helpers/clock.js';
import { PHOTO_URL_TTL_S, PHOTO_URL_WINDOW_S } from '../../../src/server/features/photos/signed-urls.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { apiKey, partner, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { photosNamed, publishedHotel } from '../../helpers/fixtures/published-hotel.js';
import { file, gallery, jpeg, png, uploaded, type PhotoJson } from '../../helpers/fixtures/uploaded-photos.js';

/** A GET as an <img> makes it: no Authorization header, no cookie. */
const bare = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
/** The path and query of an absolute URL of the portal (the partner API's are absolute). */
const local = (url: string) => {
  const u = new URL(url, 'http://portal.test');
  return `${u.pathname}${u.search}`;
};
const LONGEST_S = PHOTO_URL_TTL_S + PHOTO_URL_WINDOW_S;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`signed photo URLs (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('serves every URL of the gallery answer without any header, as the image it names, cacheable until it expires', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const [pool, lobby] = (await uploaded(t, a.token, p.id, [
        file(await jpeg(2400, 1800), 'pool.jpg'),
        file(await png(1000, 500), 'lobby.png', 'image/png'),
      ])) as [PhotoJson, PhotoJson];
      for (const url of [pool.image, pool.display, pool.thumbnail])
        expect(url).toMatch(
          new RegExp(`^/api/photos/${pool.id}/(original|display|thumbnail)/\\?expires=\\d+&signature=[\\w-]{43}$`),
        );
      const cases = [
        { url: pool.image, format: 'jpeg', width: 2400, height: 1800 },
        { url: pool.display, format: 'jpeg', width: 1600, height: 1200 },
        { url: pool.thumbnail, format: 'jpeg', width: 400, height: 300 },
        { url: lobby.image, format: 'png', width: 1000, height: 500 },
        { url: lobby.thumbnail, format: 'jpeg', width: 400, height: 200 },
      ];
      for (const c of cases) {
        const res = await bare(t, c.url);
        expect(res.statusCode, c.url).toBe(200);
        expect(res.headers['content-type']).toBe(`image/${c.format}`);
        const meta = await sharp(res.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: c.format,
          width: c.width,
          height: c.height,
        });
        // Cacheable for what is left of the URL's life, never longer; other origins may embed it.
        const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
        expect(maxAge).toBeGreaterThanOrEqual(PHOTO_URL_TTL_S);
        expect(maxAge).toBeLessThanOrEqual(LONGEST_S);
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      }
      // The same URL for every listing within a window (the browser's cache keeps it), a new one later.
      const again = (await gallery(t, a.token, p.id)).find((x) => x.id === pool.id)!;
      expect(again.thumbnail).toBe(pool.thumbnail);
      t.clock.advance(PHOTO_URL_WINDOW_S * 1000);
      const later = (await gallery(t, a.token, p.id)).find((x) => x.id === pool.id)!;
      expect(later.thumbnail).not.toBe(pool.thumbnail);
      expect((await bare(t, later.thumbnail)).statusCode).toBe(200);
      // Still the signed-in route for those who send their token.
      expect(
        (await t.api('GET', `/api/facts/property/${p.id}/gallery/${pool.id}/thumbnail/`, { token: a.token }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a tampered URL with 404, an expired one with 403, and a listing gives a fresh one', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const [photo] = await uploaded(t, a.token, p.id, [file(await jpeg(64, 48), 'p.jpg')]);
      const url = new URL(photo!.thumbnail, 'http://portal.test');
      const expires = Number(url.searchParams.get('expires'));
      const signature = url.searchParams.get('signature')!;
      const at = (path: string, e: number | string, s: string) =>
        bare(t, `${path}?expires=${e}&signature=${encodeURIComponent(s)}`);
      expect((await at(url.pathname, expires, signature)).statusCode).toBe(200);

      const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      const refused = await at(url.pathname, expires, flipped);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'Not found.' });
      expect((await at(url.pathname, expires, signature.slice(0, -1))).statusCode).toBe(404);
      expect((await at(url.pathname, expires, '')).statusCode).toBe(404);
      // Another variant, expiry or photo under the same signature.
      expect((await at(url.pathname.replace('/thumbnail/', '/original/'), expires, signature)).statusCode).toBe(404);
      expect((await at(url.pathname, expires + PHOTO_URL_WINDOW_S, signature)).statusCode).toBe(404);
      expect((await at(url.pathname, expires - 1, signature)).statusCode).toBe(404);
      expect((await at(url.pathname.replace('/thumbnail/', '/huge/'), expires, signature)).statusCode).toBe(404);
      // The own-photo route does not take a gallery photo's signature.
      expect(
        (await at(url.pathname.replace('/api/photos/', '/api/partner-photos/'), expires, signature)).statusCode,
      ).toBe(404);
      // A URL without its signature is not a URL this server gave.
      expect((await bare(t, url.pathname)).statusCode).toBe(400);
      expect((await bare(t, `${url.pathname}?expires=${expires}`)).statusCode).toBe(400);

      // Valid until its expiry, refused after it (by the app's clock).
      t.clock.advance((expires - Math.floor(t.clock.now().getTime() / 1000) - 1) * 1000);
      expect((await at(url.pathname, expires, signature)).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await at(url.pathname, expires, signature);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().detail).toMatch(/expired/);
      // A made-up later expiry is refused as a signature this server never made.
      expect((await at(url.pathname, expires + 10 * LONGEST_S, signature)).statusCode).toBe(404);
      const fresh = (await gallery(t, a.token, p.id))[0]!;
      expect((await bare(t, fresh.thumbnail)).statusCode).toBe(200);

      // A deleted photo's URL is gone at once.
      expect(
        (await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${photo!.id}/delete/`, { token: a.token }))
          .statusCode,
      ).toBe(204);
      expect((await bare(t, fresh.thumbnail)).statusCode).toBe(404);
    });

    it("never opens another account's photo: its id under one's own signature, or a forged one, answers 404", async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const pa = await createProperty(t, a.token);
      const pb = await createProperty(t, b.token);
      const [mine] = await uploaded(t, a.token, pa.id, [file(await jpeg(64, 48), 'mine.jpg')]);
      const [theirs] = await uploaded(t, b.token, pb.id, [file(await jpeg(64, 48), 'theirs.jpg')]);
      const url = new URL(mine!.display, 'http://portal.test');
      const query = url.search;
      expect((await bare(t, `/api/photos/${theirs!.id}/display/${query}`)).statusCode).toBe(404);
      // A signature made with another key (as anyone could make without the server's).
      const { createHmac } = await import('node:crypto');
      const expires = url.searchParams.get('expires')!;
      for (const key of ['', 'guess', 'ananas']) {
        const forged = createHmac('sha256', key)
          .update(`photo\n${theirs!.id}\ndisplay\n\n${expires}`)
          .digest('base64url');
        expect(
          (await bare(t, `/api/photos/${theirs!.id}/display/?expires=${expires}&signature=${forged}`)).statusCode,
        ).toBe(404);
      }
      // The rightful URL of that photo, to its owner, works: only the signature decided.
      const their = (await gallery(t, b.token, pb.id))[0]!;
      expect((await bare(t, their.display)).statusCode).toBe(200);
      // The gallery answer itself stays the owner's: another account gets 404 and no URL.
      expect((await t.api('GET', `/api/facts/property/${pb.id}/gallery/`, { token: a.token })).statusCode).toBe(404);
    });

    it("signs the operator's fact-sheet and own photos, the partner API's photo list and its OTA multimedia", async () => {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = await publishedHotel(t, hotel.token, 'Hotel Signed');
      const [pool] = await photosNamed(t, hotel.token, property, ['Pool']);
      await accepted(t, hotel, op, { to_add_own_photos: 'Y' });

      // The operator's fact sheet: the hotel's photos it may see.
      const sheet = (await t.api('GET', `/api/partners/fact-sheet/${property}/`, { token: op.token })).json() as Json;
      const shown = (sheet.photos as Json[]).find((x) => x.id === pool)!;
      for (const v of ['thumbnail', 'display', 'original']) {
        expect(shown[v]).toMatch(new RegExp(`^/api/photos/${pool}/${v}/\\?expires=`));
        expect((await bare(t, shown[v] as string)).statusCode).toBe(200);
      }
      expect((await bare(t, sheet.sheet.featured.url as string)).statusCode).toBe(200);

      // Its own photo, to itself and to the hotel.
      const up = await sendForm(t, 'POST', `/api/partners/fact-sheet/${property}/own-photos/`, op.token, [
        { name: 'imagesArray', value: await jpeg(80, 60), filename: 'own.jpg', contentType: 'image/jpeg' },
      ]);
      expect(up.statusCode, up.body).toBe(201);
      const own = (up.json() as Json[])[0]!;
      expect(own.thumbnail).toMatch(new RegExp(`^/api/partner-photos/${own.id}/thumbnail/\\?expires=`));
      const read = await bare(t, own.display as string);
      expect(read.statusCode).toBe(200);
      expect((await sharp(read.rawPayload).metadata()).width).toBe(80);
      const toHotel = (
        (await t.api('GET', `/api/facts/property/${property}/partner-photos/`, { token: hotel.token })).json() as Json[]
      )[0]!;
      expect((await bare(t, toHotel.original as string)).statusCode).toBe(200);
      // An own photo's signature does not open the gallery photo of the same id.
      expect((await bare(t, (own.display as string).replace('/api/partner-photos/', '/api/photos/'))).statusCode).toBe(
        404,
      );

      // The partner API: absolute signed URLs, fetched without the key.
      const key = (await apiKey(t, op)).token as string;
      const listed = (await partner(t, key, `/api/v1/properties/${property}/photos/`)).json() as Json[];
      const urls = listed.find((x) => x.id === pool)!.urls as Record<string, string>;
      for (const v of ['original', 'display', 'thumbnail']) {
        expect(urls[v]).toMatch(new RegExp(`^http://portal\\.test/api/photos/${pool}/${v}/\\?expires=\\d+&signature=`));
        expect((await bare(t, local(urls[v]!))).statusCode).toBe(200);
      }
      // OTA multimedia: stable URLs under the partner API (a receiver that stores the content keeps
      // working links), fetched with the key, never without it.
      const ota = await partner(t, key, `/api/v1/properties/${property}/facts/ota/`);
      expect(ota.statusCode, ota.body).toBe(200);
      const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(ota.body) as Json;
      const formats = [
        parsed.OTA_HotelDescriptiveInfoRS.HotelDescriptiveContents.HotelDescriptiveContent.MultimediaDescriptions
          .MultimediaDescription.ImageItems.ImageItem.ImageFormat,
      ].flat() as Json[];
      const stable = ['original', 'display', 'thumbnail'].map(
        (v) => `http://portal.test/api/v1/properties/${property}/photos/${pool}/${v}/`,
      );
      expect(formats.map((f) => f.URL)).toEqual(stable);
      for (const f of formats) {
        expect((await partner(t, key, local(f.URL as string))).statusCode).toBe(200);
        expect((await bare(t, local(f.URL as string))).statusCode).toBe(401);
      }

      // An hour and a quarter later, none of them works any more; the next listing's do.
      t.clock.advance(LONGEST_S * 1000 + MINUTE);
      expect((await bare(t, local(urls.display!))).statusCode).toBe(403);
      expect((await bare(t, own.display as string)).statusCode).toBe(403);
      expect((await partner(t, key, local(stable[1]!))).statusCode).toBe(200);
      const relisted = (await partner(t, key, `/api/v1/properties/${property}/photos/`)).json() as Json[];
      expect((await bare(t, local(relisted.find((x) => x.id === pool)!.urls.display as string))).statusCode).toBe(200);
    });
  });
}
