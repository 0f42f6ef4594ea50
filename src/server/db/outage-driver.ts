import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { DependencyUnavailable, isNetworkError } from '../plugins/outage.js';

/**
 * SQLSTATEs of a server that is going away or not there yet: connection exceptions (class 08),
 * admin / crash shutdown and "starting up" (57P01-57P03), too many connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** What node-postgres and pg-pool say when a connection broke or none could be had in time. */
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout)/;

/** Whether a PostgreSQL error means the database is unreachable (not a bad statement or a conflict). */
export function isPostgresOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (isNetworkError(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_STATES.test(code)) return true;
  return CONNECTION_LOST.test(error.message);
}

const tag = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (e) {
    throw isPostgresOutage(e) ? new DependencyUnavailable('database', e) : e;
  }
};

/**
 * The PostgreSQL dialect with its outage errors as DependencyUnavailable (cause kept), every
 * other error as it was (a unique violation must keep its SQLSTATE for db/unique.ts): whatever
 * runs a query, a request or a job, learns the database is away by one type, wherever it asks.
 */
export class OutageTaggingDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}

  createDriver(): Driver {
    return new OutageTaggingDriver(this.inner.createDriver());
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

class TaggedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return tag(this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (e) {
      throw isPostgresOutage(e) ? new DependencyUnavailable('database', e) : e;
    }
  }
}

type Compile = QueryCompiler['compileQuery'];

class OutageTaggingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return tag(this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TaggedConnection(await tag(this.inner.acquireConnection()));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return tag(this.inner.beginTransaction(unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return tag(this.inner.commitTransaction(unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return tag(this.inner.rollbackTransaction(unwrap(connection)));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await tag(this.inner.savepoint!(unwrap(connection), name, compile));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await tag(this.inner.rollbackToSavepoint!(unwrap(connection), name, compile));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await tag(this.inner.releaseSavepoint!(unwrap(connection), name, compile));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof TaggedConnection ? connection.inner : connection;
