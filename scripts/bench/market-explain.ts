/**
 * The queries behind each hot read of `npm run bench -- market`, on a market kept by
 * BENCH_MARKET_KEEP=1: each read is asked once in process (app.inject), every statement it sends
 * to PostgreSQL is recorded with its parameters and time, and with BENCH_EXPLAIN=1 each is run
 * again under EXPLAIN (ANALYZE, BUFFERS). Finds the statement a slow read spends its time in.
 *   npx tsx scripts/bench/market-explain.ts [size=10000] [read...]
 * Reads: list, init, search, month, since (default all). BENCH_EXPLAIN_SEARCH: the directory's search
 * text (default 'hotels 4321'; a short word such as 'hotels 5' finds 1,441 candidates).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { issueToken } from '../../src/server/features/auth/sessions.js';
import { readMarket } from './market-seed.js';

interface Recorded {
  text: string;
  values: unknown[];
  ms: number;
}
let recording: Recorded[] | undefined;
// Every statement Kysely sends goes through pg.Client#query: (text, values), or ({ text, values,
// name }) once db/pg-named-statements.ts runs it as a named statement.
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const started = performance.now();
  const result = query.apply(this, args);
  const into = recording;
  const [first, second] = args;
  const named = typeof first === 'object' && first !== null && 'name' in first ? (first as pg.QueryConfig) : undefined;
  const text = typeof first === 'string' ? first : named?.text;
  const values = (typeof first === 'string' ? second : named?.values) as unknown[] | undefined;
  if (into && text !== undefined && result instanceof Promise)
    void result.then(
      () =>
        into.push({
          text: named ? `/* named */ ${text}` : text,
          values: values ?? [],
          ms: performance.now() - started,
        }),
      () => undefined,
    );
  return result;
} as typeof pg.Client.prototype.query;

const size = Number(process.argv[2] ?? 10000);
const only = process.argv.slice(3);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_market_${size}_kept`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-explain-'));
const db = openDatabase({ dataDir, databaseUrl: url, pgSchema: schema });
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANANAS_DEMO: '0' }),
  clientDir: '/nonexistent',
};
const built = await buildApp({ config, db, logger: false, worker: false });
const explainer = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
await explainer.connect();
try {
  const market = await readMarket(built.services);
  const issue = async (id: number) =>
    (await issueToken(built.services, id, { ip: '127.0.0.1', userAgent: 'explain' })).token;
  const operator = market.operators[3]!;
  const opToken = await issue(operator);
  const owned = market.properties[4321 % market.properties.length]!;
  const ownerToken = await issue(owned.account);
  const auth = (t: string) => ({ authorization: `Token ${t}` });
  const ask = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) => {
    const res = await built.app.inject({ method, url, headers, payload: payload as object });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  // A partner key of the operator (the bench gave the first ten a password for the step-up).
  const keyOf = async (): Promise<string> => {
    const t = await issue(market.operators[0]!);
    const post = async (p: string, body: unknown) => {
      let res = await built.app.inject({ method: 'POST', url: p, headers: auth(t), payload: body as object });
      if (res.statusCode === 403) {
        await ask('POST', '/api/auth/step-up/', auth(t), { password: 'Bench-Market-Password-1' });
        res = await built.app.inject({ method: 'POST', url: p, headers: auth(t), payload: body as object });
      }
      if (res.statusCode !== 201) throw new Error(`${p}: ${res.statusCode} ${res.body}`);
      return res.json<{ id: number; token?: string }>();
    };
    const w = await post('/api/settings/whitelist/create/', { name: 'Explain', domain: '127.0.0.1, ::1' });
    const k = await post('/api/settings/api-key/create/', {
      title: 'Explain',
      fact_sheet: true,
      stop_sale: true,
      hotel_photos: true,
      domain: w.id,
    });
    return k.token!;
  };
  const d = new Date(Date.parse(market.stopSaleFrom));
  d.setUTCMonth(d.getUTCMonth() + 2);
  const month = d.toISOString().slice(0, 10);
  const since = new Date(Date.now() - 10 * 86_400_000).toISOString();
  const reads: Record<string, () => Promise<unknown>> = {
    list: () => ask('POST', '/api/partners/partners-properties/?page=2', auth(opToken), { countries: ['ES'] }),
    init: () => ask('GET', `/api/facts/init-facts-info/${owned.id}/`, auth(ownerToken)),
    search: () =>
      ask('POST', '/api/partners/', auth(opToken), { search: process.env.BENCH_EXPLAIN_SEARCH ?? 'hotels 4321' }),
    month: () => ask('GET', `/api/stop-sale/${owned.id}/?date=${month}`, auth(ownerToken)),
    since: async () => {
      const key = await keyOf();
      recording = [];
      return ask('GET', `/api/v1/properties/?updated_since=${encodeURIComponent(since)}`, { 'x-api-key': key });
    },
  };
  for (const [name, read] of Object.entries(reads)) {
    if (only.length && !only.includes(name)) continue;
    await read(); // warm: validators compiled, session cached
    // BENCH_EXPLAIN_REPEAT=n: the read n times more first (run under node --cpu-prof to see its CPU).
    for (let i = 0; i < Number(process.env.BENCH_EXPLAIN_REPEAT ?? 0); i++) await read();
    recording = [];
    const started = performance.now();
    await read();
    const total = performance.now() - started;
    const statements = recording;
    recording = undefined;
    console.log(`\n=== ${name}: ${total.toFixed(1)} ms, ${statements.length} statements`);
    for (const s of statements.sort((a, b) => b.ms - a.ms)) {
      console.log(`\n--- ${s.ms.toFixed(1)} ms: ${s.text}\n    ${JSON.stringify(s.values).slice(0, 300)}`);
      const plain = s.text.replace(/^\/\* named \*\/ /, '');
      if (
        process.env.BENCH_EXPLAIN === '1' &&
        /^\s*select/i.test(plain) &&
        s.ms > Number(process.env.BENCH_EXPLAIN_MS ?? 2)
      ) {
        const { rows } = await explainer.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${plain}`,
          s.values,
        );
        console.log(rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
      }
    }
  }
} finally {
  await explainer.end();
  await built.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
