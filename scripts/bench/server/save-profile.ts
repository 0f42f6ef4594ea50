/**
 * Where a 50-room save's CPU goes: the bench's save (a fresh copy of the full hotel each time, the
 * copy not profiled) through app.inject in this process, with the CPU profiler on for the saves
 * alone. Writes one .cpuprofile per save under the directory given (default a temporary one) and
 * prints the CPU per save. SQLite, or PostgreSQL with BENCH_DATABASE_URL.
 *   npx tsx scripts/bench/server/save-profile.ts [dir] [saves]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { seedBenchHotel } from '../fixtures.js';

const dir = process.argv[2] ?? mkdtempSync(path.join(os.tmpdir(), 'save-profile-'));
const saves = Number(process.argv[3] ?? 30);
mkdirSync(dir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' }),
  clientDir: '/nonexistent',
};
const { app, services } = await buildApp({ config, logger: false });
const { token, propertyId } = await seedBenchHotel(services);
const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
const rooms = (await app.inject({ url: `/api/facts/rooms/${propertyId}/`, headers })).json<Record<string, unknown>[]>();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
let cpu = 0;
for (let i = -10; i < saves; i++) {
  const copy = await app.inject({
    method: 'POST',
    url: `/api/facts/property/${propertyId}/copy/`,
    headers,
    payload: JSON.stringify({ hotel_name: `Bench copy ${i}`, sections: ['room'] }),
  });
  const hotel = copy.json<{ id: number }>().id;
  const payload = JSON.stringify(Array.from({ length: 50 }, (_, j) => ({ ...rooms[j % rooms.length], id: 0, hotel })));
  if (i >= 0) await session.post('Profiler.start');
  const started = process.cpuUsage();
  const res = await app.inject({ method: 'POST', url: `/api/facts/rooms/update/${hotel}/`, headers, payload });
  const used = process.cpuUsage(started);
  if (res.statusCode !== 200) throw new Error(`save answered ${res.statusCode}: ${res.body}`);
  if (i < 0) continue;
  cpu += (used.user + used.system) / 1000;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(path.join(dir, `save-${i}.cpuprofile`), JSON.stringify(profile));
}
console.log(
  `${saves} saves, CPU per save ${(cpu / saves).toFixed(1)} ms (profiler on); profiles in ${dir}; ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
await app.close();
