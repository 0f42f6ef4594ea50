/**
 * The operator export centre's figure: a bulk export of BENCH_OPEXPORT_HOTELS fully filled hotels
 * (fact-sheet PDFs, photos, JSON, CSV) built by the server's job worker and streamed to storage:
 * the time from the request to a finished zip, the zip's size, and the server's memory before
 * and at its peak while it builds.
 */
import { readFileSync, rmSync } from 'node:fs';
import { startChild } from './processes.js';

interface App {
  port: number;
  token: string;
  hotels: number;
  photos: number;
  pid: number;
  dataDir: string;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

async function exportRow(app: App, label: string, contents: string[]): Promise<string> {
  const headers = { authorization: `Token ${app.token}`, 'content-type': 'application/json' };
  const base = `http://127.0.0.1:${app.port}/api/tour-operator/exports/`;
  const before = rssMb(app.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 20);
  const started = performance.now();
  const res = await fetch(base, {
    method: 'POST',
    headers,
    body: JSON.stringify({ all_matching: true, contents, language: 'en' }),
  });
  if (res.status !== 201) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  let state = 'queued';
  let size = 0;
  let firstHotel = 0;
  while (state === 'queued' || state === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    const one = (await (await fetch(`${base}${id}/`, { headers })).json()) as {
      state: string;
      size: number | null;
      done: number;
      error: string | null;
    };
    state = one.state;
    size = one.size ?? 0;
    if (!firstHotel && one.done > 0) firstHotel = performance.now() - started;
    if (state === 'failed') throw new Error(`export failed: ${one.error}`);
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(app.pid));
  return `| ${label} | ${(firstHotel / 1000).toFixed(1)} s | ${(total / 1000).toFixed(1)} s | ${(total / app.hotels / 1000).toFixed(2)} s | ${(size / 1_048_576).toFixed(1)} MB | ${before} MB | ${peak} MB | ${peak - before} MB |`;
}

export async function operatorExportsBenches(): Promise<string[]> {
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const child = await startChild<App>('operator-exports/serve-operator-exports-app.ts');
  const app = child.info;
  try {
    return [
      `### Operator bulk export (POST api/tour-operator/exports/, built by the job worker), ${app.hotels} fully filled hotels with ${app.photos} photos each, ${db}`,
      '',
      '| contents | first hotel written | whole zip | per hotel | zip size | server RSS before | server peak RSS during | growth |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      await exportRow(app, 'JSON + CSV', ['json', 'csv']),
      await exportRow(app, 'PDF + photos + JSON + CSV', ['pdf', 'photos', 'json', 'csv']),
      await exportRow(app, 'PDF + photos + JSON + CSV (again, warm)', ['pdf', 'photos', 'json', 'csv']),
      '',
    ];
  } finally {
    await child.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
}
