/**
 * The real app in its own process serving a production client build (argv[2]) on a fresh
 * SQLite database: a premium owner (no photo quota) with one property of PHOTOS photos,
 * uploaded through the API 20 to a request. Prints {port, email, password, propertyId, token, photos, dataDir}.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { seedBenchHotel } from '../fixtures.js';

const PHOTOS = Number(process.env.BENCH_GALLERY_PHOTOS ?? 200);
const PER_REQUEST = 20;
const PASSWORD = 'Bench-Password-1';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-gallery-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANANAS_DEMO: '0' }),
  clientDir: path.resolve(process.argv[2]!),
};
const { app, services } = await buildApp({ config, logger: false });
const seeded = await seedBenchHotel(services);
await services.db.kysely.updateTable('users').set({ premium_active: true }).where('id', '=', seeded.userId).execute();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

/** A 1200 × 900 photo-like JPEG (a colour wash with some grain), different for every i. */
function photo(i: number): Promise<Buffer> {
  const hue = (i * 37) % 360;
  const background = `hsl(${hue}, 55%, ${35 + (i % 5) * 8}%)`;
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="1200" height="900"><circle cx="${300 + (i % 7) * 90}" cy="450" r="220" fill="hsl(${(hue + 180) % 360},60%,60%)"/></svg>`,
        ),
        blend: 'over',
      },
    ])
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

const user = await services.db.kysely
  .selectFrom('users')
  .select('email')
  .where('id', '=', seeded.userId)
  .executeTakeFirstOrThrow();
console.log(
  JSON.stringify({
    port,
    email: user.email,
    password: PASSWORD,
    propertyId: seeded.propertyId,
    token: seeded.token,
    photos: PHOTOS,
    dataDir,
  }),
);
