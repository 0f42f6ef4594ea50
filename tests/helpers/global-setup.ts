import { existsSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '../../scripts/client-build.js';

export const CHROMIUM = '/usr/bin/chromium';
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    chromium: string;
  }
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
 * the client for the browser tests when the build is missing or older than the sources.
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  const pgOk = await reachable(url);
  if (!pgOk && process.env.REQUIRE_PG === '1') throw new Error(`REQUIRE_PG=1 but PostgreSQL is not reachable at ${url}`);
  if (!pgOk) console.warn(`PostgreSQL is not reachable at ${url}: server tests run on SQLite only.`);
  project.provide('pgUrl', pgOk ? url : '');

  const chromium = existsSync(CHROMIUM) ? CHROMIUM : '';
  if (!chromium && process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but ${CHROMIUM} is missing`);
  if (!chromium) console.warn(`${CHROMIUM} is missing: browser tests do not run (apt-get install chromium).`);
  project.provide('chromium', chromium);
  const browserTestsSelected = project.vitest.projects.some((p) => p.name === 'browser');
  if (chromium && browserTestsSelected) await ensureClientBuild();
}
