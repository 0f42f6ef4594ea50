/**
 * Photos uploaded before migration 0043 have no perceptual hash, so a look-alike uploaded later
 * was never flagged with them (issue 40 §4). The background walk (photos/hash-backfill.ts, the
 * job queue) hashes them a bounded batch at a time; then a re-encoded copy is flagged with the old
 * photo. A photo whose file is gone is left behind without stopping the walk. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { file, uploaded } from '../../helpers/fixtures/uploaded-photos.js';
import { labelledSet } from '../../helpers/fixtures/look-alike-photos.js';
import { HASH_BACKFILL_QUEUE, hashMissing, scheduleHashBackfill } from '../../../src/server/features/photos/index.js';

for (const dialect of dialects()) {
  describe(`hash backfill (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const db = () => t.services.db.kysely;
    const hashes = async (ids: number[]) =>
      new Map(
        (await db().selectFrom('photos').select(['id', 'phash']).where('id', 'in', ids).execute()).map((r) => [
          r.id,
          r.phash,
        ]),
      );
    /** As before migration 0043: no hash. */
    const forget = (ids: number[]) => db().updateTable('photos').set({ phash: null }).where('id', 'in', ids).execute();

    it('hashes old photos in bounded batches, and a copy uploaded after is flagged with the old photo', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const pool = await labelledSet(3);
      const others = await Promise.all([11, 12, 13].map(async (s) => (await labelledSet(s)).original));
      const old = await uploaded(t, a.token, p.id, [
        file(pool.original, 'pool.jpg'),
        ...others.map((o, i) => file(o, `room ${i}.jpg`)),
      ]);
      const ids = old.map((x) => x.id);
      const asUploaded = await hashes(ids);
      await forget(ids);

      // Without the hash, a resized re-encode of the pool is not recognised (what the walk fixes).
      const copy = await sharp(pool.original).resize(1000).jpeg({ quality: 70 }).toBuffer();
      const [missed] = await uploaded(t, a.token, p.id, [file(copy, 'pool again.jpg')]);
      expect(missed!.similar_to).toBeNull();
      await t.api('DELETE', `/api/facts/property/gallery/${p.id}/${missed!.id}/delete/`, { token: a.token });

      // One batch reads at most its limit, and says where the next goes on.
      const first = await hashMissing(t.services, 0, 3);
      expect(first).toEqual({ hashed: 3, last: ids[2] });
      expect([...(await hashes(ids)).values()].filter((h) => h === null)).toHaveLength(1);

      // The walk through the job queue, three photos a job: two jobs, the same hashes as at upload.
      await forget(ids);
      await scheduleHashBackfill(t.services, 3);
      await t.services.jobs.runDue();
      expect(await hashes(ids)).toEqual(asUploaded);
      const jobs = await db()
        .selectFrom('jobs')
        .select(['state', 'result'])
        .where('queue', '=', HASH_BACKFILL_QUEUE)
        .orderBy('id')
        .execute();
      expect(jobs.map((j) => [j.state, JSON.parse(j.result!)])).toEqual([
        ['done', { hashed: 3, next: ids[2] }],
        ['done', { hashed: 1, next: null }],
      ]);
      for (const h of asUploaded.values()) expect(h).toMatch(/^[0-9a-f]{32}$/);

      const [found] = await uploaded(t, a.token, p.id, [file(copy, 'pool copy.jpg')]);
      expect(found!.similar_to).toBe(ids[0]);
    });

    it('leaves a photo whose file is gone without a hash and goes on with the next', async () => {
      const a = await signUp(t);
      const p = await createProperty(t, a.token);
      const images = await Promise.all([21, 22].map(async (s) => (await labelledSet(s)).original));
      const photos = await uploaded(t, a.token, p.id, [file(images[0]!, 'lost.jpg'), file(images[1]!, 'kept.jpg')]);
      const [lost, kept] = photos.map((x) => x.id);
      const row = await db()
        .selectFrom('photos')
        .select('display_key')
        .where('id', '=', lost!)
        .executeTakeFirstOrThrow();
      await t.services.storage.remove(row.display_key);
      await forget([lost!, kept!]);

      const done = await hashMissing(t.services, lost! - 1, 2);
      expect(done).toEqual({ hashed: 1, last: kept });
      const after = await hashes([lost!, kept!]);
      expect(after.get(lost!)).toBeNull();
      expect(after.get(kept!)).toMatch(/^[0-9a-f]{32}$/);
      // A walk from there on finds nothing more to read.
      expect(await hashMissing(t.services, kept!, 2)).toEqual({ hashed: 0, last: null });
    });
  });
}
