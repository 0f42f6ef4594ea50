/**
 * The real app in its own process (job worker on) on a fresh SQLite database (PostgreSQL with
 * BENCH_DATABASE_URL): BENCH_OPEXPORT_HOTELS fully filled bench hotels (default 20), each
 * published with BENCH_OPEXPORT_PHOTOS photos (default 10) and contracted with one tour operator
 * (every photo allowed). Prints {port, token, hotels, photos, pid, dataDir}.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { hashPassword } from '../../../src/server/features/auth/passwords.js';
import { issueToken } from '../../../src/server/features/auth/sessions.js';
import { writePublication } from '../../../src/server/features/publications/store.js';
import { seedBenchHotel } from '../fixtures.js';

const HOTELS = Number(process.env.BENCH_OPEXPORT_HOTELS ?? 20);
const PHOTOS = Number(process.env.BENCH_OPEXPORT_PHOTOS ?? 10);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-opexports-'));
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ANANAS_DEMO: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  }),
  clientDir: '/nonexistent',
};
const { app, services } = await buildApp({ config, logger: false });
const db = services.db.kysely;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;

/**
 * A call as the client makes it: a sensitive change (routes.json stepUp, e.g. a contract) answered
 * 403 step_up_required is sent again after proving the session with the password (every bench
 * account has PASSWORD).
 */
async function call(token: string, method: string, url: string, body: unknown): Promise<{ id: number }> {
  const send = (m: string, u: string, b: unknown) =>
    fetch(`${base}${u}`, {
      method: m,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
  let res = await send(method, url, body);
  if (res.status === 403 && ((await res.clone().json()) as { code?: string }).code === 'step_up_required') {
    const proved = await send('POST', '/api/auth/step-up/', { password: PASSWORD });
    if (proved.status !== 200) throw new Error(`step-up answered ${proved.status}: ${await proved.text()}`);
    res = await send(method, url, body);
  }
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: number };
}

/** The bench accounts' password (seedBenchHotel gives its owners the same). */
const PASSWORD = 'Bench-Password-1';
const now = new Date().toISOString();
const operator = await db
  .insertInto('users')
  .values({
    email: `bench-operator-${Date.now()}@example.com`,
    username: `benchop${Date.now()}`,
    password_hash: await hashPassword(PASSWORD),
    account_type: 'to',
    first_name: 'Bench',
    last_name: 'Tours',
    phone: '',
    title: '',
    country: 'ES',
    language: 'en',
    manager_id: null,
    is_active: true,
    genuine: false,
    premium_active: false,
    is_staff: false,
    last_password_change: now,
    date_joined: now,
    last_login: null,
    deactivated_at: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const { token } = await issueToken(services, operator.id, {});

/** A 1200 × 900 photo-like JPEG, different for every i: about 0.3 MB. */
function photo(i: number): Promise<Buffer> {
  const background = `hsl(${(i * 37) % 360}, 55%, ${35 + (i % 5) * 8}%)`;
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

for (let h = 0; h < HOTELS; h++) {
  const hotel = await seedBenchHotel(services);
  await db
    .updateTable('properties')
    .set({ hotel_name: `Bench Hotel ${h + 1}`, publish_date: new Date().toISOString() })
    .where('id', '=', hotel.propertyId)
    .execute();
  await db
    .transaction()
    .execute((trx) =>
      writePublication(trx, hotel.propertyId, hotel.userId, new Date().toISOString(), 100, services.schemas).then(
        () => undefined,
      ),
    );
  if (PHOTOS) {
    const form = new FormData();
    for (let i = 0; i < PHOTOS; i++)
      form.append(
        'imagesArray',
        new Blob([new Uint8Array(await photo(h * PHOTOS + i))], { type: 'image/jpeg' }),
        `Photo ${i + 1}.jpg`,
      );
    const res = await fetch(`${base}/api/facts/property/${hotel.propertyId}/gallery/create/`, {
      method: 'POST',
      headers: { authorization: `Token ${hotel.token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  }
  const contract = await call(hotel.token, 'POST', '/api/partners/contract/create/', {
    partner: operator.id,
    to_select_photos: 'A',
  });
  await call(token, 'PUT', `/api/partners/contract/edit/${contract.id}/`, { status: 'A' });
}

console.log(JSON.stringify({ port, token, hotels: HOTELS, photos: PHOTOS, pid: process.pid, dataDir }));
