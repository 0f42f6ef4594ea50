import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connect.js';
import { migrateToLatest } from '../../../src/server/db/migrate.js';

/**
 * Migrations on a PostgreSQL server shared with other processes that make and drop schemas
 * (parallel test files, benches): the migrator must look at its own schema only. Kysely's
 * default introspector read every schema and failed with 'schema "..." does not exist' when one
 * was dropped mid-query.
 */
describe.skipIf(!inject('pgUrl'))('migrations on a shared PostgreSQL server', () => {
  it('succeed while other schemas come and go', async () => {
    const url = inject('pgUrl');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const tag = `churn_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    let stop = false;
    // Schemas with tables (serial columns, as ours), created and dropped as fast as the server goes.
    const churn = (async () => {
      for (let i = 0; !stop; i++) {
        const s = `${tag}_${i}`;
        await admin.query(`create schema ${s}; create table ${s}.t (id serial primary key, v text)`);
        await admin.query(`drop schema ${s} cascade`);
      }
    })();
    const schemas: string[] = [];
    try {
      for (let round = 0; round < 6; round++) {
        const schema = `${tag}_m${round}`;
        schemas.push(schema);
        await admin.query(`create schema ${schema}`);
        const db = openDatabase({ dataDir: '/nonexistent', databaseUrl: url, pgSchema: schema });
        try {
          const applied = await migrateToLatest(db.kysely as never);
          expect(applied.length).toBeGreaterThan(5);
        } finally {
          await db.close();
        }
      }
    } finally {
      stop = true;
      await churn;
      for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade`);
      await admin.end();
    }
  }, 120_000);
});
