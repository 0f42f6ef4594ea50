import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { FREE_PHOTO_QUOTA } from '../../../src/shared/plans.js';
import {
  fetchImage,
  file,
  gallery,
  sessionCookie,
  jpeg,
  storedFiles,
  upload,
  uploaded,
} from '../../helpers/fixtures/uploaded-photos.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`photo gallery: access and quota (${dialect})`, () => {
    let t: TestApp;
    let small: Buffer;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      small = await jpeg(64, 48);
    });
    afterAll(() => t.stop());

    const count = async (token: string) => (await t.api('GET', '/api/facts/count-images/', { token })).json();

    it('answers 404 to another account for every gallery call and image URL', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const [photo] = await uploaded(t, a.token, p.id, [file(small, 'mine.jpg')]);
      const other = await signUp(t);
      const o = other.token;
      expect((await t.api('GET', `/api/facts/property/${p.id}/gallery/`, { token: o })).statusCode).toBe(404);
      expect((await t.api('GET', `/api/facts/Rooms-list/${p.id}/`, { token: o })).statusCode).toBe(404);
      expect(
        (
          await t.api('PATCH', `/api/facts/property/gallery/${p.id}/${photo!.id}/update/`, {
            token: o,
            body: { name: 'Stolen' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${photo!.id}/delete/`, { token: o })).statusCode,
      ).toBe(404);
      expect(
        (await t.api('PATCH', `/api/facts/property/${p.id}/gallery/order/`, { token: o, body: { order: [photo!.id] } }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await t.api('PATCH', '/api/facts/property/gallery/featured-image/', {
            token: o,
            body: { property: p.id, photo: photo!.id },
          })
        ).statusCode,
      ).toBe(404);
      expect((await upload(t, o, p.id, [file(small, 'x.jpg')])).statusCode).toBe(404);
      // The signed-in image route (the answers' URLs are signed: whoever was given one may use it until it expires).
      for (const variant of ['original', 'display', 'thumbnail']) {
        const url = `/api/facts/property/${p.id}/gallery/${photo!.id}/${variant}/`;
        expect((await fetchImage(t, o, url)).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url, cookies: sessionCookie(o) })).statusCode).toBe(404);
      }
      // A photo id of another property, even one's own, does not exist under this property.
      const theirs = await createProperty(t, o);
      expect(
        (
          await t.api('PATCH', `/api/facts/property/gallery/${theirs.id}/${photo!.id}/update/`, {
            token: o,
            body: { name: 'x' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await fetchImage(t, o, `/api/facts/property/${theirs.id}/gallery/${photo!.id}/original/`)).statusCode,
      ).toBe(404);
      expect(
        (await t.api('DELETE', `/api/facts/property/gallery/${theirs.id}/${photo!.id}/delete/`, { token: o }))
          .statusCode,
      ).toBe(404);
      expect(await gallery(t, a.token, p.id)).toMatchObject([{ id: photo!.id, name: 'mine' }]);
      expect(await count(o)).toEqual({ images: 0, limit: FREE_PHOTO_QUOTA });
      // Tour operators have no gallery of their own.
      const op = await signUp(t, { account_type: 'to' });
      expect((await t.api('GET', '/api/facts/count-images/', { token: op.token })).statusCode).toBe(403);
      expect((await t.api('GET', `/api/facts/property/${p.id}/gallery/`, { token: op.token })).statusCode).toBe(404);
    });

    it('lets sub-users change photos only with the photos flag, and only on their allowed properties', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const p = await createProperty(t, owner.token);
      const q = await createProperty(t, owner.token, { hotel_name: 'Not allowed' });
      const [photo] = await uploaded(t, owner.token, p.id, [file(small, 'owner.jpg')]);
      const perms = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      const setPerms = async (flags: Record<string, unknown>) => {
        const res = await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
          token: owner.token,
          body: { user: sub.id, facts: true, ...flags },
        });
        expect(res.statusCode, res.body).toBe(200);
      };

      // Not allowed the property: it does not exist for them.
      await setPerms({ photos: true, properties_allowed: [] });
      expect((await upload(t, sub.token, p.id, [file(small, 's.jpg')])).statusCode).toBe(404);
      expect((await t.api('GET', `/api/facts/property/${p.id}/gallery/`, { token: sub.token })).statusCode).toBe(404);
      const thumbnail = `/api/facts/property/${p.id}/gallery/${photo!.id}/thumbnail/`;
      expect((await fetchImage(t, sub.token, thumbnail)).statusCode).toBe(404);

      // Allowed the property without the photos flag: may look, may not change.
      await setPerms({ photos: false, properties_allowed: [p.id] });
      expect((await gallery(t, sub.token, p.id)).map((x) => x.id)).toEqual([photo!.id]);
      expect((await fetchImage(t, sub.token, thumbnail)).statusCode).toBe(200);
      expect((await t.api('GET', `/api/facts/Rooms-list/${p.id}/`, { token: sub.token })).statusCode).toBe(200);
      const refused = await upload(t, sub.token, p.id, [file(small, 's.jpg')]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toContain('photos');
      expect(
        (
          await t.api('PATCH', `/api/facts/property/gallery/${p.id}/${photo!.id}/update/`, {
            token: sub.token,
            body: { name: 'x' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${photo!.id}/delete/`, { token: sub.token }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await t.api('PATCH', '/api/facts/property/gallery/featured-image/', {
            token: sub.token,
            body: { property: p.id, photo: photo!.id },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.api('PATCH', `/api/facts/property/${p.id}/gallery/order/`, {
            token: sub.token,
            body: { order: [photo!.id] },
          })
        ).statusCode,
      ).toBe(403);

      // With the flag: works on the allowed property, not on the other one.
      await setPerms({ photos: true, properties_allowed: [p.id] });
      const [added] = await uploaded(t, sub.token, p.id, [file(small, 'by sub.jpg')]);
      expect(added).toMatchObject({ name: 'by sub', uploaded_by: 'Test Person', sequence: 2 });
      expect((await upload(t, sub.token, q.id, [file(small, 's.jpg')])).statusCode).toBe(404);
      expect(
        (
          await t.api('PATCH', '/api/facts/property/gallery/featured-image/', {
            token: sub.token,
            body: { property: q.id, photo: photo!.id },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.api('PATCH', '/api/facts/property/gallery/featured-image/', {
            token: sub.token,
            body: { property: p.id, photo: added!.id },
          })
        ).statusCode,
      ).toBe(200);
      // The account's total, whoever asks.
      expect(await count(sub.token)).toEqual({ images: 2, limit: FREE_PHOTO_QUOTA });
      expect(await count(owner.token)).toEqual({ images: 2, limit: FREE_PHOTO_QUOTA });
    });

    it(`holds free accounts to ${FREE_PHOTO_QUOTA} photos over all properties, saying how many may still be added; premium is unlimited`, async () => {
      const a: Account = await signUp(t);
      const p = await createProperty(t, a.token);
      const q = await createProperty(t, a.token, { hotel_name: 'Second' });
      await uploaded(
        t,
        a.token,
        p.id,
        Array.from({ length: 20 }, (_, i) => file(small, `p${i}.jpg`)),
      );
      await uploaded(
        t,
        a.token,
        q.id,
        Array.from({ length: 4 }, (_, i) => file(small, `q${i}.jpg`)),
      );
      expect(await count(a.token)).toEqual({ images: 24, limit: 25 });

      const over = await upload(t, a.token, q.id, [file(small, 'a.jpg'), file(small, 'b.jpg')]);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        imagesArray: [
          'Free accounts hold at most 25 photos; this account has 24, so 1 more photo may be added (this upload has 2). Premium accounts have no limit.',
        ],
      });
      expect(storedFiles(t, q.id)).toHaveLength(4 * 3);
      await uploaded(t, a.token, q.id, [file(small, 'last.jpg')]);
      const full = await upload(t, a.token, p.id, [file(small, 'one more.jpg')]);
      expect(full.statusCode).toBe(400);
      expect(full.json().imagesArray[0]).toContain('this account has 25, so no more photos may be added');
      expect(await count(a.token)).toEqual({ images: 25, limit: 25 });

      // Deleting makes room again.
      const first = (await gallery(t, a.token, p.id))[0]!;
      expect(
        (await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${first.id}/delete/`, { token: a.token }))
          .statusCode,
      ).toBe(204);
      await uploaded(t, a.token, p.id, [file(small, 'again.jpg')]);

      await t.testDb.db.kysely.updateTable('users').set({ premium_active: true }).where('id', '=', a.id).execute();
      expect(await count(a.token)).toEqual({ images: 25, limit: null });
      await uploaded(
        t,
        a.token,
        p.id,
        Array.from({ length: 3 }, (_, i) => file(small, `premium${i}.jpg`)),
      );
      expect(await count(a.token)).toEqual({ images: 28, limit: null });
    });

    it('keeps to the quota under concurrent uploads', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      await uploaded(
        t,
        a.token,
        p.id,
        Array.from({ length: 20 }, (_, i) => file(small, `p${i}.jpg`)),
      );
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => upload(t, a.token, p.id, [file(small, `c${i}.jpg`)])),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(3);
      expect(await count(a.token)).toEqual({ images: 25, limit: 25 });
      expect(storedFiles(t, p.id)).toHaveLength(25 * 3);
      expect((await gallery(t, a.token, p.id)).map((x) => x.sequence)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    });
  });
}
