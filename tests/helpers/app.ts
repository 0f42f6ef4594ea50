import type { LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { buildApp, type App, type AppOptions } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { DialectName } from '../../src/server/db/connect.js';
import { FakeClock } from './clock.js';
import { createTestDb, type TestDb } from './db.js';
import { Mailbox } from './mailbox.js';

/**
 * argon2id at its smallest cost for every test server (a few hundred sign-ups and sign-ins a run;
 * at production cost each costs tens of milliseconds of CPU). Production refuses it (config.ts);
 * tests/server/auth/passwords.test.ts checks the production cost itself.
 */
export const TEST_PASSWORD_COST: Readonly<Record<string, string>> = {
  PASSWORD_HASH_MEMORY_KIB: '8',
  PASSWORD_HASH_PASSES: '1',
};

export interface TestApp extends App {
  clock: FakeClock;
  mail: Mailbox;
  testDb: TestDb;
  /** A request through the real app (app.inject), with an optional token. */
  api(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string },
  ): Promise<LightMyRequestResponse>;
  stop(): Promise<void>;
}

/**
 * The real app on a fresh database of the given dialect, with a fake clock and a mailbox (and
 * `options.plugins` on its database handle; `options.pgUrl`: another PostgreSQL than the suite's). The
 * notification stream answers its state and ends (NOTIFY_STREAM_SECONDS=0), so app.inject
 * calls of it finish; tests of the live stream listen on a port with a longer hold.
 */
export async function startTestApp(
  dialect: DialectName,
  overrides: Partial<AppOptions> = {},
  env: NodeJS.ProcessEnv = {},
  options: { plugins?: KyselyPlugin[]; pgUrl?: string } = {},
): Promise<TestApp> {
  const testDb = await createTestDb(dialect, { pgUrl: options.pgUrl });
  // Plugins that watch the app's statements (counting them, reading their plans) see every query it sends.
  for (const plugin of options.plugins ?? []) testDb.db = { ...testDb.db, kysely: testDb.db.kysely.withPlugin(plugin) };
  const clock = new FakeClock();
  const mail = new Mailbox();
  const config = {
    ...loadConfig({
      PUBLIC_URL: 'http://portal.test',
      LOG_LEVEL: 'silent',
      NOTIFY_STREAM_SECONDS: '0',
      ...TEST_PASSWORD_COST,
      ...env,
    }),
    dataDir: testDb.dataDir,
    clientDir: '/nonexistent',
  };
  const built = await buildApp({
    config,
    db: testDb.db,
    clock,
    mailer: mail,
    logger: false,
    worker: false,
    ...overrides,
  });
  return {
    ...built,
    clock,
    mail,
    testDb,
    async api(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Token ${options.token}`;
      return built.app.inject({
        method: method as 'GET',
        url,
        headers,
        remoteAddress: options.ip,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
    },
    async stop() {
      await built.close();
      await testDb.drop();
    },
  };
}
