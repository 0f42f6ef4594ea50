/**
 * The real app in its own process on a fresh SQLite database (PostgreSQL with
 * BENCH_DATABASE_URL): the demo accounts and hotel that `npm start` seeds, and the bench hotel
 * (every section filled, 20 rooms, 5 restaurants, 5 bars, 10 maintenance rows), published, its
 * owner premium, with BENCH_EXPORT_PHOTOS photos (default 200) uploaded through the API. Prints
 * {port, token, propertyId, demoToken, demoPropertyId, photos, phasesPort, pid}.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { seedBenchHotel } from '../fixtures.js';
import { seedDemo } from '../../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS } from '../../../src/server/demo/accounts.js';
import { DEMO_PROPERTY } from '../../../src/server/demo/hotel.js';
import { issueToken } from '../../../src/server/features/auth/sessions.js';
import { servePrintPhases } from './print-phases.js';

const PHOTOS = Number(process.env.BENCH_EXPORT_PHOTOS ?? 200);
const PER_REQUEST = 20;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-exports-'));
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ANANAS_DEMO: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    PDF_CACHE_MB: process.env.PDF_CACHE_MB ?? '',
  }),
  clientDir: '/nonexistent',
};
const { app, services } = await buildApp({ config, logger: false });
await seedDemo(services);
const demoOwner = await services.db.kysely
  .selectFrom('users')
  .select('id')
  .where('email', '=', DEMO_ACCOUNTS.hotel.email)
  .executeTakeFirstOrThrow();
const demoProperty = await services.db.kysely
  .selectFrom('properties')
  .select('id')
  .where('account_id', '=', demoOwner.id)
  .where('hotel_name', '=', DEMO_PROPERTY.hotel_name)
  .executeTakeFirstOrThrow();
const demoToken = (await issueToken(services, demoOwner.id, {})).token;
const seeded = await seedBenchHotel(services);
await services.db.kysely.updateTable('users').set({ premium_active: true }).where('id', '=', seeded.userId).execute();
await services.db.kysely
  .updateTable('properties')
  .set({ publish_date: new Date().toISOString() })
  .where('id', '=', seeded.propertyId)
  .execute();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

/** A 1600 × 1200 photo-like JPEG (a colour wash with grain), different for every i: about 0.5 MB. */
function photo(i: number): Promise<Buffer> {
  const hue = (i * 37) % 360;
  const background = `hsl(${hue}, 55%, ${35 + (i % 5) * 8}%)`;
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

for (let start = 0; start < PHOTOS; start += PER_REQUEST) {
  const form = new FormData();
  for (let i = start; i < Math.min(PHOTOS, start + PER_REQUEST); i++) {
    form.append(
      'imagesArray',
      new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }),
      `Photo ${String(i + 1).padStart(3, '0')}.jpg`,
    );
  }
  const res = await fetch(`http://127.0.0.1:${port}/api/facts/property/${seeded.propertyId}/gallery/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${seeded.token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
}

console.log(
  JSON.stringify({
    port,
    token: seeded.token,
    propertyId: seeded.propertyId,
    demoToken,
    demoPropertyId: demoProperty.id,
    photos: PHOTOS,
    phasesPort: await servePrintPhases(services),
    pid: process.pid,
    dataDir,
  }),
);
