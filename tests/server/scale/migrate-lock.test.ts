import { expect, it } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.js';
import { openDatabase } from '../../../src/server/db/connect.js';
import { migrations } from '../../../src/server/db/migrations/index.js';
import { createTestDb, describeOn } from '../../helpers/db.js';

for (const dialect of ['postgres'] as const) {
  describeOn(dialect)('migrations when several nodes start together (postgres)', () => {
    it('runs every migration once while the other nodes wait, and all of them start', async () => {
      const t = await createTestDb(dialect, { empty: true });
      // Three "nodes": three pools on one fresh database, migrating at the same moment.
      const nodes = [
        t.db,
        ...[1, 2].map(() => openDatabase({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, pgSchema: t.pgSchema })),
      ];
      try {
        const ran = await Promise.all(nodes.map((n) => migrateToLatest(n.kysely as never)));
        expect(ran.flat().sort()).toEqual(Object.keys(migrations).sort());
        expect(ran.filter((r) => r.length === 0)).toHaveLength(2);
      } finally {
        for (const n of nodes.slice(1)) await n.close();
        await t.drop();
      }
    });
  });
}
