import type { Compilable, Kysely, QueryResult } from 'kysely';

/**
 * A query built and compiled once, run with new parameters: hot paths (token lookup, property
 * scope) skip Kysely's per-call building and compiling. `build` receives placeholder values whose
 * order must match the parameters passed to the returned function.
 */
export function prepared<DB, Row, P extends unknown[]>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...placeholders: P) => Compilable<Row>,
  placeholders: P,
): (...params: P) => Promise<Row[]> {
  let compiled: ReturnType<Compilable<Row>['compile']> | undefined;
  return async (...params) => {
    compiled ??= build(db, ...placeholders).compile();
    if (compiled.parameters.length !== params.length)
      throw new Error('prepared query: parameter count differs from its placeholders');
    const result: QueryResult<Row> = await db.executeQuery({ ...compiled, parameters: params });
    return result.rows;
  };
}
