import type pg from 'pg';

/**
 * PostgreSQL parses, analyses and plans every unnamed statement again; for the app's small reads
 * that is often more of the database's CPU than running them (the fact-sheet list's page: 1.2 ms
 * of planning for 2.4 of execution). Kysely sends unnamed statements, so each pooled connection
 * here sends the texts it sends often as named (server-side prepared) statements: parsed once per
 * connection, and after five runs the server may keep a generic plan when it costs no more than
 * the custom ones. Measured at 50 connections on the 10,000-hotel market: the database's CPU per
 * fact-sheet list 3.7 -> 2.6 ms, per `updated_since` list 2.4 -> 1.9.
 *
 * As Npgsql's automatic preparation does: a text is named from its second run on a connection, and
 * a connection keeps at most `limit` of them, the least recently run given up (DEALLOCATE) for a
 * new one. A kept statement holds backend memory: 64 KB for a three-table read with a subquery.
 *
 * What is always left unnamed:
 * - a statement with a LIKE pattern: how many rows a pattern matches depends on its text, and the
 *   directory search's generic plan tripled the database's CPU per search;
 * - one with more than `MAX_PARAMETERS` parameters (long `in` lists, bulk inserts: a text rarely
 *   run twice), and anything not a plain query (DDL, `set`, transaction control).
 */
const MAX_PARAMETERS = 64;
/** Statements a connection keeps by default: at most 6.4 MB of its backend's memory for reads as above. */
export const DEFAULT_PREPARED_STATEMENTS = 100;
/** Texts run once that a connection remembers, to name them on their second run. */
const SEEN_ONCE = 1_000;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const PATTERN = /\b(i?like)\b/i;
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b(?!\s+to\b)/i;

/**
 * The server's refusal to run a prepared statement whose columns a schema change altered
 * ("cached plan must not change result type"): by its SQLSTATE, as the message may be translated.
 * Any other refusal of that class comes back again when the statement runs unnamed.
 */
const RESULT_TYPE_CHANGED = '0A000';

type QueryFn = (...args: unknown[]) => unknown;

/** node-postgres's record of the statements a connection has parsed (not a public API: used if there). */
interface ParsedStatements {
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * Makes `client` send the texts it runs often as named statements (at most `limit` at a time).
 * Called once per new pooled connection.
 */
export function nameStatements(client: pg.PoolClient | pg.Client, limit: number): void {
  if (limit <= 0) return;
  const send = client.query.bind(client) as QueryFn;
  /** Named texts, least recently run first. */
  const names = new Map<string, string>();
  const seen = new Set<string>();
  let made = 0;
  let inTransaction = false;
  /** Names refused inside a transaction: a failed transaction refuses DEALLOCATE, so it waits for the next statement outside one. */
  const stale: string[] = [];

  const forget = (text: string, name: string) => {
    names.delete(text);
    delete (client as ParsedStatements).connection?.parsedStatements?.[name];
  };
  /** Forgotten here and given up on the server (queued before the statement that needs the room). */
  const deallocate = (name: string) => {
    (send(`deallocate ${name}`) as Promise<unknown>).catch(() => {
      // The connection broke: its statements went with it.
    });
  };
  const drop = (text: string, name: string) => {
    forget(text, name);
    deallocate(name);
  };
  /** A name for `text`, or undefined to send it unnamed. */
  const nameOf = (text: string, parameters: number): string | undefined => {
    const name = names.get(text);
    if (name !== undefined) {
      names.delete(text);
      names.set(text, name);
      return name;
    }
    if (parameters > MAX_PARAMETERS || !NAMEABLE.test(text) || PATTERN.test(text)) return undefined;
    if (!seen.has(text)) {
      if (seen.size >= SEEN_ONCE) seen.clear();
      seen.add(text);
      return undefined;
    }
    if (names.size >= limit) {
      // A failed transaction would refuse the DEALLOCATE: room is made between transactions only.
      if (inTransaction) return undefined;
      const [oldText, oldName] = names.entries().next().value!;
      drop(oldText, oldName);
    }
    seen.delete(text);
    const fresh = `ananas_${++made}`;
    names.set(text, fresh);
    return fresh;
  };
  const run = async (text: string, values: unknown[], name: string): Promise<unknown> => {
    try {
      return await (send({ text, values, name }) as Promise<unknown>);
    } catch (e) {
      // A column added or dropped under a connection's statement (another node's migration during
      // a rolling deploy): the statement is given up; outside a transaction it runs again
      // unnamed now, inside one the transaction has failed and its next run gets a new name.
      if ((e as { code?: unknown } | null)?.code !== RESULT_TYPE_CHANGED) throw e;
      seen.add(text);
      if (inTransaction) {
        forget(text, name);
        stale.push(name);
        throw e;
      }
      drop(text, name);
      return send(text, values);
    }
  };
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) return send(...args);
    if (TRANSACTION_START.test(text)) inTransaction = true;
    else if (TRANSACTION_END.test(text)) inTransaction = false;
    const name = nameOf(text, values.length);
    const answer = name === undefined ? send(text, values) : run(text, values, name);
    // Queued after this statement: after the ROLLBACK that ends a failed transaction, not before it.
    if (stale.length && !inTransaction) for (const old of stale.splice(0)) deallocate(old);
    return answer;
  };
}
