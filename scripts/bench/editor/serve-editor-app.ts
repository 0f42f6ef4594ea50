/**
 * The real app in its own process serving a production client build (argv[2]), on a fresh
 * SQLite database seeded with the bench hotel: every section fully filled, 50 rooms (BENCH_EDITOR_ROOMS), an All
 * Inclusive board so every tab opens. Prints {port, email, password, propertyId} on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { seedBenchHotel } from '../fixtures.js';
import { EDITOR_ROOMS } from '../harness.js';

export const PASSWORD = 'Bench-Password-1';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ananas-bench-editor-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ANANAS_DEMO: '0' }),
  clientDir: path.resolve(process.argv[2]!),
};
const { app, services } = await buildApp({ config, logger: false });
// The bench stops this process when it is done: the database goes with it.
process.once('SIGTERM', () => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
const seeded = await seedBenchHotel(services);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Token ${seeded.token}`, 'content-type': 'application/json' };

// 50 rooms: the 20 of the fixture and 30 more like them (or the first few, at the smoke size).
const rooms = (await (await fetch(`${base}/api/facts/rooms/${seeded.propertyId}/`, { headers })).json()) as Record<
  string,
  unknown
>[];
const fifty = [
  ...rooms.slice(0, EDITOR_ROOMS),
  ...Array.from({ length: Math.max(0, EDITOR_ROOMS - rooms.length) }, (_, i) => ({
    ...rooms[i % rooms.length],
    id: 0,
    room_name: `Room ${rooms.length + i + 1}`,
  })),
];
const saved = await fetch(`${base}/api/facts/rooms/update/${seeded.propertyId}/`, {
  method: 'POST',
  headers,
  body: JSON.stringify(fifty),
});
if (!saved.ok) throw new Error(`rooms save answered ${saved.status}: ${await saved.text()}`);

// An All Inclusive board, so the all-inclusive tab opens too.
const food = (await (await fetch(`${base}/api/facts/food/${seeded.propertyId}/`, { headers })).json()) as Record<
  string,
  unknown
>;
const boards = ['Half Board', 'All Inclusive Plus'];
const put = await fetch(`${base}/api/facts/food/update/${seeded.propertyId}/`, {
  method: 'PUT',
  headers,
  body: JSON.stringify({ ...food, boards_available: boards }),
});
if (!put.ok) throw new Error(`food update answered ${put.status}: ${await put.text()}`);

const user = await services.db.kysely
  .selectFrom('users')
  .select('email')
  .where('id', '=', seeded.userId)
  .executeTakeFirstOrThrow();
console.log(
  JSON.stringify({ port, email: user.email, password: PASSWORD, propertyId: seeded.propertyId, token: seeded.token }),
);
