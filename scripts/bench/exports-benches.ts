/**
 * The export centre's figures: the fact-sheet PDF (compiled by Typst in the server's compiler
 * thread) of the fully filled hotel with 9 photos and of the demo hotel: a first print (each run
 * after a change of the facts, so every document is new), a repeat download of an unchanged sheet
 * (answered from the PDF cache), the server's memory at rest and after the prints; and the photo
 * zip of a 200-photo gallery (time to first byte, throughput, and how much the server's memory
 * grows while it streams).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { startChild } from './processes.js';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startCommandEnv, startServerProcess } from '../server-process.js';
import { cells, cpuMs, MIN_SAMPLES, SMOKE, WARMUP } from './harness.js';
import type { MemoryParts, PrintPhases } from './exports/print-phases.js';

interface ExportsApp {
  port: number;
  token: string;
  propertyId: number;
  demoToken: string;
  demoPropertyId: number;
  photos: number;
  /** The print phases' server (exports/print-phases.ts). */
  phasesPort: number;
  pid: number;
  dataDir: string;
}

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? MIN_SAMPLES);
/** How long the server is left idle after the 550 prints before its memory is read again. */
const IDLE_AFTER_PRINTS_MS = SMOKE ? 0 : 20_000;

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  // Read synchronously so sampling is not delayed by the download's own work.
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
}

/** One sheet's downloads: `change` (if given) edits the facts before each, so each is a first print of a new document. */
async function pdfRow(
  app: ExportsApp,
  label: string,
  property: { id: number; token: string },
  query: string,
  change?: (i: number) => Promise<void>,
): Promise<string> {
  const url = `http://127.0.0.1:${app.port}/api/facts/download-facts/${property.id}/${query}`;
  const headers = { authorization: `Token ${property.token}` };
  let bytes = 0;
  let cpu = 0;
  const times: number[] = [];
  for (let i = -WARMUP; i < RUNS; i++) {
    await change?.(i + WARMUP);
    const startedCpu = cpuMs(app.pid);
    const started = performance.now();
    const res = await fetch(url, { headers });
    if (res.status !== 201) throw new Error(`fact sheet answered ${res.status}`);
    bytes = (await res.arrayBuffer()).byteLength;
    if (i < 0) continue;
    times.push(performance.now() - started);
    cpu += cpuMs(app.pid) - startedCpu;
  }
  return `| ${label} | ${Math.round(bytes / 1024)} KB | ${cells(times, 0)} | ${(cpu / RUNS).toFixed(0)} |`;
}

/** Saves the main info with another address: the facts' revision moves, so the next sheet is a new document. */
function addressChanger(app: ExportsApp, property: { id: number; token: string }): (i: number) => Promise<void> {
  const base = `http://127.0.0.1:${app.port}/api/facts/main-info`;
  const headers = { authorization: `Token ${property.token}`, 'content-type': 'application/json' };
  return async (i) => {
    const main = (await (await fetch(`${base}/${property.id}/`, { headers })).json()) as Record<string, unknown>;
    const res = await fetch(`${base}/update/${property.id}/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...main, hotel: property.id, address: `Carrer del Bench ${i}` }),
    });
    if (res.status !== 200) throw new Error(`main info answered ${res.status}: ${await res.text()}`);
  };
}

const PHASES = ['source', 'model', 'data', 'images', 'compile', 'empty'] as const;

/**
 * One sheet's print taken apart in the server (exports/print-phases.ts), each run after a change of
 * the facts like the first prints above: mean CPU ms of each phase, the empty document's print
 * (the anchor) beside the sheet's compile.
 */
async function phaseRow(
  app: ExportsApp,
  label: string,
  property: { id: number; token: string },
  layout: string,
  language: string,
  change: (i: number) => Promise<void>,
): Promise<string> {
  const url = `http://127.0.0.1:${app.phasesPort}/?property=${property.id}&layout=${layout}&language=${language}`;
  const sums = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<(typeof PHASES)[number], number>;
  // At least three (a mean of one print is noise), but one in the smoke run, which only shows the phases still answer.
  const runs = SMOKE ? 1 : Math.max(3, Math.round(RUNS / 4));
  for (let i = -WARMUP; i < runs; i++) {
    await change(1000 + i + WARMUP);
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`print phases answered ${res.status}: ${await res.text()}`);
    const phases = (await res.json()) as PrintPhases;
    if (i < 0) continue;
    for (const p of PHASES) sums[p] += phases[p].cpu;
  }
  const mean = (p: (typeof PHASES)[number]) => sums[p] / runs;
  const total = PHASES.filter((p) => p !== 'empty').reduce((t, p) => t + mean(p), 0);
  return `| ${label} | ${PHASES.map((p) => mean(p).toFixed(1)).join(' | ')} | ${total.toFixed(0)} | ${runs} |`;
}

async function memoryParts(app: ExportsApp): Promise<string> {
  const m = (await (await fetch(`http://127.0.0.1:${app.phasesPort}/memory`)).json()) as MemoryParts;
  const native = m.rss - m.heapTotal - m.external;
  return `RSS ${m.rss} MB = JS heap ${m.heapTotal} MB (${m.heapUsed} used) + buffers and other external ${m.external} MB (${m.arrayBuffers} in ArrayBuffers) + native and code ${native} MB (sharp's cache ${m.sharpCache} MB of it)`;
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

async function zipRow(app: ExportsApp): Promise<string> {
  const before = rssMb(app.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 20);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${app.port}/api/facts/download-photos/${app.propertyId}/`, {
    headers: { authorization: `Token ${app.token}` },
  });
  if (res.status !== 201 || !res.body) throw new Error(`photo zip answered ${res.status}`);
  const reader = res.body.getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - started;
    bytes += value.length;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(app.pid));
  const length = Number(res.headers.get('content-length'));
  if (length !== bytes) throw new Error(`Content-Length ${length} but ${bytes} bytes came`);
  const mb = bytes / 1_048_576;
  return `| ${app.photos} photos, ${mb.toFixed(0)} MB | ${first.toFixed(0)} ms | ${(total / 1000).toFixed(2)} s | ${(mb / (total / 1000)).toFixed(0)} MB/s | ${before} MB | ${peak} MB | ${peak - before} MB |`;
}

/**
 * The server as `npm start` runs it (the bundle under node, with its malloc settings) on an empty SQLite
 * file: migrated, demo seeded, then left alone until the SQLite checkpoint thread has ended (30 s
 * after the last write): the server with nothing but the demo, beside the exports app above (its
 * bench hotel, photos and print-phase probe loaded).
 */
async function startedServerAtRest(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-rest-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...startCommandEnv(),
  });
  try {
    await sleep(SMOKE ? 1000 : 35_000);
    return `Server RSS at rest as \`npm start\` runs it (the bundled server on node, demo seeded, ${SMOKE ? 1 : 35} s after start): ${rssMb(server.child.pid!)} MB (peak ${rssMb(server.child.pid!, 'VmHWM')} MB).`;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function exportsBenches(): Promise<string[]> {
  const out: string[] = [];
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  // The fact sheets: 9 photos (the sheet's photo page takes 8 and the featured one), the PDF cache on (the default).
  // glibc's malloc as `npm start` sets it, so the memory is the deployed server's.
  const sheets = await startChild<ExportsApp>('exports/serve-exports-app.ts', [], {
    BENCH_EXPORT_PHOTOS: '9',
    ...startCommandEnv(),
  });
  const app = sheets.info;
  try {
    const full = { id: app.propertyId, token: app.token };
    const demo = { id: app.demoPropertyId, token: app.demoToken };
    const rest = rssMb(app.pid);
    const restParts = await memoryParts(app);
    const rows = [
      await pdfRow(
        app,
        'full hotel, Standard, EN: first print (the facts changed before each)',
        full,
        '?layout=&language=en',
        addressChanger(app, full),
      ),
      await pdfRow(
        app,
        'full hotel, Fact points, FA: first print',
        full,
        '?layout=F&language=fa',
        addressChanger(app, full),
      ),
      await pdfRow(
        app,
        'full hotel, Summarized, EN: first print',
        full,
        '?layout=S&language=en',
        addressChanger(app, full),
      ),
      await pdfRow(
        app,
        'demo hotel, Standard, EN: first print',
        demo,
        '?layout=&language=en',
        addressChanger(app, demo),
      ),
      await pdfRow(
        app,
        'demo hotel, Standard, FA: first print',
        demo,
        '?layout=&language=fa',
        addressChanger(app, demo),
      ),
    ];
    // The figure: the server after the first prints above, (WARMUP + RUNS) × 5 of them.
    const firstPrints = (WARMUP + RUNS) * 5;
    const afterFirstPrints = rssMb(app.pid);
    // The same server left idle a while: what it keeps, once V8's memory reducer (it runs a few
    // seconds after the allocations stop) has given back what the prints left as garbage.
    await sleep(IDLE_AFTER_PRINTS_MS);
    const settledAfterFirstPrints = rssMb(app.pid);
    rows.push(
      await pdfRow(
        app,
        'full hotel, Standard, EN: repeat download of the unchanged sheet (PDF cache)',
        full,
        '?layout=&language=en',
      ),
    );
    const loadBefore = load();
    const phases = [
      await phaseRow(app, 'full hotel, Standard, EN', full, '', 'en', addressChanger(app, full)),
      await phaseRow(app, 'full hotel, Fact points, FA', full, 'F', 'fa', addressChanger(app, full)),
      await phaseRow(app, 'full hotel, Fact points, EN', full, 'F', 'en', addressChanger(app, full)),
      await phaseRow(app, 'full hotel, Standard, FA', full, '', 'fa', addressChanger(app, full)),
      await phaseRow(app, 'full hotel, Summarized, EN', full, 'S', 'en', addressChanger(app, full)),
      await phaseRow(app, 'demo hotel, Standard, EN', demo, '', 'en', addressChanger(app, demo)),
    ];
    const printed = (WARMUP + RUNS) * 5 + (WARMUP + (SMOKE ? 1 : Math.max(3, Math.round(RUNS / 4)))) * 6 * 2;
    out.push(
      `### Fact-sheet PDF (GET api/facts/download-facts/{hotel}/), Typst, ${db}; full hotel: every section, 20 rooms, 5 restaurants, 5 bars, 10 maintenance rows, 9 photos; ${WARMUP} to warm up, then ${RUNS} timed downloads each`,
      '',
      '| document | PDF size | p50 ms | p95 ms | max ms | n | server CPU per download, ms (mean, all threads) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `Where one first print's server CPU goes (mean ms, all threads; load average ${loadBefore} before, ${load()} after, 1/5/15 min): source = the sheet's queries, model = buildFactSheet, data = the template's data (isolates), images = print-images.ts (storage, sharp), compile = Typst in the compiler thread; empty = an empty document by the same thread right after (the anchor, not in the total).`,
      '',
      `| document | ${PHASES.join(' | ')} | total | n |`,
      `| --- | ${PHASES.map(() => '---').join(' | ')} | --- | --- |`,
      ...phases,
      '',
      `Server RSS at rest (started, nothing printed yet): ${rest} MB; after ${firstPrints} PDFs: ${afterFirstPrints} MB, and ${settledAfterFirstPrints} MB once idle ${IDLE_AFTER_PRINTS_MS / 1000} s; after ${printed} PDFs: ${rssMb(app.pid)} MB (peak ${rssMb(app.pid, 'VmHWM')} MB).`,
      '',
      `At rest: ${restParts}. After the PDFs: ${await memoryParts(app)}.`,
      '',
      await startedServerAtRest(),
      '',
    );
  } finally {
    await sheets.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
  const zips = await startChild<ExportsApp>('exports/serve-exports-app.ts');
  try {
    out.push(
      `### Photo zip (GET api/facts/download-photos/{hotel}/), ${db}, streamed with its exact Content-Length`,
      '',
      '| gallery (the first download cold, the second warm) | time to first byte | whole download | throughput | server RSS before | server peak RSS during | growth |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      await zipRow(zips.info),
      await zipRow(zips.info),
      '',
    );
  } finally {
    await zips.stop();
    rmSync(zips.info.dataDir, { recursive: true, force: true });
  }
  return out;
}
