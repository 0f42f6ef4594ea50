import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type Db, type DialectName } from '../../src/server/db/connect.js';

/** The dialects this run covers: SQLite always, PostgreSQL when reachable (global setup decides). */
export function dialects(): DialectName[] {
  return inject('pgUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Every dialect a server test is written for, whether this run reaches it or not. */
export const ALL_DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];

/** Why a suite of `store` does not run here. */
export const NOT_REACHED = {
  get postgres(): string {
    return `PostgreSQL ${inject('pgSkipped')}`;
  },
} as Readonly<Record<string, string>>;

/**
 * `describe` for a dialect this run reaches, else `describe.skip` with the reason in its name:
 * without PostgreSQL its variants are reported as skipped (counted and named), never dropped.
 */
export function describeOn(dialect: DialectName): (name: string, fn: () => void) => void {
  if (dialects().includes(dialect)) return (name, fn) => describe(name, fn);
  return (name, fn) => describe.skip(`${name} [${NOT_REACHED[dialect]}]`, fn);
}

export interface TestDb {
  db: Db;
  dataDir: string;
  /** PostgreSQL: the schema of this database (a second app process may open it too). */
  pgSchema?: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a temporary SQLite file, or a PostgreSQL schema of its own. */
export async function createTestDb(dialect: DialectName): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-test-'));
  if (dialect === 'sqlite') {
    const db = openDatabase({ dataDir });
    return {
      db,
      dataDir,
      async drop() {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = inject('pgUrl');
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = openDatabase({ dataDir, databaseUrl: url, pgSchema: schema });
  return {
    db,
    dataDir,
    pgSchema: schema,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
