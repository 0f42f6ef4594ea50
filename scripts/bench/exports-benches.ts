/**
 * The export centre's figures: the fact-sheet PDF of a fully filled hotel (warm: the server's
 * Chromium already running, its pages warm; printed each time, and a repeat answered from the
 * PDF cache), and the photo zip of a 200-photo gallery (time to
 * first byte, throughput, and how much the server's memory grows while it streams).
 */
import { readFileSync, rmSync } from 'node:fs';
import { startChild } from './processes.js';
import { cells, MIN_SAMPLES, sample } from './harness.js';

interface ExportsApp {
  port: number;
  token: string;
  propertyId: number;
  photos: number;
  pid: number;
  dataDir: string;
}

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? MIN_SAMPLES);

function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  // Read synchronously so sampling is not delayed by the download's own work.
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
}

async function pdfRow(app: ExportsApp, label: string, query: string): Promise<string> {
  const url = `http://127.0.0.1:${app.port}/api/facts/download-facts/${app.propertyId}/${query}`;
  const headers = { authorization: `Token ${app.token}` };
  let bytes = 0;
  for (let i = 0; i < 2; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== 201) throw new Error(`fact sheet answered ${res.status}`);
    bytes = (await res.arrayBuffer()).byteLength;
  }
  const times = await sample(async () => (await fetch(url, { headers })).arrayBuffer(), { samples: RUNS, warmup: 0 });
  return `| ${label} | ${Math.round(bytes / 1024)} KB | ${cells(times, 0)} |`;
}

async function zipRow(app: ExportsApp): Promise<string> {
  const before = rssMb(app.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 20);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${app.port}/api/facts/download-photos/${app.propertyId}/`, { headers: { authorization: `Token ${app.token}` } });
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

export async function exportsBenches(): Promise<string[]> {
  const out: string[] = [];
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  // The PDF cache off: the rows measure printing; the cache's answer has a row of its own below.
  const child = await startChild<ExportsApp>('exports/serve-exports-app.ts', [], { PDF_CACHE_MB: '0' });
  const app = child.info;
  try {
    out.push(
      `### Photo zip (GET api/facts/download-photos/{hotel}/), ${db}, streamed with its exact Content-Length`,
      '',
      '| gallery (the first download cold, the second warm) | time to first byte | whole download | throughput | server RSS before | server peak RSS during | growth |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      await zipRow(app),
      await zipRow(app),
      '',
      `### Fact-sheet PDF (GET api/facts/download-facts/{hotel}/), fully filled hotel (every section, 20 rooms, 5 restaurants, 5 bars, 10 maintenance rows, 9 photos), warm (2 downloads first), ${RUNS} runs each`,
      '',
      '| Chromium, document (printed each time: PDF_CACHE_MB=0) | PDF size | p50 ms | p95 ms | max ms | n |',
      '| --- | --- | --- | --- | --- | --- |',
      await pdfRow(app, "Debian's (or the configured) Chromium, Standard, EN", '?layout=&language=en'),
      await pdfRow(app, "Debian's (or the configured) Chromium, Fact points, FA", '?layout=F&language=fa'),
      await pdfRow(app, "Debian's (or the configured) Chromium, Summarized, EN", '?layout=S&language=en'),
    );
  } finally {
    await child.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
  // A repeat download of an unchanged sheet, answered from the PDF cache (the default).
  const cachedApp = await startChild<ExportsApp>('exports/serve-exports-app.ts', [], { BENCH_EXPORT_PHOTOS: '9' });
  try {
    out.push(await pdfRow(cachedApp.info, 'repeat download of an unchanged sheet (PDF cache, the default), Standard, EN', '?layout=&language=en'));
  } finally {
    await cachedApp.stop();
    rmSync(cachedApp.info.dataDir, { recursive: true, force: true });
  }
  // The same documents printed by the headless-shell Chromium of the npm package (no photos needed).
  const npm = await startChild<ExportsApp>('exports/serve-exports-app.ts', [], { CHROMIUM_PATH: 'npm', BENCH_EXPORT_PHOTOS: '9', PDF_CACHE_MB: '0' });
  try {
    out.push(
      await pdfRow(npm.info, '@sparticuz/chromium (CHROMIUM_PATH=npm), Standard, EN', '?layout=&language=en'),
      await pdfRow(npm.info, '@sparticuz/chromium (CHROMIUM_PATH=npm), Fact points, FA', '?layout=F&language=fa'),
      await pdfRow(npm.info, '@sparticuz/chromium (CHROMIUM_PATH=npm), Summarized, EN', '?layout=S&language=en'),
    );
  } finally {
    await npm.stop();
    rmSync(npm.info.dataDir, { recursive: true, force: true });
  }
  return out;
}
