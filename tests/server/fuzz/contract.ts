import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../helpers/app.js';
import type { Operation } from './operations.js';

/**
 * What every answer must be, whatever was sent: never a 5xx; a status the OpenAPI document
 * lists for the operation; a success body valid under the operation's response schema (the
 * project's Ajv 2020); an error body in the DRF-style contract; and after an error, the
 * database exactly as before (nothing stored).
 */
export function problemsOf(t: TestApp, op: Operation, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) return [`answered ${status}: ${res.body.slice(0, 500)}`];
  if (!op.statuses.has(status))
    problems.push(
      `answered ${status}, which openapi.json does not list for ${op.operationId} (${[...op.statuses].join(', ')})`,
    );
  const type = String(res.headers['content-type'] ?? '');
  if (status >= 400) {
    if (!type.startsWith('application/json')) return [...problems, `error ${status} is not JSON (${type})`];
    const why = errorContract(status, res.json(), op.route.errorField);
    if (why) problems.push(`error body not in the contract (${why}): ${res.body.slice(0, 300)}`);
    return problems;
  }
  const declared = op.route.responses[String(status)];
  if (declared?.schema && type.startsWith('application/json')) {
    const validate = t.services.schemas.validator(declared.schema);
    const body = res.json<unknown>();
    const items = declared.list ? (Array.isArray(body) ? body : [Symbol('not a list')]) : [body];
    for (const item of items) {
      if (!validate(item)) {
        problems.push(
          `${status} body does not match ${declared.schema}: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
        );
        break;
      }
    }
  }
  return problems;
}

const isMessages = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m.length > 0);

function isTree(v: unknown, depth = 0): boolean {
  if (!v || typeof v !== 'object' || Array.isArray(v) || depth > 8) return false;
  const entries = Object.entries(v);
  return entries.length > 0 && entries.every(([, x]) => isMessages(x) || isTree(x, depth + 1));
}

/**
 * undefined when the body is a valid error answer for the status. A route with an `errorField`
 * (routes.json) also carries every message flattened into that one text field (not when the
 * request never reached the route: a malformed or unknown address).
 */
export function errorContract(status: number, body: unknown, errorField?: string): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const { [errorField ?? '']: flat, ...b } = body as Record<string, unknown>;
  if (errorField && flat !== undefined && (typeof flat !== 'string' || !flat)) return `${errorField} is not text`;
  if (Object.keys(b).length === 0) return 'empty';
  if ('detail' in b && typeof b.detail !== 'string') return 'detail is not text';
  if (/stack|SQLITE|syntax error|relation "|at .*\.ts:\d+/i.test(JSON.stringify(b))) return 'leaks internals';
  if (status === 400) {
    // {field: [messages]} nested, non_field_errors, rows; or a single detail; two-factor flags.
    for (const [k, v] of Object.entries(b)) {
      if (k === 'detail') continue;
      if (k === 'two_factor_required') {
        if (typeof v !== 'boolean') return 'two_factor_required is not a boolean';
        continue;
      }
      if (!isMessages(v) && !isTree(v)) return `field ${k} is neither messages nor nested errors`;
    }
    return undefined;
  }
  if (typeof b.detail !== 'string' || !b.detail) return `${status} without a detail`;
  if (status === 429 && typeof b.ban_ends_at !== 'string') return '429 without ban_ends_at';
  return undefined;
}

/**
 * A digest of every table's rows, to prove a refused request stored nothing. Left out: what a
 * refused request legitimately writes (sign-in throttling, failed sign-ins in the trail, the
 * session's last use) and the migration bookkeeping. One statement for all tables (the database
 * hashes on PostgreSQL): the suite takes a digest after every refused request, several thousand a
 * run, and one query per table made this the fuzz suite's main cost.
 */
export async function fingerprint(t: TestApp): Promise<Map<string, string>> {
  const db = t.testDb.db.kysely;
  let query = digestQueries.get(t);
  if (!query) {
    query = t.testDb.db.dialect === 'sqlite' ? await sqliteDigestQuery(t) : await postgresDigestQuery(t);
    digestQueries.set(t, query);
  }
  const rows = (await sql<{ name: string; digest: string | null }>`${sql.raw(query)}`.execute(db)).rows;
  const out = new Map<string, string>();
  for (const { name, digest } of rows)
    // SQLite answers the rows' text (hashed here), PostgreSQL the md5 of it.
    out.set(
      name,
      t.testDb.db.dialect === 'sqlite'
        ? createHash('sha256')
            .update(digest ?? '')
            .digest('hex')
        : (digest ?? ''),
    );
  return out;
}

/** The digest statement per test app: the tables (and SQLite's columns) do not change during a run. */
const digestQueries = new WeakMap<TestApp, string>();

/** The counter of committed writes (changeCounter below), a table of its own that no digest reads. */
const CHANGES = 'fuzz_changes';
const left = (table: string) => table.startsWith('kysely_') || table === 'login_throttle' || table === CHANGES;

/**
 * The database's digest, read again only when something was written since the last one. A digest
 * reads every table: after each of the suite's refused requests, that read was most of the suite's
 * time (on PostgreSQL the server's CPU; the suite's own was a fifth of its wall time). A trigger on
 * every table counts the statements that write (auth_tokens: not those that only touch its
 * `last_used_at`, which the digest leaves out too); a write rolled back takes its count with it.
 * So an unchanged count means an unchanged digest, and a changed one reads it again: the check is
 * as exact as before.
 */
export function digestOf(t: TestApp): () => Promise<Map<string, string>> {
  let counted: Promise<void> | undefined;
  let last: { count: number; digest: Map<string, string> } | undefined;
  return async () => {
    counted ??= installChangeCounter(t);
    await counted;
    const count = await changeCount(t);
    if (last?.count === count) return last.digest;
    const digest = await fingerprint(t);
    last = { count, digest };
    return digest;
  };
}

async function changeCount(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select n from ${sql.table(CHANGES)}`.execute(t.testDb.db.kysely);
  return Number(rows[0]!.n);
}

/** The columns of each table the digest reads (not those it leaves out), by table. */
async function digestedColumns(t: TestApp): Promise<Map<string, string[]>> {
  const db = t.testDb.db.kysely;
  const rows =
    t.testDb.db.dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
            col: string;
          }>`select m.name as name, p.name as col from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%' order by m.name, p.cid`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
            col: string;
          }>`select c.table_name as name, c.column_name as col from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`.execute(
            db,
          )
        ).rows;
  const byTable = new Map<string, string[]>();
  for (const { name, col } of rows) {
    if (left(name)) continue;
    const cols = byTable.get(name) ?? byTable.set(name, []).get(name)!;
    if (!(name === 'auth_tokens' && col === 'last_used_at')) cols.push(col);
  }
  return byTable;
}

async function installChangeCounter(t: TestApp): Promise<void> {
  const db = t.testDb.db.kysely;
  const run = (statement: string) => sql.raw(statement).execute(db);
  const tables = await digestedColumns(t);
  await run(`create table ${CHANGES} (n bigint not null)`);
  await run(`insert into ${CHANGES} values (0)`);
  const bump = `update ${CHANGES} set n = n + 1`;
  if (t.testDb.db.dialect === 'sqlite') {
    // Per row: SQLite has no statement triggers.
    for (const [table, cols] of tables)
      for (const [event, on] of [
        ['insert', 'insert'],
        ['delete', 'delete'],
        ['update', `update of ${cols.map(quote).join(', ')}`],
      ] as const)
        await run(
          `create trigger ${quote(`fuzz_${event}_${table}`)} after ${on} on ${quote(table)} begin ${bump}; end`,
        );
    return;
  }
  await run(`create function fuzz_bump() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`);
  for (const [table, cols] of tables) {
    await run(
      `create trigger fuzz_writes after insert or delete or truncate on ${quote(table)} for each statement execute function fuzz_bump()`,
    );
    await run(
      `create trigger fuzz_updates after update of ${cols.map(quote).join(', ')} on ${quote(table)} for each statement execute function fuzz_bump()`,
    );
  }
}
/** Rows a refused request may add: failed sign-ins in the trail. */
const rowFilter = (table: string) => (table === 'audit_events' ? ` where "kind" is distinct from 'sign-in'` : '');
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const text = (name: string) => `'${name.replace(/'/g, "''")}'`;

async function postgresDigestQuery(t: TestApp): Promise<string> {
  const tables = (
    await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
      t.testDb.db.kysely,
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !left(name))
    .sort();
  return tables
    .map((table) => {
      // The session's last use changes on every call that carries a token.
      const row = table === 'auth_tokens' ? `(to_jsonb(r) - 'last_used_at')::text` : 'to_jsonb(r)::text';
      return `select ${text(table)} as name, md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as digest from ${quote(table)} r${rowFilter(table)}`;
    })
    .join('\nunion all\n');
}

async function sqliteDigestQuery(t: TestApp): Promise<string> {
  const byTable = await digestedColumns(t);
  return [...byTable]
    .map(([table, cols]) => {
      const row = `json_object(${cols.map((c) => `${text(c)}, ${quote(c)}`).join(', ')})`;
      return `select ${text(table)} as name, group_concat(${row}, char(10) order by ${row}) as digest from ${quote(table)}${rowFilter(table)}`;
    })
    .join('\nunion all\n');
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n));
}
