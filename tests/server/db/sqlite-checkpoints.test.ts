import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/connect.js';

/**
 * SQLite's WAL is checkpointed by the checkpoint thread once the database is idle, not inside a
 * commit (issue 39: a 50-room save paid for the checkpoint of the saves before it). The database
 * file grows only when a checkpoint copies the WAL's pages into it, which shows who ran one.
 */
describe('SQLite checkpoints (sqlite)', () => {
  const dirs: string[] = [];
  const open = (idleMs: number): { db: Db; file: string } => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-checkpoints-'));
    dirs.push(dataDir);
    const db = openDatabase({ dataDir, checkpoints: { idleMs, autocheckpointPages: 10_000 } });
    return { db, file: path.join(dataDir, 'ananas.sqlite3') };
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const writeMegabytes = async (db: Db, mb: number) => {
    await sql`create table t (x text)`.execute(db.kysely);
    for (let i = 0; i < mb * 4; i++) await sql`insert into t values (${'x'.repeat(250_000)})`.execute(db.kysely);
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
  /** The database file's size once it has grown past `bytes` (the thread ran), or after 10 s (a busy machine). */
  const grown = async (file: string, bytes: number) => {
    for (let waited = 0; statSync(file).size <= bytes && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return statSync(file).size;
  };

  it('a commit leaves the WAL as it is; once idle, the thread copies it into the database', async () => {
    const { db, file } = open(50);
    await writeMegabytes(db, 3);
    // SQLite's own checkpoint (10,000 pages, 40 MB) did not run inside any of the commits.
    expect(statSync(file).size).toBeLessThan(1_000_000);
    expect(await grown(file, 3_000_000)).toBeGreaterThan(3_000_000);
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely);
    expect(rows.rows[0]!.n).toBe(12);
    await db.close();
    // The last connection closed: the WAL is gone (the thread let go of the file first).
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('SQLITE_CHECKPOINT_IDLE_SECONDS=0 leaves checkpoints to SQLite alone', async () => {
    const { db, file } = open(0);
    await writeMegabytes(db, 3);
    await settle();
    expect(statSync(file).size).toBeLessThan(1_000_000);
    await db.close();
  });
});
