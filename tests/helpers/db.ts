import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type Db, type DialectName } from '../../src/server/db/connect.js';
import { PG_TEMPLATE_SCHEMA, SQLITE_FILE, databaseUrl } from './migrated-templates.js';

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
  /** PostgreSQL: the database's URL and schema (a second app process or pool may open it too). */
  databaseUrl?: string;
  pgSchema?: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test app: a temporary SQLite file, or a PostgreSQL database of
 * its own. Migrated (a copy of the run's migrated template, see migrated-templates.ts) unless
 * `empty`: the tests of migrating itself ask for an empty one. `pgUrl`: a PostgreSQL cluster a
 * fault test starts and stops itself; it has no template, so its database starts empty and the
 * app migrates it.
 */
export async function createTestDb(
  dialect: DialectName,
  options: { empty?: boolean; pgUrl?: string } = {},
): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-test-'));
  if (dialect === 'sqlite') {
    if (!options.empty) copyMigratedSqlite(dataDir);
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
  const url = options.pgUrl ?? inject('pgUrl');
  const empty = options.empty || options.pgUrl !== undefined;
  const template = inject('pgTemplate');
  const name = `${template}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, empty ? `create database ${name}` : `create database ${name} template ${template}`);
  const ownUrl = databaseUrl(url, name);
  if (empty) await adminQuery(ownUrl, `create schema ${PG_TEMPLATE_SCHEMA}`);
  const db = openDatabase({ dataDir, databaseUrl: ownUrl, pgSchema: PG_TEMPLATE_SCHEMA });
  return {
    db,
    dataDir,
    databaseUrl: ownUrl,
    pgSchema: PG_TEMPLATE_SCHEMA,
    async drop() {
      await db.close();
      // DROP DATABASE waits (up to 5 s) for the sessions still ending; a pool a test opened
      // beside the app's and left open would keep the database, so it is then ended by force.
      await adminQuery(url, `drop database ${name}`).catch((error: { code?: string }) => {
        if (error.code !== '55006') throw error;
        return adminQuery(url, `drop database ${name} with (force)`);
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Puts a copy of the run's migrated SQLite file where openDatabase({ dataDir }) opens it. Outside
 * a test run (a bench starting the portal) there is no template: the app migrates the new file itself.
 */
export function copyMigratedSqlite(dataDir: string): void {
  let template: string;
  try {
    template = inject('sqliteTemplate');
  } catch {
    return;
  }
  copyFileSync(template, path.join(dataDir, SQLITE_FILE));
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
