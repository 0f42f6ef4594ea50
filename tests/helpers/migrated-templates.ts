import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';

/**
 * Every migration, run once per database kind per test run (the global set-up), instead of once
 * per test app: each app then starts on a copy. SQLite: a migrated file that each test database
 * copies. PostgreSQL: a migrated database that each test database is created from
 * (`CREATE DATABASE ... TEMPLATE`, tens of milliseconds where running the migrations takes half
 * a second). The migrations themselves stay tested: the template is made by them, and
 * tests/server/scale/migrate-lock.test.ts and tests/server/db/ migrate empty databases.
 */

/** The file name openDatabase uses under a data folder. */
export const SQLITE_FILE = 'ananas.sqlite3';

/** The schema of the PostgreSQL template (and so of every copy). */
export const PG_TEMPLATE_SCHEMA = 'ananas';

/** The URL of `database` on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A migrated SQLite file in a folder of its own; answers its path and how to remove it. */
export async function migratedSqliteTemplate(): Promise<{ file: string; remove(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ananas-template-'));
  const db = openDatabase({ dataDir: dir });
  try {
    await migrateToLatest(db.kysely as never);
  } finally {
    // Closing checkpoints the write-ahead log into the file: a copy of the file alone is whole.
    await db.close();
  }
  return { file: path.join(dir, SQLITE_FILE), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated PostgreSQL database named after this run; `remove` drops it and every copy made
 * from it (copies are named after it, so a crashed worker's copies go too, and never another
 * run's).
 */
export async function migratedPgTemplate(url: string): Promise<{ name: string; remove(): Promise<void> }> {
  const name = `ananas_tmpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(url, (c) => c.query(`create database ${name}`));
  const remove = async () => {
    await admin(url, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where left(datname, length($1)) = $1 order by datname = $1`,
        [name],
      );
      for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
    });
  };
  try {
    const templateUrl = databaseUrl(url, name);
    await admin(templateUrl, (c) => c.query(`create schema ${PG_TEMPLATE_SCHEMA}`));
    const db = openDatabase({ dataDir: os.tmpdir(), databaseUrl: templateUrl, pgSchema: PG_TEMPLATE_SCHEMA });
    try {
      await migrateToLatest(db.kysely as never);
    } finally {
      await db.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { name, remove };
}
