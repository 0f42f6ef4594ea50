import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { sweepOrphanFiles } from '../../../src/server/features/photos/orphans.js';
import { file, jpeg, uploaded } from '../../helpers/fixtures/uploaded-photos.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`files a killed process left without their rows are removed (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let hotel: number;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      hotel = (await createProperty(t, owner.token)).id;
    });
    afterAll(() => t.stop());

    const onDisk = (key: string) => existsSync(path.join(t.testDb.dataDir, 'files', key));
    /** What an upload writes before its transaction: three files under server-made names. */
    async function leftBehind(stem: string, ageMs = 0): Promise<string[]> {
      const keys = [
        `properties/${hotel}/photos/${stem}-original.jpg`,
        `properties/${hotel}/photos/${stem}-display.jpg`,
        `properties/${hotel}/photos/${stem}-thumbnail.jpg`,
      ];
      for (const key of keys) {
        await t.services.storage.put(key, Buffer.from('jpeg bytes'));
        if (ageMs) {
          const when = new Date(Date.now() - ageMs);
          utimesSync(path.join(t.testDb.dataDir, 'files', key), when, when);
        }
      }
      return keys;
    }

    it('at the next start, keeping every file a row refers to and every file the server did not name', async () => {
      const [photo] = await uploaded(t, owner.token, hotel, [file(await jpeg(), 'kept.jpg')]);
      const row = await t.testDb.db.kysely
        .selectFrom('photos')
        .selectAll()
        .where('id', '=', photo!.id)
        .executeTakeFirstOrThrow();
      const kept = [row.original_key, row.display_key, row.thumbnail_key];
      const fresh = await leftBehind('aaaaaaaaaaaaaaaaaaaaaaaa');
      const old = await leftBehind('bbbbbbbbbbbbbbbbbbbbbbbb', 2 * 3600_000);
      const oldLogo = `properties/${hotel}/logo-cccccccccccccccc.png`;
      await t.services.storage.put(oldLogo, Buffer.from('png'));
      const foreign = `properties/${hotel}/exports/fact-sheet.pdf`;
      await t.services.storage.put(foreign, Buffer.from('pdf'));

      const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir: t.testDb.dataDir, clientDir: '/nonexistent' };
      const restarted = await buildApp({ config, db: t.testDb.db, clock: t.clock, mailer: t.mail, logger: false });
      await restarted.close();

      for (const key of kept) expect(onDisk(key), key).toBe(true);
      for (const key of old) expect(onDisk(key), key).toBe(false);
      expect(onDisk(foreign)).toBe(true);
      // SQLite: one process owns the data folder, so nothing is in flight at start and every
      // orphan goes. PostgreSQL: another server may be uploading, so young files wait for the
      // hourly sweep; the logo written just now likewise.
      for (const key of fresh) expect(onDisk(key), key).toBe(dialect !== 'sqlite');
      expect(onDisk(oldLogo)).toBe(dialect !== 'sqlite');
      // The gallery still shows the kept photo.
      const image = await t.api('GET', `/api/facts/property/${hotel}/gallery/${photo!.id}/thumbnail/`, {
        token: owner.token,
      });
      expect(image.statusCode).toBe(200);
    });

    it('the periodic sweep removes orphans older than the grace period only', async () => {
      const young = await leftBehind('dddddddddddddddddddddddd');
      const old = await leftBehind('eeeeeeeeeeeeeeeeeeeeeeee', 20 * 60_000);
      const removed = await sweepOrphanFiles(t.services);
      expect(removed.sort()).toEqual([...old].sort());
      for (const key of young) expect(onDisk(key)).toBe(true);
      expect(await sweepOrphanFiles(t.services, 0)).toEqual(expect.arrayContaining(young));
    });
  });
}
