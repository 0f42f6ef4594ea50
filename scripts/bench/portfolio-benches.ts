/**
 * npm run bench -- portfolio: many properties at once (issue 29 §2) with 200 properties.
 * - Bulk edit of one section (main info: check-in time and pets) over all 200, end to end: the
 *   POST, the job on the app's own worker, until GET says done (polled every 50 ms); then its undo.
 * - The portfolio table's call (GET api/facts/portfolio/), 200 rows.
 * - The portfolio page in Chromium (production build): navigation to the frame after the 200th row
 *   is painted, in a fresh context each time; and inside the app, a click from the facts list.
 * BENCH_DATABASE_URL: the server part on PostgreSQL, in a schema of its own, dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/tables.js';
import { hashPassword } from '../../src/server/features/auth/passwords.js';
import { issueToken } from '../../src/server/features/auth/sessions.js';
import { CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser.js';
import { HYDRATED_MARK, HYDRATION_STATE_ID } from '../../src/shared/server-render.js';
import { startPortal } from '../../tests/e2e/helpers/portal.js';
import { productionClient } from './production-client.js';
import { cells, MIN_SAMPLES } from './harness.js';
import {
  ANCHOR_PATH,
  coldLoad,
  coldTable,
  pageSample,
  waterfall,
  writeAnchor,
  type ColdSample,
  signedInState,
} from './cold-load.js';

const PROPERTIES = Number(process.env.BENCH_PORTFOLIO_PROPERTIES ?? 200);
const BULK_RUNS = Number(process.env.BENCH_BULK_RUNS ?? 10);
const LOADS = Number(process.env.BENCH_PORTFOLIO_LOADS ?? MIN_SAMPLES);
const NAVS = Number(process.env.BENCH_PORTFOLIO_NAVS ?? MIN_SAMPLES);
export const PASSWORD = 'Bench-Portfolio-2026';

/** An owner with 200 properties, each with main info and location saved, 5 rooms, a month of stop-sale on one room. */
export async function seed(k: Kysely<Database>, email: string, properties = PROPERTIES): Promise<number> {
  const now = new Date().toISOString();
  const user = await k
    .insertInto('users')
    .values({
      email,
      username: email,
      password_hash: await hashPassword(PASSWORD),
      account_type: 'accommodation',
      first_name: 'B',
      last_name: 'P',
      phone: '',
      title: '',
      country: 'ES',
      language: 'en',
      manager_id: null,
      is_active: true,
      genuine: true,
      premium_active: false,
      is_staff: false,
      last_password_change: now,
      date_joined: now,
      last_login: null,
      deactivated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const today = now.slice(0, 10);
  for (let i = 0; i < properties; i++) {
    const p = await k
      .insertInto('properties')
      .values({
        account_id: user.id,
        hotel_name: `Bench Hotel ${String(i + 1).padStart(3, '0')}`,
        country: 'ES',
        state: 'PM',
        city: i % 2 ? 'Palma' : 'Sóller',
        publish_date: null,
        logo_key: null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const doc = (section: string, facts: Record<string, unknown>) => ({
      property_id: p.id,
      section,
      version: 1,
      updated_at: now,
      updated_by: user.id,
      data: JSON.stringify({ id: p.id, hotel: p.id, version: 1, ...facts }),
    });
    await k
      .insertInto('fact_sections')
      .values([
        doc('main-info', {
          accommodation_type: 'Hotel',
          rating: 4,
          address: `Calle ${i}`,
          zip_code: '07001',
          email: `h${i}@bench.example`,
          phone: '+34 971 000 000',
          check_in_time: '15:00',
          check_out_time: '11:00',
          pets_allowed: false,
        }),
        doc('location', { closest_airport: 'Palma (PMI)' }),
      ])
      .execute();
    const rooms = await k
      .insertInto('fact_rows')
      .values(
        Array.from({ length: 5 }, (_, j) => ({
          property_id: p.id,
          kind: 'room',
          position: j,
          data: JSON.stringify({ room_name: `Room ${j + 1}` }),
          updated_at: now,
          updated_by: user.id,
        })),
      )
      .returning('id')
      .execute();
    await k
      .insertInto('stop_sale_events')
      .values(
        Array.from({ length: 30 }, (_, d) => ({
          property_id: p.id,
          room_id: rooms[0]!.id,
          date: new Date(Date.parse(`${today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10),
          color: 2,
          updated_by: user.id,
          updated_at: now,
        })),
      )
      .execute();
  }
  return user.id;
}

/** A portal on a client build, seeded with the portfolio's properties, a Chromium, and the user's signed-in state. */
export interface PortfolioPortal {
  url: string;
  kysely: Kysely<Database>;
  browser: Browser;
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** A fresh browser context at the portal, signed in, at the benches' window size (1400 × 900). */
  signedInContext(): Promise<BrowserContext>;
  /** Closes the browser and stops the portal. */
  stop(): Promise<void>;
}

/**
 * The set-up every Chromium bench of the portfolio shares (this section, portfolio-profile.ts,
 * portfolio-timeline.ts): the portal serving `clientDir`, Chromium as the tests start it, the
 * portfolio's properties for `email`, and that user signed in. Nothing is left running when a step fails.
 */
export async function portfolioPortal(clientDir: string, email: string): Promise<PortfolioPortal> {
  const portal = await startPortal({ clientDir });
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await portal.stop();
  };
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    await seed(portal.services.db.kysely, email);
    const storageState = await signedInState(browser, portal.url, email, PASSWORD);
    const signedIn = browser;
    const signedInContext = () =>
      signedIn.newContext({ baseURL: portal.url, viewport: { width: 1400, height: 900 }, storageState });
    return { url: portal.url, kysely: portal.services.db.kysely, browser, storageState, signedInContext, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function serverPart(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-portfolio-'));
  const url = process.env.BENCH_DATABASE_URL;
  const schema = `bench_portfolio_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  if (url) await admin(`create schema ${schema}`);
  const db = openDatabase({ dataDir, databaseUrl: url, pgSchema: url ? schema : undefined });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANANAS_DEMO: '0' }),
    clientDir: '/nonexistent',
  };
  const built = await buildApp({ config, db, logger: false });
  await built.services.jobs.start();
  try {
    const userId = await seed(built.services.db.kysely, 'bulk@bench.example');
    const token = (await issueToken(built.services, userId, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    const call = async <T>(method: string, u: string, body?: unknown): Promise<T> => {
      const res = await built.app.inject({
        method: method as 'POST',
        url: u,
        headers: { authorization: `Token ${token}` },
        payload: body as object,
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${u}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json<T>();
    };
    const ids = (await call<{ id: number }[]>('GET', '/api/facts/properties/')).map((p) => p.id);
    const until = async (id: number, state: string) => {
      for (;;) {
        const b = await call<{ state: string; counts: Record<string, number> }>('GET', `/api/facts/bulk-edit/${id}/`);
        if (b.state === state) return b;
        if (b.state === 'failed') throw new Error(`bulk edit ${id} failed`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const applies: number[] = [];
    const undos: number[] = [];
    const previews: number[] = [];
    for (let i = 0; i < BULK_RUNS; i++) {
      const body = {
        section: 'main-info',
        values: { check_in_time: i % 2 ? '14:00' : '13:30', pets_allowed: i % 2 === 0 },
        properties: ids,
      };
      let t = performance.now();
      await call('POST', '/api/facts/bulk-edit/preview/', body);
      previews.push(performance.now() - t);
      t = performance.now();
      const started = await call<{ id: number }>('POST', '/api/facts/bulk-edit/', body);
      const done = await until(started.id, 'done');
      applies.push(performance.now() - t);
      if (done.counts.applied !== PROPERTIES) throw new Error(`applied ${done.counts.applied} of ${PROPERTIES}`);
      if (i < 3) {
        t = performance.now();
        await call('POST', `/api/facts/bulk-edit/${started.id}/undo/`);
        await until(started.id, 'undone');
        undos.push(performance.now() - t);
      }
    }
    const tables: number[] = [];
    for (let i = -10; i < MIN_SAMPLES; i++) {
      const t = performance.now();
      const rows = await call<unknown[]>('GET', '/api/facts/portfolio/');
      if (i >= 0) tables.push(performance.now() - t);
      if (rows.length !== PROPERTIES) throw new Error(`portfolio of ${rows.length}`);
    }
    const row = (name: string, v: number[]) => `| ${name} | ${cells(v)} |`;
    return [
      `### Bulk edit and portfolio table, ${PROPERTIES} properties (${url ? 'PostgreSQL' : 'SQLite'}, in-process, the app's own job worker)`,
      '',
      '| what | p50 ms | p95 ms | max ms | n |',
      '| --- | --- | --- | --- | --- |',
      row(
        `bulk edit of main info (2 fields) over ${PROPERTIES} properties, end to end: POST to GET saying done (target ≤ 5000)`,
        applies,
      ),
      row(`undo of that batch, end to end`, undos),
      row(`preview of that bulk edit (${PROPERTIES} properties)`, previews),
      row(`GET api/facts/portfolio/ (${PROPERTIES} rows)`, tables),
      '',
    ];
  } finally {
    await built.close();
    if (url) await admin(`drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (v: number[], q: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((q / 100) * v.length))]!;

async function browserPart(): Promise<string[]> {
  const client = await productionClient();
  const clientDir = client.dir;
  writeAnchor(clientDir);
  const { url, browser, storageState, signedInContext, stop } = await portfolioPortal(
    clientDir,
    'portfolio@bench.example',
  );
  try {
    // Two marks: the first screen (20 rows, what a 900 px window shows) and all the rows, each at the frame after.
    const watch = (total: number) => {
      const w = window as unknown as { __first?: number; __paint?: number };
      new MutationObserver((_m, obs) => {
        const n = document.querySelectorAll('[data-testid="portfolio-row"]').length;
        if (n >= Math.min(20, total) && w.__first === undefined) {
          w.__first = -1;
          requestAnimationFrame(() => setTimeout(() => (w.__first = performance.now()), 0));
        }
        if (n >= total) {
          obs.disconnect();
          requestAnimationFrame(() => setTimeout(() => (w.__paint = performance.now()), 0));
        }
      }).observe(document, { childList: true, subtree: true });
    };
    /** The portfolio loaded in a new tab of `context`, once all its rows are painted (its marks set). */
    const watchedLoad = async (context: BrowserContext): Promise<Page> => {
      const page = await context.newPage();
      await page.addInitScript(watch, PROPERTIES);
      await page.goto('/property-portfolio');
      await page.waitForFunction(() => (window as unknown as { __paint?: number }).__paint !== undefined, undefined, {
        timeout: 60_000,
      });
      return page;
    };
    const anchor: ColdSample[] = [];
    const portfolioCold: ColdSample[] = [];
    const cold: number[] = [];
    const coldHydrated: number[] = [];
    const coldFirst: number[] = [];
    const coldShell: number[] = [];
    const navs: number[] = [];
    const navsFirst: number[] = [];
    for (let i = 0; i <= LOADS; i++) {
      // The anchor (a static file from the same server) just before each load, in a context of its own.
      const bare = await browser.newContext({ baseURL: url, viewport: { width: 1400, height: 900 } });
      const floor = await coldLoad(bare, ANCHOR_PATH, 'h1');
      await bare.close();
      const context = await signedInContext();
      const page = await watchedLoad(context);
      // The first load fills the browser's caches of nothing: it is the warm-up.
      if (i > 0) {
        const marks = await page.evaluate((mark) => {
          const w = window as unknown as { __first: number; __paint: number };
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          return [w.__first, w.__paint, fcp, performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN];
        }, HYDRATED_MARK);
        coldFirst.push(marks[0]!);
        cold.push(marks[1]!);
        coldShell.push(marks[2]!);
        // Only a server-rendered load is hydrated (without the server's render, there is no mark).
        if (!Number.isNaN(marks[3])) coldHydrated.push(marks[3]!);
        anchor.push(floor);
        portfolioCold.push(await pageSample(page, '__first'));
      }
      if (i === LOADS) {
        for (let n = 0; n < NAVS; n++) {
          await page.goto('/property-facts');
          // The menu's entry: the facts page has a Portfolio button of its own.
          const menuEntry = page.getByTestId('side-menu').getByRole('link', { name: 'Portfolio' });
          await menuEntry.waitFor();
          await page.evaluate((total) => {
            const w = window as unknown as { __start?: number; __first?: number; __paint?: number };
            w.__paint = undefined;
            w.__first = undefined;
            document.addEventListener('click', (e) => (w.__start = e.timeStamp), { capture: true, once: true });
            new MutationObserver((_m, obs) => {
              const n = document.querySelectorAll('[data-testid="portfolio-row"]').length;
              if (n >= Math.min(20, total) && w.__first === undefined) {
                w.__first = -1;
                requestAnimationFrame(() => setTimeout(() => (w.__first = performance.now()), 0));
              }
              if (n >= total) {
                obs.disconnect();
                requestAnimationFrame(() => setTimeout(() => (w.__paint = performance.now()), 0));
              }
            }).observe(document, { childList: true, subtree: true });
          }, PROPERTIES);
          await menuEntry.click();
          await page.waitForFunction(
            () => (window as unknown as { __paint?: number }).__paint !== undefined,
            undefined,
            { timeout: 60_000 },
          );
          const [firstScreen, whole] = await page.evaluate(() => {
            const w = window as unknown as { __start: number; __first: number; __paint: number };
            return [w.__first - w.__start, w.__paint - w.__start];
          });
          navsFirst.push(firstScreen!);
          navs.push(whole!);
        }
      }
      await context.close();
    }
    // A returning user: one browser profile, a new tab for each load. Its HTTP cache holds the
    // hashed assets, and V8's code cache (kept from a script's second load on) spares compiling them.
    const returning: number[] = [];
    const warm = await signedInContext();
    for (let i = -3; i < LOADS; i++) {
      const page = await watchedLoad(warm);
      if (i >= 0) returning.push(await page.evaluate(() => (window as unknown as { __first: number }).__first));
      await page.close();
    }
    await warm.close();
    const rendered = await serverRenderTimes(url, storageState);
    const row = (name: string, v: number[]) =>
      v.length
        ? `| ${name} | ${pct(v, 50).toFixed(1)} | ${pct(v, 95).toFixed(1)} | ${v.length} |`
        : `| ${name} | — | — | 0 |`;
    return [
      `### Portfolio page in Chromium (production build, ${PROPERTIES} properties, SQLite)`,
      '',
      '| what | p50 ms | p95 ms | n |',
      '| --- | --- | --- | --- |',
      row(
        'first paint, cold: page load in a fresh context to the first screen (20 rows) painted (target ≤ 300)',
        coldFirst,
      ),
      row(`the same to all ${PROPERTIES} rows painted`, cold),
      row(
        'the same load until the app has taken the server-rendered page over (hydrated: it answers clicks)',
        coldHydrated,
      ),
      row(
        'of which the app itself: the same load to its first contentful paint (the boot screen the server sends ahead of the page, before any row)',
        coldShell,
      ),
      row(
        'a returning user: the same load in a new tab of a browser that loaded the app before (its HTTP and code caches warm) to the first screen',
        returning,
      ),
      row(
        'first paint in the app: click from the facts list to the first screen (20 rows) painted (target ≤ 300)',
        navsFirst,
      ),
      row(`the same to all ${PROPERTIES} rows painted`, navs),
      row(
        `the server's render: GET /property-portfolio as HTML with its ${PROPERTIES} rows, request to last byte (${rendered.kb.toFixed(0)} KB as brotli, ${rendered.rawKb.toFixed(0)} KB as HTML)`,
        rendered.page,
      ),
      row('of which its head and boot screen, sent as the render starts: request to first byte', rendered.head),
      row(`the anchor from the same server the same way`, rendered.anchor),
      '',
      'The same cold loads beside the anchor, a static file served by the same server, loaded in a fresh context just before each (first screen: 20 rows):',
      '',
      ...coldTable(
        new Map([
          [`anchor: ${ANCHOR_PATH}`, anchor],
          ['/property-portfolio', portfolioCold],
        ]),
      ),
      '',
      ...(portfolioCold.length ? waterfall('/property-portfolio', portfolioCold.at(-1)!) : []),
    ];
  } finally {
    await stop();
    rmSync(path.join(clientDir, ANCHOR_PATH), { force: true });
    client.dispose();
  }
}

/** One GET as the browser sends it (brotli accepted): when its first byte and its last came, and its bytes as sent. */
function timedGet(url: string, cookie: string): Promise<{ first: number; last: number; wire: Buffer }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        let first = Number.NaN;
        res.on('data', (c: Buffer) => {
          if (!chunks.length) first = performance.now() - t;
          chunks.push(c);
        });
        res.on('end', () => resolve({ first, last: performance.now() - t, wire: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The server-rendered page fetched over HTTP with the signed-in browser's cookies, one at a time
 * (the whole answer each time), beside the anchor; fails when the page is not server-rendered, so
 * a change that loses the render shows here, not as a slower figure.
 */
async function serverRenderTimes(
  url: string,
  state: PortfolioPortal['storageState'],
): Promise<{ head: number[]; page: number[]; anchor: number[]; kb: number; rawKb: number }> {
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const head: number[] = [];
  const page: number[] = [];
  const anchor: number[] = [];
  let kb = 0;
  let rawKb = 0;
  for (let i = -5; i < MIN_SAMPLES; i++) {
    const got = await timedGet(`${url}/property-portfolio`, cookie);
    const html = brotliDecompressSync(got.wire).toString();
    if (i >= 0) {
      head.push(got.first);
      page.push(got.last);
    }
    if (!html.includes(`id="${HYDRATION_STATE_ID}"`))
      throw new Error('/property-portfolio was not rendered by the server');
    kb = got.wire.byteLength / 1024;
    rawKb = Buffer.byteLength(html) / 1024;
    const bare = await timedGet(`${url}${ANCHOR_PATH}`, cookie);
    if (i >= 0) anchor.push(bare.last);
  }
  return { head, page, anchor, kb, rawKb };
}

/** BENCH_PORTFOLIO_PART=browser (or server): only that half. */
export async function portfolioBenches(): Promise<string[]> {
  const part = process.env.BENCH_PORTFOLIO_PART;
  return [...(part === 'browser' ? [] : await serverPart()), ...(part === 'server' ? [] : await browserPart())];
}
