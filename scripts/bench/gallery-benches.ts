/**
 * The gallery in Chromium on the production build: a property of 200 photos opened cold (fresh
 * browser context each time): the grid's first paint, the first screen of thumbnails, every
 * thumbnail; then keyboard moves of a focused tile to the next paint.
 */
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser.js';
import { productionClient } from './production-client.js';
import { galleryInPage } from './gallery/in-page.js';
import { measureLoad, measureMoves, type PageLoad } from './gallery/measure.js';
import { startChild } from './processes.js';
import { cells, MIN_SAMPLES, WARMUP } from './harness.js';

interface GalleryApp {
  port: number;
  email: string;
  password: string;
  propertyId: number;
  token: string;
  photos: number;
  dataDir: string;
}

const LOADS = Number(process.env.BENCH_GALLERY_LOADS ?? 10);
const MOVES = Number(process.env.BENCH_GALLERY_MOVES ?? MIN_SAMPLES);
const VIEWPORT = { width: 1400, height: 900 };

const line = (name: string, v: number[]) => `| ${name} | ${cells(v, 0)} |`;
/** Keyboard moves after WARMUP moves not counted. */
const moves = (all: number[]) => all.slice(WARMUP);

export async function galleryBenches(): Promise<string[]> {
  const client = await productionClient();
  const app = await startChild<GalleryApp>('gallery/serve-gallery-app.ts', [client.dir]);
  const baseURL = `http://127.0.0.1:${app.info.port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    // Sign in once; every measured context starts from that session cookie with an empty cache.
    const first = await browser.newContext({ baseURL, viewport: VIEWPORT });
    const signIn = await first.newPage();
    await signIn.goto('/login');
    const form = signIn.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(app.info.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(app.info.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signIn.getByTestId('dashboard').waitFor({ timeout: 60_000 });
    const storageState = await first.storageState();
    await first.close();

    const url = `/property-photos/${app.info.propertyId}`;
    const loads: PageLoad[] = [];
    let swaps: number[] = [];
    let ends: number[] = [];
    for (let i = 0; i <= LOADS; i++) {
      const context = await browser.newContext({ baseURL, viewport: VIEWPORT, storageState });
      const page = await context.newPage();
      await page.addInitScript(galleryInPage(app.info.photos));
      const load = await measureLoad(page, url);
      if (i > 0) loads.push(load); // the first load warms the server and the disk cache
      if (i === LOADS) {
        await page.evaluate(() => scrollTo(0, 0));
        swaps = moves(
          await measureMoves(page, Math.floor(app.info.photos / 2), ['ArrowRight', 'ArrowLeft'], WARMUP + MOVES),
        );
        ends = moves(await measureMoves(page, 0, ['End', 'Home'], WARMUP + MOVES));
      }
      await context.close();
    }
    const pick = (k: keyof PageLoad) => loads.map((l) => l[k]);
    return [
      `### Gallery, Chromium, production build: ${app.info.photos} photos, viewport ${VIEWPORT.width} × ${VIEWPORT.height}, cold cache`,
      '',
      `| ms from navigation start (${LOADS} page loads after one to warm up) | p50 | p95 | max | n |`,
      '| --- | --- | --- | --- | --- |',
      line('gallery list asked (the app booted, signed in, page chunk loaded)', pick('listAsked')),
      line('gallery list answered (GET .../gallery/, 200 photos)', pick('listAnswered')),
      line(`grid first paint (all ${app.info.photos} tiles)`, pick('gridPainted')),
      line('first screen of thumbnails loaded', pick('visibleLoaded')),
      line(`all ${app.info.photos} thumbnails loaded (paging down as each screen loads)`, pick('allLoaded')),
      line(
        'grid render: list answered to grid painted',
        loads.map((l) => l.gridPainted - l.listAnswered),
      ),
      '',
      `| keyboard move of a focused tile, keydown to next paint (ms, after ${WARMUP} moves to warm up) | p50 | p95 | max | n |`,
      '| --- | --- | --- | --- | --- |',
      line(`ArrowRight / ArrowLeft (neighbour swap, tile ${Math.floor(app.info.photos / 2) + 1})`, swaps),
      line(`End / Home (first to last: all ${app.info.photos} positions renumber)`, ends),
    ];
  } finally {
    await browser.close();
    await app.stop();
    // The build and the 200 photos' files (about 100 MB) are not kept.
    client.dispose();
    rmSync(app.info.dataDir, { recursive: true, force: true });
  }
}
