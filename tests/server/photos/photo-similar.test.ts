import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { file, gallery, uploaded, type PhotoJson } from '../../helpers/fixtures/uploaded-photos.js';
import { labelledSet } from '../../helpers/fixtures/look-alike-photos.js';
import { hashDistance, photoHash, SIMILAR_BITS } from '../../../src/server/features/photos/similar.js';
import sharp from 'sharp';

const ROOMS = [1, 2, 3];

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`look-alike photos at upload (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('flags a re-encoded or resized copy with the photo it copies, and no other photo of the room', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const tally = { truePositive: 0, falseNegative: 0, falsePositive: 0, trueNegative: 0 };
      const wrong: string[] = [];
      for (const seed of ROOMS) {
        const set = await labelledSet(seed);
        const [first] = await uploaded(t, a.token, p.id, [file(set.original, `room ${seed}.jpg`)]);
        expect(first!.similar_to).toBeNull();
        for (const v of set.variants) {
          const png = v.data[1] === 0x50; // "\x89PNG"
          const [photo] = await uploaded(t, a.token, p.id, [
            file(v.data, `room ${seed} ${v.label}.${png ? 'png' : 'jpg'}`, png ? 'image/png' : 'image/jpeg'),
          ]);
          // Each upload alone, so that a copy can only be flagged with the room's photo.
          const flagged = photo!.similar_to;
          if (v.copy && flagged === first!.id) tally.truePositive++;
          else if (v.copy) {
            tally.falseNegative++;
            wrong.push(`room ${seed}, ${v.label}: not found`);
          } else if (flagged !== null) {
            tally.falsePositive++;
            wrong.push(`room ${seed}, ${v.label}: flagged`);
          } else tally.trueNegative++;
          // Copies are removed again: a copy is not a room's other photo's look-alike either.
          if (v.copy) {
            const del = await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${photo!.id}/delete/`, {
              token: a.token,
            });
            expect(del.statusCode).toBe(204);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(tally).toEqual({ truePositive: 12, falseNegative: 0, falsePositive: 0, trueNegative: 18 });
    });

    it('the gallery shows the flag, and it goes when the other photo is deleted', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const set = await labelledSet(7);
      const [first] = await uploaded(t, a.token, p.id, [file(set.original, 'pool.jpg')]);
      // Two in one upload: the second is compared with the first of the same upload too.
      const [other, copy] = await uploaded(t, a.token, p.id, [
        file(set.variants.find((v) => v.label === 'another room')!.data, 'bar.jpg'),
        file(set.variants[1]!.data, 'pool small.jpg'),
      ]);
      expect(copy!.similar_to).toBe(first!.id);
      const [copyOfCopy] = await uploaded(t, a.token, p.id, [file(set.variants[0]!.data, 'pool again.jpg')]);
      expect([first!.id, copy!.id]).toContain(copyOfCopy!.similar_to);
      const listed = new Map((await gallery(t, a.token, p.id)).map((x: PhotoJson) => [x.id, x.similar_to]));
      expect(listed.get(copy!.id)).toBe(first!.id);
      expect(listed.get(other!.id)).toBeNull();
      await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${first!.id}/delete/`, { token: a.token });
      expect((await gallery(t, a.token, p.id)).find((x) => x.id === copy!.id)!.similar_to).toBeNull();
    });
  });
}

it('the labelled set: copies lie far inside the threshold, other photos of a room far outside (figures)', async () => {
  const copies: number[] = [];
  const others: number[] = [];
  for (const seed of ROOMS) {
    const set = await labelledSet(seed);
    // As the server hashes: the display image (at most 1,600 px).
    const display = (b: Buffer) =>
      sharp(b).resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
    const base = await photoHash(await display(set.original));
    for (const v of set.variants)
      (v.copy ? copies : others).push(hashDistance(base, await photoHash(await display(v.data))));
  }
  console.log(
    `look-alike figures: copies ${copies.join(', ')} bits apart; others ${others.sort((a, b) => a - b).join(', ')} (threshold ${SIMILAR_BITS} of 128)`,
  );
  expect(Math.max(...copies)).toBeLessThanOrEqual(SIMILAR_BITS / 2);
  expect(Math.min(...others)).toBeGreaterThan(SIMILAR_BITS * 2);
  // Sharp work on every room's whole labelled set, no waiting: CI's Node 24 run, beside the main
  // suite on 2 cores, took it past the default 30 s once (stop 48's second run).
}, 120_000);
