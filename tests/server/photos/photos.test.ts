import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import {
  allFiles,
  fetchImage,
  type PhotoJson,
  file,
  sessionCookie,
  gallery,
  hasGps,
  jpeg,
  png,
  pngBomb,
  storedFiles,
  upload,
  uploaded,
} from '../../helpers/fixtures/uploaded-photos.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`photo gallery: files (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('accepts a real JPEG and PNG, resizes them, strips EXIF (GPS) and serves them to the owner only', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const photoJpeg = await jpeg(2400, 1800);
      expect(hasGps((await sharp(photoJpeg).metadata()).exif)).toBe(true);
      const photos = await uploaded(
        t,
        a.token,
        p.id,
        [file(photoJpeg, 'Pool at dusk.jpg'), file(await png(1000, 500), 'lobby.png', 'image/png')],
        { category: 'Facilities' },
      );
      expect(photos).toHaveLength(2);
      const [pool, lobby] = photos as [PhotoJson, PhotoJson];
      expect(pool).toMatchObject({
        name: 'Pool at dusk',
        alt: 'Pool at dusk',
        category: 'Facilities',
        description: null,
        uploaded_by: 'Test Person',
        sequence: 1,
        room: null,
        featured: false,
        width: 2400,
        height: 1800,
      });
      expect(lobby).toMatchObject({ name: 'lobby', sequence: 2, width: 1000, height: 500 });
      // A new photo has no rights recorded and may be passed on (issue 40 §3).
      expect(pool).toMatchObject({ credit: null, licence: null, pass_on: true, held_back: null, attribution: null });
      expect(Object.keys(pool).sort()).toEqual(
        [
          'alt',
          'bytes',
          'category',
          'created_at',
          'description',
          'display',
          'featured',
          'height',
          'id',
          'image',
          'name',
          'room',
          'sequence',
          'thumbnail',
          'uploaded_by',
          'width',
          'credit',
          'licence',
          'licence_holder',
          'licence_ends',
          'pass_on',
          'held_back',
          'attribution',
          'format',
          'similar_to',
        ].sort(),
      );
      // Signed URLs an <img> shows without a header (tests/server/photos/signed-urls.test.ts).
      expect(pool.image).toMatch(new RegExp(`^/api/photos/${pool.id}/original/\\?expires=\\d+&signature=`));

      const expectations = [
        { url: pool.image, format: 'jpeg', width: 2400, height: 1800 },
        { url: pool.display, format: 'jpeg', width: 1600, height: 1200 },
        { url: pool.thumbnail, format: 'jpeg', width: 400, height: 300 },
        { url: lobby.image, format: 'png', width: 1000, height: 500 },
        { url: lobby.display, format: 'jpeg', width: 1000, height: 500 },
        { url: lobby.thumbnail, format: 'jpeg', width: 400, height: 200 },
      ];
      for (const e of expectations) {
        const res = await fetchImage(t, a.token, e.url);
        expect(res.statusCode, e.url).toBe(200);
        expect(res.headers['content-type']).toBe(e.format === 'png' ? 'image/png' : 'image/jpeg');
        expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
        const meta = await sharp(res.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }, e.url).toEqual({
          format: e.format,
          width: e.width,
          height: e.height,
        });
        expect(meta.exif, e.url).toBeUndefined();
        expect(res.rawPayload.includes('secret-marker')).toBe(false);
      }
      // And on disk: six files under the property, none with EXIF left.
      const files = storedFiles(t, p.id);
      expect(files).toHaveLength(6);
      for (const f of files) {
        expect(f).toMatch(/^properties\/\d+\/photos\/[0-9a-f]{24}-(original|display|thumbnail)\.(jpg|png)$/);
        const bytes = readFileSync(path.join(t.testDb.dataDir, 'files', f));
        expect(hasGps((await sharp(bytes).metadata()).exif), f).toBe(false);
        expect(bytes.includes('secret-marker'), f).toBe(false);
      }
      // The signed-in route: the owner (token or the session cookie) gets the file; another account, or nobody, nothing.
      const signedIn = `/api/facts/property/${p.id}/gallery/${pool.id}/original/`;
      expect((await fetchImage(t, a.token, signedIn)).headers['cache-control']).toBe(
        'private, max-age=31536000, immutable',
      );
      expect((await t.app.inject({ method: 'GET', url: signedIn, cookies: sessionCookie(a.token) })).statusCode).toBe(
        200,
      );
      const other = await signUp(t);
      expect((await fetchImage(t, other.token, signedIn)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: signedIn })).statusCode).toBe(401);
      expect((await fetchImage(t, a.token, `/api/facts/property/${p.id}/gallery/${pool.id}/huge/`)).statusCode).toBe(
        404,
      );
    });

    it('auto-rotates by the EXIF orientation and accepts WebP and GIF', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const rotated = await jpeg(600, 400, 6);
      const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } })
        .webp()
        .toBuffer();
      const gif = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#a00' } })
        .gif()
        .toBuffer();
      const [r, w, g] = (await uploaded(t, a.token, p.id, [
        file(rotated, 'portrait.jpg'),
        file(webp, 'w.webp'),
        file(gif, 'g.gif'),
      ])) as [PhotoJson, PhotoJson, PhotoJson];
      expect({ width: r.width, height: r.height }).toEqual({ width: 400, height: 600 });
      const display = await sharp((await fetchImage(t, a.token, r.display)).rawPayload).metadata();
      expect({ width: display.width, height: display.height, orientation: display.orientation }).toEqual({
        width: 400,
        height: 600,
        orientation: undefined,
      });
      expect((await fetchImage(t, a.token, w.image)).headers['content-type']).toBe('image/webp');
      expect((await fetchImage(t, a.token, g.image)).headers['content-type']).toBe('image/gif');
    });

    it('judges files by content: a text file named .jpg, a pixel bomb and an oversize file are refused, storing nothing', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const text = await upload(t, a.token, p.id, [file('just some text', 'notes.jpg')]);
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ imagesArray: ['"notes.jpg" is not a JPEG, PNG, WebP or GIF image.'] });

      const svg = await upload(t, a.token, p.id, [
        file('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', 'x.png', 'image/png'),
      ]);
      expect(svg.json()).toEqual({ imagesArray: ['"x.png" is not a JPEG, PNG, WebP or GIF image.'] });

      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(200_000);
      const bombRes = await upload(t, a.token, p.id, [file(bomb, 'bomb.png', 'image/png')]);
      expect(bombRes.statusCode).toBe(400);
      expect(bombRes.json()).toEqual({
        imagesArray: ['"bomb.png" is too large: 20000 × 20000 pixels; the limit is 50 megapixels.'],
      });

      const big = Buffer.concat([await jpeg(), Buffer.alloc(20 * 1024 * 1024)]);
      const bigRes = await upload(t, a.token, p.id, [file(big, 'big.jpg')]);
      expect(bigRes.statusCode).toBe(413);

      const truncated = (await jpeg(800, 600)).subarray(0, 2000);
      const broken = await upload(t, a.token, p.id, [file(truncated, 'broken.jpg')]);
      expect(broken.json()).toEqual({ imagesArray: ['"broken.jpg" is not a JPEG, PNG, WebP or GIF image.'] });

      const none = await upload(t, a.token, p.id, [], { name: 'x' });
      expect(none.json()).toEqual({ imagesArray: ['Choose at least one photo.'] });
      const wrongField = await upload(t, a.token, p.id, [{ name: 'photo', value: await jpeg(), filename: 'a.jpg' }]);
      expect(wrongField.json()).toEqual({ photo: ['Send the photos in the field imagesArray.'] });
      const badCategory = await upload(t, a.token, p.id, [file(await jpeg(), 'a.jpg')], { category: 'Beach bar' });
      expect(badCategory.statusCode).toBe(400);
      expect(Object.keys(badCategory.json())).toEqual(['category']);

      expect(await gallery(t, a.token, p.id)).toEqual([]);
      expect(storedFiles(t, p.id)).toEqual([]);
      expect((await t.api('GET', '/api/facts/count-images/', { token: a.token })).json()).toEqual({
        images: 0,
        limit: 25,
      });
    });

    it('never uses a path from the file name: text is refused, an image is stored under a server key', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const before = allFiles(t);
      const passwd = await upload(t, a.token, p.id, [
        file('root:x:0:0:root:/root:/bin/bash\n', '../../etc/passwd.jpg'),
      ]);
      expect(passwd.statusCode).toBe(400);
      expect(passwd.json().imagesArray[0]).toMatch(/^"passwd\.jpg" is not a JPEG, PNG, WebP or GIF image\.$/);
      const [evil] = await uploaded(t, a.token, p.id, [file(await jpeg(), '../evil.jpg')]);
      expect(evil!.name).toBe('evil');
      const [win] = await uploaded(t, a.token, p.id, [file(await jpeg(), 'C:\\Users\\me\\..\\beach view.final.jpg')]);
      expect(win!.name).toBe('beach view.final');
      const added = allFiles(t).filter((f) => !before.includes(f));
      expect(added).toHaveLength(6);
      for (const f of added)
        expect(f).toMatch(
          new RegExp(`^files/properties/${p.id}/photos/[0-9a-f]{24}-(original|display|thumbnail)\\.jpg$`),
        );
    });

    it('stores all files of a multi-file upload or none', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const good = [file(await jpeg(), 'one.jpg'), file(await png(), 'two.png', 'image/png')];
      // Refused by its header: before anything is decoded.
      const headerRes = await upload(t, a.token, p.id, [...good, file('not an image', 'three.jpg')]);
      expect(headerRes.statusCode).toBe(400);
      expect(headerRes.json()).toEqual({ imagesArray: ['"three.jpg" is not a JPEG, PNG, WebP or GIF image.'] });
      // Refused while decoding, after the first files were written: they are removed again.
      const corrupt = (await jpeg(800, 600)).subarray(0, 3000);
      const decodeRes = await upload(t, a.token, p.id, [...good, file(corrupt, 'four.jpg')]);
      expect(decodeRes.statusCode).toBe(400);
      expect(decodeRes.json()).toEqual({ imagesArray: ['"four.jpg" is not a JPEG, PNG, WebP or GIF image.'] });
      expect(storedFiles(t, p.id)).toEqual([]);
      expect(await gallery(t, a.token, p.id)).toEqual([]);
      const all = await uploaded(t, a.token, p.id, good, {
        name: 'Terrace',
        alt: 'Sunny terrace',
        description: '  Sea view  ',
      });
      expect(all.map((x) => [x.name, x.alt, x.description, x.sequence])).toEqual([
        ['Terrace', 'Sunny terrace', 'Sea view', 1],
        ['Terrace', 'Sunny terrace', 'Sea view', 2],
      ]);
      expect(storedFiles(t, p.id)).toHaveLength(6);
    });

    it('edits a photo (alt from name), moves it, reorders all, features one, deletes with its files', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const img = await jpeg(320, 240);
      const photos = await uploaded(
        t,
        a.token,
        p.id,
        ['a', 'b', 'c', 'd'].map((n) => file(img, `${n}.jpg`)),
      );
      const [pa, pb, pc, pd] = photos.map((x) => x.id) as [number, number, number, number];
      const edit = (id: number, body: unknown, token = a.token) =>
        t.api('PATCH', `/api/facts/property/gallery/${p.id}/${id}/update/`, { token, body });

      // The alt that only repeated the name follows a new name; an empty alt becomes the name.
      const renamed = await edit(pa, { name: 'Main pool', category: 'Sports & Wellness', description: 'Heated' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        id: pa,
        name: 'Main pool',
        alt: 'Main pool',
        category: 'Sports & Wellness',
        description: 'Heated',
        sequence: 1,
      });
      expect((await edit(pa, { alt: 'Pool with loungers' })).json()).toMatchObject({
        name: 'Main pool',
        alt: 'Pool with loungers',
      });
      expect((await edit(pa, { name: 'Pool' })).json()).toMatchObject({ name: 'Pool', alt: 'Pool with loungers' });
      expect((await edit(pa, { alt: '' })).json()).toMatchObject({ alt: 'Pool' });
      expect((await edit(pa, { alt: null, category: null })).json()).toMatchObject({ alt: 'Pool', category: null });
      expect((await edit(pa, { category: 'Beach' })).statusCode).toBe(400);
      // A key the edit does not take (a photo stays with its property) is ignored and named.
      const moved = await edit(pa, { hotel: 3 });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.headers['x-ignored-fields']).toBe('hotel');
      expect((await gallery(t, a.token, p.id)).map((x) => x.id)).toContain(pa);

      // sequence moves the photo; the others close up.
      expect((await edit(pa, { sequence: 3 })).json()).toMatchObject({ sequence: 3 });
      expect((await gallery(t, a.token, p.id)).map((x) => [x.id, x.sequence])).toEqual([
        [pb, 1],
        [pc, 2],
        [pa, 3],
        [pd, 4],
      ]);
      expect((await edit(pd, { sequence: 99 })).json()).toMatchObject({ sequence: 4 });

      const order = (body: unknown) =>
        t.api('PATCH', `/api/facts/property/${p.id}/gallery/order/`, { token: a.token, body });
      const reordered = await order({ order: [pd, pc, pb, pa] });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(reordered.json().map((x: { id: number; sequence: number }) => [x.id, x.sequence])).toEqual([
        [pd, 1],
        [pc, 2],
        [pb, 3],
        [pa, 4],
      ]);
      const missing = await order({ order: [pd, pc, pb] });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        order: [`List every photo of this property exactly once (it has 4); missing: ${pa}.`],
      });
      expect((await order({ order: [pd, pc, pb, pa, 999999] })).json().order[0]).toContain(
        'not in this gallery: 999999',
      );
      expect((await order({ order: [pd, pd, pb, pa] })).statusCode).toBe(400);
      expect((await gallery(t, a.token, p.id)).map((x) => x.id)).toEqual([pd, pc, pb, pa]);

      const feature = (photo: number) =>
        t.api('PATCH', '/api/facts/property/gallery/featured-image/', {
          token: a.token,
          body: { property: p.id, photo },
        });
      expect(
        (await feature(pb))
          .json()
          .filter((x: { featured: boolean }) => x.featured)
          .map((x: { id: number }) => x.id),
      ).toEqual([pb]);
      const again = await feature(pc);
      expect(again.statusCode).toBe(200);
      expect(
        again
          .json()
          .filter((x: { featured: boolean }) => x.featured)
          .map((x: { id: number }) => x.id),
      ).toEqual([pc]);
      expect((await feature(pc)).statusCode).toBe(200);
      expect((await feature(999999)).statusCode).toBe(404);

      const victim = (await gallery(t, a.token, p.id)).find((x) => x.id === pc)!;
      const filesBefore = storedFiles(t, p.id);
      expect(
        (await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${pc}/delete/`, { token: a.token })).statusCode,
      ).toBe(204);
      const left = storedFiles(t, p.id);
      expect(left).toHaveLength(filesBefore.length - 3);
      for (const url of [victim.image, victim.display, victim.thumbnail])
        expect((await fetchImage(t, a.token, url)).statusCode).toBe(404);
      expect((await gallery(t, a.token, p.id)).map((x) => [x.id, x.sequence, x.featured])).toEqual([
        [pd, 1, false],
        [pb, 2, false],
        [pa, 3, false],
      ]);
      expect(
        (await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${pc}/delete/`, { token: a.token })).statusCode,
      ).toBe(404);

      const audit = await t.testDb.db.kysely
        .selectFrom('audit_events')
        .select(['action', 'subject_id'])
        .where('kind', '=', 'photos')
        .where('property_id', '=', p.id)
        .orderBy('id')
        .execute();
      expect([...new Set(audit.map((e) => e.action))]).toEqual(['upload', 'update', 'reorder', 'feature', 'delete']);

      // Deleting the property takes the remaining files with it.
      expect((await t.api('DELETE', `/api/facts/property/delete/${p.id}/`, { token: a.token })).statusCode).toBe(204);
      expect(storedFiles(t, p.id)).toEqual([]);
    });

    it('tags photos with rooms of the same property; a deleted room leaves them untagged', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const q = await createProperty(t, a.token, { hotel_name: 'Second' });
      const room = (name: string) => ({ id: 0, room_name: name, room_name_type: 'double room', room_view: 'Sea view' });
      const saved = await t.api('POST', `/api/facts/rooms/update/${p.id}/`, {
        token: a.token,
        body: [room('Sea double'), room('Garden studio')],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [sea, garden] = saved.json() as [{ id: number }, { id: number }];
      const otherRoom = (
        await t.api('POST', `/api/facts/rooms/update/${q.id}/`, { token: a.token, body: [room('Elsewhere')] })
      ).json()[0].id as number;

      const list = await t.api('GET', `/api/facts/Rooms-list/${p.id}/`, { token: a.token });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        { id: sea.id, room_name: 'Sea double' },
        { id: garden.id, room_name: 'Garden studio' },
      ]);

      const [tagged] = await uploaded(t, a.token, p.id, [file(await jpeg(), 'r.jpg')], {
        room: String(sea.id),
        category: 'Rooms',
      });
      expect(tagged).toMatchObject({ room: sea.id, category: 'Rooms' });
      const wrongRoom = await upload(t, a.token, p.id, [file(await jpeg(), 'r.jpg')], { room: String(otherRoom) });
      expect(wrongRoom.statusCode).toBe(400);
      expect(wrongRoom.json()).toEqual({ room: ['Choose a room of this property.'] });
      const edit = (body: unknown) =>
        t.api('PATCH', `/api/facts/property/gallery/${p.id}/${tagged!.id}/update/`, { token: a.token, body });
      expect((await edit({ room: otherRoom })).json()).toEqual({ room: ['Choose a room of this property.'] });
      expect((await edit({ room: garden.id })).json()).toMatchObject({ room: garden.id });

      expect((await t.api('DELETE', `/api/facts/rooms/delete/${garden.id}/`, { token: a.token })).statusCode).toBe(204);
      expect((await gallery(t, a.token, p.id))[0]).toMatchObject({ id: tagged!.id, room: null });

      // A room left out of a restored revision goes too, and its photos are untagged the same way.
      const added = await t.api('POST', `/api/facts/rooms/update/${p.id}/`, { token: a.token, body: [room('Attic')] });
      expect(added.statusCode, added.body).toBe(200);
      const attic = (added.json() as { id: number; room_name: string }[]).find((r) => r.room_name === 'Attic')!;
      expect((await edit({ room: attic.id })).json()).toMatchObject({ room: attic.id });
      const restored = await t.api('POST', `/api/facts/history/${p.id}/room/1/restore/`, {
        token: a.token,
        body: { current_revision: 3 },
      });
      expect(restored.statusCode, restored.body).toBe(200);
      const rooms = (await t.api('GET', `/api/facts/Rooms-list/${p.id}/`, { token: a.token })).json() as {
        id: number;
        room_name: string;
      }[];
      expect(rooms.map((r) => r.room_name)).toEqual(['Sea double', 'Garden studio']);
      expect((await gallery(t, a.token, p.id))[0]).toMatchObject({ id: tagged!.id, room: null });
      // The photo can be tagged again with a room that exists.
      expect((await edit({ room: sea.id })).json()).toMatchObject({ room: sea.id });
    });
  });
}
