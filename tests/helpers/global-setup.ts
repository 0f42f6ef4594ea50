import { existsSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../scripts/client-build.js';
import { reachableRedis } from '../server/scale/redis.js';
import { migratedPgTemplate, migratedSqliteTemplate } from './migrated-templates.js';

/**
 * Debian's Chromium for the browser tests: its headless shell (`apt-get install
 * chromium-headless-shell`, the same Blink without the desktop browser around it) where installed,
 * the desktop build otherwise. The shell drove the same pages with a quarter less CPU (four browser
 * files on 6 December 2026: 108 against 145 s of CPU). CHROMIUM names another.
 */
const CHROMIUM_BUILDS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
export const CHROMIUM = process.env.CHROMIUM ?? CHROMIUM_BUILDS.find((path) => existsSync(path)) ?? CHROMIUM_BUILDS[1]!;
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const told = new Set<string>();

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** Why the PostgreSQL variants are skipped when pgUrl is empty. */
    pgSkipped: string;
    chromium: string;
    /** The run's migrated SQLite file, which each test database copies (migrated-templates.ts). */
    sqliteTemplate: string;
    /** The run's migrated PostgreSQL database, which each test database is created from ('' without PostgreSQL). */
    pgTemplate: string;
  }
}

interface Templates {
  sqlite: string;
  pg: string;
  remove(): Promise<void>;
}

/**
 * Made once for all projects, removed when the last project's teardown runs. Vitest may load this
 * module once per project, so the shared state hangs off the process, not the module.
 */
const shared = globalThis as { ananasTemplates?: { made?: Promise<Templates>; users: number } };
const templates = (shared.ananasTemplates ??= { users: 0 });

async function makeTemplates(pgUrl: string): Promise<Templates> {
  const started = Date.now();
  const [sqlite, pgTemplate] = await Promise.all([
    migratedSqliteTemplate(),
    pgUrl ? migratedPgTemplate(pgUrl) : Promise.resolve(undefined),
  ]);
  console.log(`Migrated the template databases in ${Date.now() - started} ms (each test database copies them).`);
  return {
    sqlite: sqlite.file,
    pg: pgTemplate?.name ?? '',
    async remove() {
      sqlite.remove();
      await pgTemplate?.remove();
    },
  };
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Decides what the run covers: PostgreSQL when reachable (REQUIRE_PG=1 makes its absence a
 * failure), the browser project when Chromium exists (REQUIRE_BROWSER=1 likewise), and builds
 * the client for the browser tests when the build is missing or older than the sources. What
 * the machine lacks is reported as skipped tests (their suites name the reason), and named
 * again after the summary: a missing service never makes tests vanish silently.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const missing: string[] = [];
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  // TEST_DATABASES=sqlite leaves PostgreSQL out on purpose (.ci/node24: those variants run on Node 20).
  const sqliteOnly = process.env.TEST_DATABASES === 'sqlite';
  if (sqliteOnly && process.env.REQUIRE_PG === '1') throw new Error('REQUIRE_PG=1 contradicts TEST_DATABASES=sqlite');
  const pgOk = !sqliteOnly && (await reachable(url));
  if (!pgOk && process.env.REQUIRE_PG === '1')
    throw new Error(`REQUIRE_PG=1 but PostgreSQL is not reachable at ${url}`);
  if (sqliteOnly)
    missing.push('TEST_DATABASES=sqlite: the PostgreSQL variants of the server tests are skipped in this run.');
  else if (!pgOk)
    missing.push(
      `PostgreSQL is not reachable at ${url}: the PostgreSQL variants of the server tests are skipped (create the \`test\` database, see docs/contributing.md; REQUIRE_PG=1 makes this a failure).`,
    );
  project.provide('pgUrl', pgOk ? url : '');
  project.provide('pgSkipped', sqliteOnly ? 'left out (TEST_DATABASES=sqlite): skipped' : 'not reachable: skipped');
  templates.made ??= makeTemplates(pgOk ? url : '');
  templates.users += 1;
  const made = await templates.made;
  project.provide('sqliteTemplate', made.sqlite);
  project.provide('pgTemplate', made.pg);
  if (!(await reachableRedis()))
    missing.push(
      `Redis is not reachable at ${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}: the Redis variants of tests/server/scale are skipped (apt-get install redis-server).`,
    );

  const chromium = existsSync(CHROMIUM) ? CHROMIUM : '';
  if (!chromium && process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but ${CHROMIUM} is missing`);
  if (!chromium)
    missing.push(
      `${CHROMIUM} is missing: the browser tests are skipped (apt-get install chromium-headless-shell; REQUIRE_BROWSER=1 makes this a failure).`,
    );
  project.provide('chromium', chromium);
  // Every project runs this setup: say each thing once.
  const fresh = missing.filter((line) => !told.has(line));
  fresh.forEach((line) => told.add(line));
  for (const line of fresh) console.warn(line);
  if (chromium && project.name === 'browser') await ensureClientBuild();
  return async () => {
    for (const line of fresh) console.warn(`Skipped: ${line}`);
    templates.users -= 1;
    if (templates.users === 0) {
      const done = templates.made;
      templates.made = undefined;
      await (await done)?.remove();
    }
  };
}
