import pg from 'pg';
import { inject } from 'vitest';

/** A schema of its own in the test database for a real server process, and its DATABASE_URL. */
export interface ProcessSchema {
  databaseUrl: string;
  drop(): Promise<void>;
}

async function run(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<pid>_<random>`; the process finds its tables there through search_path. */
export async function createProcessSchema(prefix: string): Promise<ProcessSchema> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await run(`create schema ${name}`);
  return {
    databaseUrl: `${inject('pgUrl')}?options=${encodeURIComponent(`-c search_path=${name}`)}`,
    drop: () => run(`drop schema ${name} cascade`),
  };
}
