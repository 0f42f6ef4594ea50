import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, type LoadResult } from './http-load.js';
import { startChild } from './processes.js';
import { cells, cpuMs, MIN_SAMPLES, WARMUP } from './harness.js';

interface AppInfo {
  port: number;
  token: string;
  propertyId: number;
  pid: number;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_SERVER_PARTS: a comma list of the parts to run (me, init, save; default all), e.g. save alone while profiling it. */
const PARTS = new Set((process.env.BENCH_SERVER_PARTS ?? 'me,init,save').split(','));

/** A load run with the CPU its server spent per answered request (µs, from /proc). */
interface Measured {
  load: LoadResult;
  cpuUs: number;
}

async function measured(pid: number, run: () => Promise<LoadResult>): Promise<Measured> {
  const before = cpuMs(pid);
  const load = await run();
  return { load, cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, load.total) };
}

/**
 * Throughput and latency depend on what else the machine runs (the load generator shares its
 * cores); the CPU each answer costs far less, so both are given, each against the bare server.
 */
function row(name: string, app: Measured, bare: Measured): string {
  const ratio = Math.round((app.load.rps / bare.load.rps) * 100);
  const cpuRatio = Math.round((bare.cpuUs / app.cpuUs) * 100);
  const us = (n: number) => n.toFixed(0);
  return `| ${name} | ${app.load.rps} | ${app.load.p50} | ${app.load.p99} | ${bare.load.rps} | ${bare.load.p99} | ${ratio} % | ${us(app.cpuUs)} | ${us(bare.cpuUs)} | ${cpuRatio} % | ${app.load.errors + app.load.non2xx} |`;
}

/** One endpoint against a bare node:http server sending exactly the same bytes, 50 connections each, one after the other. */
async function versusBare(app: AppInfo, name: string, urlPath: string): Promise<string> {
  const url = `http://127.0.0.1:${app.port}${urlPath}`;
  const headers = { authorization: `Token ${app.token}` };
  const sample = await fetch(url, { headers });
  if (!sample.ok) throw new Error(`${urlPath} answered ${sample.status}`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-body-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, bytes);
  // The app's headers, security headers and all (each costs node a validation and bytes on the
  // wire): until 6 December 2026 the bare server sent only content-type and -length.
  const sent = Object.fromEntries(
    [...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
  );
  const headersFile = path.join(dir, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(sent));
  await load(url, { connections: 50, seconds: Math.min(2, SECONDS), headers }); // warm-up
  const appResult = await measured(app.pid, () => load(url, { connections: 50, seconds: SECONDS, headers }));
  const bare = await startChild<{ port: number; pid: number }>('serve-bare.ts', [file, headersFile]);
  try {
    const bareUrl = `http://127.0.0.1:${bare.info.port}/`;
    await load(bareUrl, { connections: 50, seconds: Math.min(2, SECONDS) });
    const bareResult = await measured(bare.info.pid, () => load(bareUrl, { connections: 50, seconds: SECONDS }));
    return `${row(name, appResult, bareResult)} (${bytes.length} bytes)`;
  } finally {
    await bare.stop();
  }
}

/**
 * A save of 50 new rooms into the fully filled hotel (20 rooms): each sample saves into a fresh
 * copy of it (POST api/facts/property/{id}/copy/ with its rooms, not timed), so every save meets
 * the same list. (Saving into one hotel again and again grew its list by 50 rooms a save, to
 * 5,520 rooms by the last sample: the figure then measured the list's size, not the save.)
 */
async function fiftyRoomSave(app: AppInfo, runs = MIN_SAMPLES, warmup = WARMUP): Promise<string> {
  const base = `http://127.0.0.1:${app.port}`;
  const headers = { authorization: `Token ${app.token}`, 'content-type': 'application/json' };
  const rooms = (await (await fetch(`${base}/api/facts/rooms/${app.propertyId}/`, { headers })).json()) as Record<
    string,
    unknown
  >[];
  const times: number[] = [];
  let cpu = 0;
  for (let i = -warmup; i < runs; i++) {
    const copy = await fetch(`${base}/api/facts/property/${app.propertyId}/copy/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ hotel_name: `Bench copy ${i}`, sections: ['room'] }),
    });
    if (copy.status !== 201) throw new Error(`property copy answered ${copy.status}: ${await copy.text()}`);
    const hotel = ((await copy.json()) as { id: number }).id;
    const fifty = Array.from({ length: 50 }, (_, j) => ({ ...rooms[j % rooms.length], id: 0, hotel }));
    const startedCpu = cpuMs(app.pid);
    const started = performance.now();
    const res = await fetch(`${base}/api/facts/rooms/update/${hotel}/`, {
      method: 'POST',
      headers,
      body: JSON.stringify(fifty),
    });
    if (!res.ok) throw new Error(`rooms save answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    if (i < 0) continue;
    times.push(performance.now() - started);
    cpu += cpuMs(app.pid) - startedCpu;
  }
  return [
    '| save of 50 new rooms into the full hotel (20 rooms; a fresh copy each time), one transaction, ms | p50 | p95 | max | n | server CPU per save, ms (mean) |',
    '| --- | --- | --- | --- | --- | --- |',
    `| one request at a time, after ${warmup} to warm up | ${cells(times)} | ${(cpu / Math.max(1, runs)).toFixed(1)} |`,
  ].join('\n');
}

export async function serverBenches(): Promise<string[]> {
  const out: string[] = [];
  for (const db of process.env.BENCH_DATABASE_URL ? ['PostgreSQL'] : ['SQLite']) {
    const app = await startChild<AppInfo>('serve-app.ts');
    try {
      out.push(
        `### Server, ${db}, 50 connections, ${SECONDS} s each`,
        '',
        '| endpoint | app req/s | app p50 ms | app p99 ms | bare req/s | bare p99 ms | app / bare | app CPU µs/req | bare CPU µs/req | bare / app CPU | errors |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      );
      if (PARTS.has('me')) out.push(await versusBare(app.info, 'GET api/auth/users/me/', '/api/auth/users/me/'));
      if (PARTS.has('init'))
        out.push(
          await versusBare(
            app.info,
            'GET api/facts/init-facts-info/{id}/ (fully filled hotel)',
            `/api/facts/init-facts-info/${app.info.propertyId}/`,
          ),
        );
      if (PARTS.has('save')) out.push('', await fiftyRoomSave(app.info));
    } finally {
      await app.stop();
    }
  }
  return out;
}
