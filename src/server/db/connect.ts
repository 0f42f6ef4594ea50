import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './tables.js';
import { SqliteBooleanPlugin } from './sqlite-booleans.js';
import { withStatementCache } from './statement-cache.js';
import { TableWrites } from './table-writes.js';
import { foldText } from './fold.js';
import type { DialectName } from './dialect-name.js';
import { OutageTaggingDialect } from './outage-driver.js';
import { DEFAULT_CHECKPOINTS, idleCheckpoints, type CheckpointSettings } from './sqlite-checkpoints.js';
import { pgListen } from './pg-listen.js';
import { DEFAULT_PREPARED_STATEMENTS, nameStatements } from './pg-named-statements.js';

export type { DialectName };

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own (NOTIFY sent inside a
   * transaction arrives when it commits). The connection comes back by itself when it drops (the
   * database restarted): `onReconnect` is called then, since notifications sent meanwhile are lost.
   * Answers the function that stops listening.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * SQLite only: this process is the database's only writer, so a cache may trust a copy until a
   * statement writes one of its tables (table-writes.ts). Absent on PostgreSQL, where other nodes write.
   */
  writes?: TableWrites;
  /** Where lost connections and reconnections are written (PostgreSQL; silent until set). */
  watch?(log: FastifyBaseLogger): void;
}

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to work in (tests isolate each suite in its own). */
  pgSchema?: string;
  /** SQLite file name under dataDir. */
  sqliteFile?: string;
  /**
   * PostgreSQL: how long a query waits for a connection (a new one to open, or a busy pool to free
   * one) before it fails as "database unavailable" (DATABASE_CONNECT_TIMEOUT_SECONDS; default 10 s).
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: how many named (prepared) statements each pooled connection keeps
   * (PG_PREPARED_STATEMENTS; default 250; 0 sends every statement unnamed, as a transaction-pooling
   * proxy needs). pg-named-statements.ts.
   */
  preparedStatements?: number;
  /** SQLite: when the WAL is checkpointed (sqlite-checkpoints.ts). */
  checkpoints?: CheckpointSettings;
}

// COUNT(*) and other int8 results arrive as strings from pg; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openSqlite(options);
}

function openPostgres(databaseUrl: string, options: DbOptions): Db {
  let log: Pick<FastifyBaseLogger, 'warn' | 'info'> | undefined;
  const searchPath = options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: searchPath,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    // A connection whose server vanished without a word (a dead host) is noticed by TCP, not never.
    keepAlive: true,
  });
  // A database restart breaks every open connection at once. pg reports it as an 'error' event on
  // each client (idle in the pool, or checked out between two queries); an event nobody listens to
  // would end the process. The pool drops such clients and opens new ones on the next query, so
  // noting it is all there is to do; the queries that were running fail as DependencyUnavailable.
  let lostAt = 0;
  const lost = (err: Error) => {
    if (Date.now() - lostAt < 10_000) return;
    lostAt = Date.now();
    log?.warn({ cause: err.message }, 'database connection lost; the pool reconnects on the next query');
  };
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    nameStatements(client, options.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS);
  });
  const kysely = new Kysely<Database>({ dialect: new OutageTaggingDialect(new PostgresDialect({ pool })) });

  const listen = pgListen(databaseUrl, searchPath, () => log);
  return {
    kysely,
    dialect: 'postgres',
    close: () => kysely.destroy(),
    listen,
    watch(logger) {
      log = logger;
    },
  };
}

function openSqlite(options: DbOptions): Db {
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
  const writes = new TableWrites();
  const checkpoints = idleCheckpoints(sqlite, options.checkpoints ?? DEFAULT_CHECKPOINTS);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, 1000, writes, checkpoints.touched) }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return {
    kysely,
    dialect: 'sqlite',
    writes,
    close: async () => {
      await checkpoints.stop();
      await kysely.destroy();
    },
  };
}
