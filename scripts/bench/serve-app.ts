/**
 * The real app in its own process, on a fresh database under a temporary DATA_DIR (SQLite, or
 * PostgreSQL with BENCH_DATABASE_URL), seeded with the bench hotel. Prints {port, pid, token,
 * propertyId} on stdout.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { seedBenchHotel } from './fixtures.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' }),
  clientDir: '/nonexistent',
};
const { app, services } = await buildApp({ config, logger: false });
const seeded = await seedBenchHotel(services);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, pid: process.pid, ...seeded }),
);
// BENCH_CPU_PROF=<dir>: the server's CPU profile from start to SIGTERM, written there (Chrome's .cpuprofile).
const profileDir = process.env.BENCH_CPU_PROF;
if (profileDir) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync, mkdirSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  // `on`, not `once`: the bench signals the whole process group, so SIGTERM comes twice (directly,
  // and relayed by tsx); a second one without a listener ended the process before the profile was
  // written (under load, nearly always).
  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    void session.post('Profiler.stop').then(({ profile }) => {
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(path.join(profileDir, `serve-app-${process.pid}.cpuprofile`), JSON.stringify(profile));
      process.exit(0);
    });
  });
}
