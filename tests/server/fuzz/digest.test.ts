import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { changedTables, digestOf } from './contract.js';
import { World } from './world.js';

/**
 * The fuzz suite's "a refused request changed nothing" rests on digestOf: it reads the database
 * again only when a trigger counted a committed write. Were a write missed, the suite would pass
 * requests that change the database; these cases show it is not.
 */
for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the fuzz suite's database digest (${dialect})`, () => {
    let t: TestApp;
    let digest: () => Promise<Map<string, string>>;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      await new World(t).setUp();
      digest = digestOf(t);
    });
    afterAll(() => t?.stop());
    const db = () => t.testDb.db.kysely;
    const firstUser = async () =>
      (await db().selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

    it('is read once while nothing is written, and names the table a committed write changed', async () => {
      const before = await digest();
      expect(before.size).toBeGreaterThan(50);
      // Nothing written: the same digest, not read again.
      expect(await digest()).toBe(before);
      const id = await firstUser();
      await db().updateTable('users').set({ first_name: 'Renamed by the digest test' }).where('id', '=', id).execute();
      const after = await digest();
      expect(changedTables(before, after)).toContain('users');
      await sql`delete from ${sql.table('auth_tokens')} where user_id = ${id}`.execute(db());
      expect(changedTables(after, await digest())).toContain('auth_tokens');
    });

    it('sees no change in a write rolled back, nor in a session’s last use, which the digest leaves out', async () => {
      const before = await digest();
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable('users').set({ first_name: 'Never kept' }).execute();
            throw new Error('rolled back');
          }),
      ).rejects.toThrow('rolled back');
      await db().updateTable('auth_tokens').set({ last_used_at: new Date().toISOString() }).execute();
      expect(await digest()).toBe(before);
    });
  });
}
