/**
 * npm run bench -- market: a market generated into PostgreSQL (BENCH_MARKET_SIZES hotels, default
 * 1000; e.g. 1000,10000), then the reads of issue 18 at 50 connections against 1 node and 2
 * nodes (real processes of src/server/main.ts sharing the database and Redis), with p50, p99 and
 * throughput. With 2 nodes each node takes 25 of the 50 connections: throughput is the sum, p50
 * and p99 the worse node's. The partner API's key limit is lifted (API_KEY_CALLS_PER_MINUTE): the
 * bench measures the answer, not the refusal. BENCH_DATABASE_URL / BENCH_REDIS_URL choose the servers.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { issueToken } from '../../src/server/features/auth/sessions.js';
import { hashPassword } from '../../src/server/features/auth/passwords.js';
import { generateMarket, random, readMarket } from './market-seed.js';
import {
  cpuMs,
  cpuMsOfCommands,
  machineBusyMs,
  percentile,
  sample,
  spawnServer,
  stopServer,
  WARMUP,
} from './harness.js';
import { serverBundle } from '../server-bundle.js';
import { startChild } from './processes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Requests one at a time per read: a p99 from 200 answers (the second worst of 100 is no p99). */
const ALONE = Number(process.env.BENCH_MARKET_ALONE ?? 200);

interface Node {
  base: string;
  child: ChildProcess;
  dataDir: string;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-market-node-'));
  // The server bundled once (scripts/server-bundle.ts), as a deployment runs built code: a node
  // starts without transpiling a few hundred modules first.
  // BENCH_NODE_ARGS: node's own flags for each node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to
  // see where a read's CPU goes (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawnServer(process.execPath, [...nodeArgs, await serverBundle()], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ANANAS_DEMO: '0',
      LOG_LEVEL: 'warn',
      JOB_WORKER: '0',
      CLIENT_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('Ananas is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`node exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, dataDir };
}

async function stopNode(n: Node): Promise<void> {
  await stopServer(n.child, `market node ${n.base}`);
  rmSync(n.dataDir, { recursive: true, force: true });
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** A session token, or with `apiKey` a partner API key. */
  token: string;
  apiKey?: boolean;
  body?: unknown;
}

const headersOf = (c: Call): Record<string, string> => ({
  ...(c.apiKey ? { 'x-api-key': c.token } : { authorization: `Token ${c.token}` }),
  'content-type': 'application/json',
});

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** CPU ms per answered request under load: the nodes, PostgreSQL, Redis, the load generator, the machine. */
  cpu: { nodes: number; postgres: number; redis: number; load: number; machine: number };
}

async function send(n: { base: string }, c: Call): Promise<void> {
  const res = await fetch(`${n.base}${c.path}`, {
    method: c.method,
    headers: headersOf(c),
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
  if (!res.ok) throw new Error(`${c.method} ${c.path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

/** A server under load: a node of the app, or the bare anchor's process. */
interface Target {
  base: string;
  pid: number;
}

const targetOf = (n: Node): Target => ({ base: n.base, pid: n.child.pid! });

/** 50 connections spread over the servers, each request made afresh by `next` (random hotels...). */
async function loadOver(nodes: Target[], next: () => Call): Promise<Figures> {
  // Where the machine's CPU goes at 50 connections (the load generator is this process).
  const nodesCpu = () => nodes.reduce((sum, n) => sum + cpuMs(n.pid), 0);
  const load = process.cpuUsage();
  const before = {
    nodes: nodesCpu(),
    postgres: cpuMsOfCommands(['postgres']),
    redis: cpuMsOfCommands(['redis-server']),
    machine: machineBusyMs(),
  };
  const results = await Promise.all(
    nodes.map((n) =>
      autocannon({
        url: n.base,
        connections: CONNECTIONS / nodes.length,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (req) => {
              const c = next();
              return {
                ...req,
                method: c.method,
                path: c.path,
                headers: headersOf(c),
                body: c.body === undefined ? undefined : JSON.stringify(c.body),
              };
            },
          },
        ],
      }),
    ),
  );
  const loadMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(load));
  const answered = Math.max(
    1,
    results.reduce((s, r) => s + r.requests.total, 0),
  );
  const per = (ms: number) => ms / answered;
  return {
    cpu: {
      nodes: per(nodesCpu() - before.nodes),
      postgres: per(cpuMsOfCommands(['postgres']) - before.postgres),
      redis: per(cpuMsOfCommands(['redis-server']) - before.redis),
      load: per(loadMs),
      machine: per(machineBusyMs() - before.machine),
    },
    rps: Math.round(results.reduce((s, r) => s + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    bad: results.reduce((s, r) => s + r.errors + r.non2xx, 0),
  };
}

/**
 * The machine's floor for the reads' figures: `count` bare node:http servers (serve-bare.ts) under
 * the same 50 connections, each answering every request with the bytes and headers of one real
 * answer of `c`. No database, no session, no work: what 50 connections over `count` processes
 * cost these cores with the load generator beside them. A read's p99 cannot go below this one's.
 */
async function bareAnchor(count: number, n: Node, c: Call): Promise<Figures & { bytes: number }> {
  const res = await fetch(`${n.base}${c.path}`, { method: c.method, headers: headersOf(c) });
  if (!res.ok) throw new Error(`${c.method} ${c.path} answered ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-market-bare-'));
  const file = path.join(dir, 'body');
  const headersFile = path.join(dir, 'headers.json');
  writeFileSync(file, body);
  const sent = [...res.headers].filter(([h]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(h));
  writeFileSync(headersFile, JSON.stringify(Object.fromEntries(sent)));
  const bare = await Promise.all(
    Array.from({ length: count }, () =>
      startChild<{ port: number; pid: number }>('serve-bare.ts', [file, headersFile]),
    ),
  );
  try {
    const targets = bare.map((b) => ({ base: `http://127.0.0.1:${b.info.port}`, pid: b.info.pid }));
    for (const t of targets) for (let i = 0; i < 2 * WARMUP; i++) await send(t, c);
    return { ...(await loadOver(targets, () => c)), bytes: body.length };
  } finally {
    await Promise.all(bare.map((b) => b.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cells of a run under load: p50, p99, requests/s, CPU per answer, errors. */
const underLoad = (f: Figures): string =>
  `${f.p50} | ${f.p99} | ${f.rps} | ${[f.cpu.nodes, f.cpu.postgres, f.cpu.redis, f.cpu.load, f.cpu.machine].map((ms) => ms.toFixed(2)).join(' / ')} | ${f.bad}`;

/** The password the operators who make partner keys are given (the generated accounts have none). */
const KEY_MAKER_PASSWORD = 'Bench-Market-Password-1';

/**
 * An operator's partner API key, made as the operator would through the developer-tools calls: a
 * whitelist of this machine's addresses, then a key with every scope. The whitelist is a
 * sensitive change (routes.json stepUp): like the client, the bench answers 403
 * step_up_required by proving the session with the password (POST api/auth/step-up/) and sends
 * the call again. Answers the key's secret.
 */
async function partnerKey(n: Node, token: string): Promise<string> {
  const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
  const call = (p: string, body: unknown) =>
    fetch(`${n.base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const post = async (p: string, body: unknown): Promise<{ id: number; token?: string | null }> => {
    let res = await call(p, body);
    if (res.status === 403 && ((await res.clone().json()) as { code?: string }).code === 'step_up_required') {
      const proved = await call('/api/auth/step-up/', { password: KEY_MAKER_PASSWORD });
      if (proved.status !== 200)
        throw new Error(`POST /api/auth/step-up/ answered ${proved.status}: ${await proved.text()}`);
      res = await call(p, body);
    }
    if (res.status !== 201) throw new Error(`POST ${p} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: number; token?: string | null };
  };
  const whitelist = await post('/api/settings/whitelist/create/', { name: 'Bench', domain: '127.0.0.1, ::1' });
  const key = await post('/api/settings/api-key/create/', {
    title: 'Bench channel manager',
    fact_sheet: true,
    stop_sale: true,
    hotel_photos: true,
    domain: whitelist.id,
  });
  if (!key.token) throw new Error('the created key has no secret');
  return key.token;
}

/** Rows read by sequential scans so far, per table of the schema (pg_stat_user_tables). */
async function seqScans(admin: pg.Client, schema: string): Promise<Map<string, number>> {
  // The statistics collector flushes at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const { rows } = await admin.query<{ relname: string; n: string }>(
    'select relname, seq_tup_read::text as n from pg_stat_user_tables where schemaname = $1',
    [schema],
  );
  return new Map(rows.map((r) => [r.relname, Number(r.n)]));
}

/** Tables scanned sequentially for more than 100 rows per request during a run (a missing index). */
function diffScans(before: Map<string, number>, after: Map<string, number>, requests: number): string {
  return [...after]
    .map(([table, n]) => ({ table, perRequest: (n - (before.get(table) ?? 0)) / Math.max(1, requests) }))
    .filter((t) => t.perRequest > 100)
    .map((t) => `${t.table} ${Math.round(t.perRequest)}`)
    .join(', ');
}

/**
 * The market's tables vacuumed and analysed, as autovacuum keeps a live database: PostgreSQL
 * sets a page's all-visible bit only when it vacuums it, and until then an index-only scan reads
 * the heap too. The test cluster runs with autovacuum off, so a market was measured never
 * vacuumed (pg_stat_user_tables: no vacuum at all). Cheap after the first time: the pages stay
 * all-visible.
 */
async function vacuumed(admin: pg.Client, schema: string): Promise<void> {
  const { rows } = await admin.query<{ name: string }>(
    "select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = $1",
    [schema],
  );
  if (rows.length) await admin.query(`vacuum (analyze) ${rows.map((r) => r.name).join(', ')}`);
}

/** Marks a kept market's schema as completely generated (a run stopped half-way is generated again). */
const COMPLETE = 'ananas bench market: complete';

async function marketOf(size: number, url: string, redisUrl: string): Promise<string[]> {
  // BENCH_MARKET_KEEP=1: the market stays in a schema named by its size and the next run reuses it
  // (generating 10,000 hotels took 17 minutes on a busy 2-core machine); the app's migrations still run on it.
  const keep = process.env.BENCH_MARKET_KEEP === '1';
  const schema = keep ? `bench_market_${size}_kept` : `bench_market_${size}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows: found } = await admin.query<{ comment: string | null }>(
    'select obj_description(oid, $2) as comment from pg_namespace where nspname = $1',
    [schema, 'pg_namespace'],
  );
  const reuse = keep && found[0]?.comment === COMPLETE;
  if (found.length && !reuse) await admin.query(`drop schema ${schema} cascade`);
  if (!reuse) await admin.query(`create schema ${schema}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-market-'));
  const db = openDatabase({ dataDir, databaseUrl: url, pgSchema: schema });
  const nodes: Node[] = [];
  try {
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANANAS_DEMO: '0' }),
      clientDir: '/nonexistent',
    };
    const seeder = await buildApp({ config, db, logger: false, worker: false });
    const market = reuse ? await readMarket(seeder.services) : await generateMarket(seeder.services, size);
    if (keep && !reuse) await admin.query(`comment on schema ${schema} is '${COMPLETE}'`);
    await vacuumed(admin, schema);
    const issue = async (id: number) =>
      (await issueToken(seeder.services, id, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    // The operators who make partner keys sign in with a password, as real ones would.
    const keyMakers = market.operators.slice(0, 10);
    await seeder.services.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(KEY_MAKER_PASSWORD) })
      .where('id', 'in', keyMakers)
      .execute();
    const opTokens = await Promise.all(market.operators.slice(0, 20).map(issue));
    const owners = await Promise.all(
      market.properties
        .filter((_, i) => i % Math.max(1, Math.floor(size / 300)) === 0)
        .map(async (p) => ({ property: p.id, token: await issue(p.account) })),
    );
    const roomRows = await seeder.services.db.kysely
      .selectFrom('fact_rows')
      .select(['id', 'property_id'])
      .where('kind', '=', 'room')
      .where(
        'property_id',
        'in',
        owners.map((o) => o.property),
      )
      .execute();
    const roomsOf = new Map<number, number[]>();
    for (const r of roomRows) roomsOf.set(r.property_id, [...(roomsOf.get(r.property_id) ?? []), r.id]);
    await seeder.close();

    const rnd = random(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
    const day = (offset: number): string =>
      new Date(Date.parse(market.stopSaleFrom) + offset * 86_400_000).toISOString().slice(0, 10);
    const monthOfYear = (): string => {
      const d = new Date(Date.parse(market.stopSaleFrom));
      d.setUTCMonth(d.getUTCMonth() + Math.floor(rnd() * 12));
      return d.toISOString().slice(0, 10);
    };
    /** A week over 1-3 rooms of a random owned hotel, each state as often (null clears). */
    const rangeSave = (): Call => {
      const o = pick(owners);
      const all = roomsOf.get(o.property)!;
      const start = Math.floor(rnd() * all.length);
      const rooms = Array.from(
        { length: Math.min(all.length, 1 + Math.floor(rnd() * 3)) },
        (_, i) => all[(start + i) % all.length]!,
      );
      const first = Math.floor(rnd() * 358);
      const color = pick([0, 1, 2, 3, 4, null]);
      return {
        method: 'POST',
        path: '/api/stop-sale/range/',
        token: o.token,
        body: { hotel: o.property, rooms, from: day(first), to: day(first + 6), color },
      };
    };
    // Filled once the first node runs: the keys are made through the API.
    const keys: string[] = [];
    const reads: { key: string; name: string; next: () => Call; warm?: () => Call[] }[] = [
      {
        key: 'list',
        name: "an operator's fact-sheet list, country ES, pages 1-3 (POST api/partners/partners-properties/)",
        next: () => ({
          method: 'POST',
          path: `/api/partners/partners-properties/?page=${1 + Math.floor(rnd() * 3)}`,
          token: pick(opTokens),
          body: { countries: ['ES'] },
        }),
      },
      {
        key: 'init',
        name: `init-facts-info of random hotels (${owners.length} hotels; alone: mostly first asks; under load: each hotel asked once per node before)`,
        next: () => {
          const o = pick(owners);
          return { method: 'GET', path: `/api/facts/init-facts-info/${o.property}/`, token: o.token };
        },
        // Under load the steady state, not a cold start: a 10-s run asks each hotel about 25 times
        // per node, so its first asks (a node's cache of each hotel) were a few per cent of it, all in
        // its first second. Measured both ways at 2 nodes: the p99 stayed at 136 ms, so that burst
        // was not the tail. The one-at-a-time figures come before this warm-up: mostly first asks.
        warm: () =>
          owners.map((o) => ({
            method: 'GET' as const,
            path: `/api/facts/init-facts-info/${o.property}/`,
            token: o.token,
          })),
      },
      {
        key: 'directory',
        name: 'the partner directory search by name (POST api/partners/)',
        next: () => ({
          method: 'POST',
          path: '/api/partners/',
          token: pick(opTokens),
          body: { search: `hotels ${Math.floor(rnd() * size)}` },
        }),
      },
      {
        key: 'month',
        name: 'a stop-sale month of a random hotel, as its owner (GET api/stop-sale/{hotel}/?date=)',
        next: () => {
          const o = pick(owners);
          return { method: 'GET', path: `/api/stop-sale/${o.property}/?date=${monthOfYear()}`, token: o.token };
        },
      },
      {
        key: 'range',
        name: 'a stop-sale range save: a week over 1-3 rooms of a random hotel (POST api/stop-sale/range/)',
        next: rangeSave,
      },
      {
        key: 'updated',
        name: "the partner API's changed hotels of an operator, updated_since 1-30 days ago (GET api/v1/properties/, key header)",
        next: () => ({
          method: 'GET',
          path: `/api/v1/properties/?updated_since=${encodeURIComponent(new Date(Date.now() - (1 + Math.floor(rnd() * 30)) * 86_400_000).toISOString())}`,
          token: pick(keys),
          apiKey: true,
        }),
      },
    ];
    const env = {
      DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `bench-market:${process.pid}:`,
      API_KEY_CALLS_PER_MINUTE: '1000000',
    };
    // BENCH_MARKET_READS=list,directory: only those reads (keys above); BENCH_MARKET_NODES=2: only 2 nodes.
    const only = (process.env.BENCH_MARKET_READS ?? '').split(',').filter(Boolean);
    const counts = (process.env.BENCH_MARKET_NODES ?? '1,2').split(',').map(Number);
    const rows: string[] = [];
    for (const count of counts) {
      while (nodes.length < count) nodes.push(await startNode(env));
      if (!keys.length) keys.push(...(await Promise.all(opTokens.slice(0, 10).map((t) => partnerKey(nodes[0]!, t)))));
      for (const r of reads.filter((r) => !only.length || only.includes(r.key))) {
        // Warm-up: each node compiles its validators and fills its pools before the measured run.
        for (const n of nodes) for (let i = 0; i < 2 * WARMUP; i++) await send(n, r.next());
        // One request at a time: the cost of one answer, without the queueing of 50 connections.
        const cpuBefore = nodes.map((n) => cpuMs(n.child.pid!));
        const alone = await sample((i) => send(nodes[Math.abs(i) % nodes.length]!, r.next()), {
          samples: ALONE,
          warmup: 0,
        });
        // The nodes' CPU per request: what one answer costs the server whatever the machine's load.
        const cpu = nodes.reduce((sum, n, j) => sum + cpuMs(n.child.pid!) - cpuBefore[j]!, 0) / ALONE;
        for (const n of nodes) for (const c of r.warm?.() ?? []) await send(n, c);
        const scansBefore = await seqScans(admin, schema);
        const f = await loadOver(nodes.map(targetOf), r.next);
        const scanned = diffScans(scansBefore, await seqScans(admin, schema), f.rps * SECONDS);
        rows.push(
          `| ${r.name} | ${count} | ${percentile(alone, 50).toFixed(1)} / ${percentile(alone, 99).toFixed(1)} | ${cpu.toFixed(1)} | ${underLoad(f)} | ${scanned || 'none'} |`,
        );
      }
      const floor = await bareAnchor(count, nodes[0]!, reads.find((r) => r.key === 'month')!.next());
      rows.push(
        `| anchor: bare node:http, ${count} process${count > 1 ? 'es' : ''} answering a month's ${floor.bytes} bytes (no work: the machine's floor) | ${count} | | | ${underLoad(floor)} | |`,
      );
    }
    return [
      `### Market of ${size} hotels (PostgreSQL + Redis): ${market.operators.length} operators, ${market.contracts} accepted contracts, ${market.factRows} fact rows, ${market.properties.length * 5} photo rows, ${market.stopSaleRows} stop-sale rows (a year from ${market.stopSaleFrom}, ${(market.stopSaleRows / Math.max(1, market.factRoomDays)).toFixed(3)} of room-days not on free sale); ${reuse ? `reused from schema ${schema} (BENCH_MARKET_KEEP=1)` : `generated in ${market.seconds.toFixed(1)} s (stop-sale ${market.stopSaleSeconds.toFixed(1)} s)`}`,
      '',
      `One at a time: ${ALONE} requests after ${2 * WARMUP} per node to warm up. 50 connections: ${SECONDS} s per run.`,
      '',
      'Under load, the CPU per answer is split by process: the nodes, PostgreSQL (all its processes), Redis, the load generator (this process: autocannon) and the machine as a whole (every core, all processes).',
      '',
      '| read | nodes | alone p50 / p99 ms | alone: node CPU ms per request | p50 ms | p99 ms | requests/s | under load, CPU ms per request: nodes / PostgreSQL / Redis / load generator / machine | errors + non-2xx | rows read by sequential scans per request |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ];
  } finally {
    for (const n of nodes) await stopNode(n);
    await db.close();
    if (!keep) await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function marketBenches(): Promise<string[]> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const sizes = (process.env.BENCH_MARKET_SIZES ?? '1000').split(',').map(Number);
  const out: string[] = [];
  for (const size of sizes) out.push(...(await marketOf(size, url, redisUrl)));
  return out;
}
