import {
  PostgresQueryCompiler,
  SqliteQueryCompiler,
  type CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DialectName } from '../../src/server/db/connect.js';

/**
 * Watches the statements the app sends (a Kysely plugin on its database handle: startTestApp's
 * `plugins`): `during(fn)` answers every statement compiled while fn ran, as the dialect sends it.
 */
export class Statements implements KyselyPlugin {
  readonly #compiler: PostgresQueryCompiler | SqliteQueryCompiler;
  #seen: CompiledQuery[] | undefined;

  constructor(dialect: DialectName) {
    this.#compiler = dialect === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler();
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#seen?.push(this.#compiler.compileQuery(args.node, args.queryId));
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }

  async during<T>(fn: () => Promise<T>): Promise<{ result: T; statements: CompiledQuery[] }> {
    const seen: CompiledQuery[] = [];
    this.#seen = seen;
    try {
      return { result: await fn(), statements: seen };
    } finally {
      this.#seen = undefined;
    }
  }
}
