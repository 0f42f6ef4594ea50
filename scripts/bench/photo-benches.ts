/**
 * Photo upload: 20 real JPEGs of about 3 MB (4000 × 3000 with noise, so they do not compress
 * away), one file per request as the browser sends them, sequentially and 4 at a time, each
 * mode against a fresh server process: total time, request latency and the server's peak memory.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { peakRssMb, startChild } from './processes.js';
import { SMOKE } from './harness.js';

interface AppInfo {
  port: number;
  token: string;
  propertyId: number;
}

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
// The smoke run (BENCH_SMOKE) uploads small photos: it shows the section runs, and sharp's work on
// twelve 12-megapixel uploads was most of its half minute.
const [WIDTH, HEIGHT] = (process.env.BENCH_PHOTO_SIZE ?? '4000x3000').split('x').map(Number) as [number, number];

/** The bench photos, made once and kept in the temporary folder (about 3.5 s each to make). */
async function benchPhotos(): Promise<Buffer[]> {
  const dir = path.join(os.tmpdir(), `ananas-bench-photos-${WIDTH}x${HEIGHT}`);
  mkdirSync(dir, { recursive: true });
  const out: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const file = path.join(dir, `photo-${i}.jpg`);
    if (!existsSync(file)) {
      const data = await sharp({
        create: {
          width: WIDTH,
          height: HEIGHT,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 110 + i * 2, sigma: 10 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer();
      writeFileSync(file, data);
    }
    out.push(readFileSync(file));
  }
  return out;
}

/** The process that runs the server: tsx starts the script in a child node process of its own. */
function serverPid(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children.length ? serverPid(children[0]!) : pid;
}

async function uploadOne(app: AppInfo, data: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('imagesArray', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${app.port}/api/facts/property/${app.propertyId}/gallery/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${app.token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${text}`);
  return performance.now() - started;
}

async function run(photos: Buffer[], concurrency: number, env: Record<string, string> = {}): Promise<string> {
  const app = await startChild<AppInfo>('serve-app.ts', [], env);
  try {
    const pid = serverPid(app.process.pid!);
    // One upload first, not counted: libvips loaded, the pools and the code warm.
    await uploadOne(app.info, photos[0]!, 'warm-up.jpg');
    const startMb = await peakRssMb(pid);
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < photos.length) {
          const i = next++;
          times.push(await uploadOne(app.info, photos[i]!, `photo-${i}.jpg`));
        }
      }),
    );
    const total = (performance.now() - started) / 1000;
    const peak = await peakRssMb(pid);
    times.sort((a, b) => a - b);
    const mb = photos.reduce((s, p) => s + p.length, 0) / 1_048_576;
    const mode = `${concurrency === 1 ? 'sequential' : `${concurrency} at a time`}${
      Object.keys(env).length
        ? `, ${Object.entries(env)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}`
        : ''
    }`;
    return `| ${mode} | ${total.toFixed(1)} s | ${(photos.length / total).toFixed(2)} | ${(mb / total).toFixed(1)} | ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms | ${startMb} MB | ${peak} MB |`;
  } finally {
    await app.stop();
  }
}

export async function photoBenches(): Promise<string[]> {
  const photos = await benchPhotos();
  const avg = photos.reduce((s, p) => s + p.length, 0) / photos.length / 1_048_576;
  const out = [
    `### Photo upload, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${photos.length} JPEGs of ${WIDTH} × ${HEIGHT}, ${avg.toFixed(1)} MB each, one per request, fresh server each`,
    '',
    '| mode (after one upload to warm up) | total | photos/s | MB/s | p50 request | max request | server peak RSS after the warm-up | server peak RSS after uploads |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  // glibc's per-thread malloc arenas keep what libvips freed (sharp's own advice): the same runs with
  // two arenas. Not in the smoke run (BENCH_SMOKE): they differ only in the servers' environment,
  // and two more servers were half of that run's photos section.
  const envs: Record<string, string>[] = SMOKE ? [{}] : [{}, { MALLOC_ARENA_MAX: '2' }];
  for (const env of envs) for (const concurrency of [1, 4]) out.push(await run(photos, concurrency, env));
  return out;
}
