import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables.js';
import { SqliteBooleanPlugin } from './sqlite-booleans.js';
import { withStatementCache } from './statement-cache.js';
import { foldText } from './fold.js';
import type { DialectName } from './dialect-name.js';

export type { DialectName };

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own (NOTIFY sent inside a
   * transaction arrives when it commits). Answers the function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to work in (tests isolate each suite in its own). */
  pgSchema?: string;
  /** SQLite file name under dataDir. */
  sqliteFile?: string;
}

// COUNT(*) and other int8 results arrive as strings from pg; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listen = async (channel: string, onNotify: (payload: string) => void) => {
      const client = new pg.Client({
        connectionString: options.databaseUrl,
        options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
      });
      // A dropped connection only costs the wake-ups: the worker polls anyway.
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload ?? '');
      });
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      return () => client.end().catch(() => undefined);
    };
    return { kysely, dialect: 'postgres', close: () => kysely.destroy(), listen };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'ananas.sqlite3');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // The search folding PostgreSQL writes in SQL (fold.ts); deterministic, so SQLite may index it.
  sqlite.function('ananas_fold', { deterministic: true }, (text: unknown) =>
    text === null || text === undefined ? null : foldText(String(text)),
  );
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
