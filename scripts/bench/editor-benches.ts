/**
 * The editor in Chromium on the production build (DESIGN "Numbers to reach"): keystroke to next
 * paint in the sports tab fully filled and in the rooms tab with 50 rooms, the same keystroke in
 * stock rjsf + MUI rendering the same section in one form, and each tab's first paint.
 */
import { createServer, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildBare } from './editor/build.js';
import { productionClient } from './production-client.js';
import { IN_PAGE, percentile, timedKeystrokes } from './editor/in-page.js';
import { cells, EDITOR_ROOMS, MIN_SAMPLES, SMOKE, WARMUP } from './harness.js';
import { startChild } from './processes.js';
import { CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser.js';

interface EditorApp {
  port: number;
  email: string;
  password: string;
  propertyId: number;
  token: string;
}

const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? MIN_SAMPLES);
const TAB_ROUNDS = Number(process.env.BENCH_TAB_ROUNDS ?? 5);
const TABS = [
  'general',
  'location',
  'facilities',
  'rooms',
  'food-beverage',
  'all-inclusive',
  'sports-wellness',
  'children',
  'entertainment',
  'additional',
  'maintenance',
  'partner-hotel',
];

const ms = (n: number) => n.toFixed(1);

/** Press keys into the focused input, one at a time, each timed to the paint after it. */
async function keystrokes(page: Page): Promise<number[]> {
  return (await timedKeystrokes(page, KEYSTROKES + WARMUP)).slice(WARMUP);
}

async function signIn(page: Page, app: EditorApp): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(app.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(app.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
}

async function openEditor(page: Page, app: EditorApp, tab: string): Promise<void> {
  await page.goto(`/property/${app.propertyId}/${tab}`);
  await page.getByTestId(`tab-${tab}`).locator('[data-section]').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction((t) => !document.querySelector(`[data-testid="tab-${t}"] [role="progressbar"]`), tab);
  // Every card mounted (those below the first screen mount right after the first paint), and
  // the other sections' code fetched in idle time, so the page is at rest.
  await page.waitForFunction(
    () => !document.querySelector('[data-pending-group]') && !!document.querySelector('[data-preloaded]'),
    undefined,
    { timeout: 60_000 },
  );
}

/** Each tab's first paint in a fresh page load, TAB_ROUNDS times. */
async function tabPaints(page: Page, app: EditorApp): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>(TABS.map((t) => [t, []]));
  for (let round = 0; round < TAB_ROUNDS; round++) {
    await openEditor(page, app, 'general');
    for (const tab of TABS.slice(1)) {
      // The tab before is complete (its cards below the first screen mounted) before the next click.
      await page.waitForFunction(() => !document.querySelector('[data-pending-group]'));
      out
        .get(tab)!
        .push(
          await page.evaluate(
            (t) => (window as unknown as { __bench: { openTab(t: string): Promise<number> } }).__bench.openTab(t),
            tab,
          ),
        );
    }
    await page.waitForFunction(() => !document.querySelector('[data-pending-group]'));
    // The first tab, opened last from another one.
    out
      .get('general')!
      .push(
        await page.evaluate(() =>
          (window as unknown as { __bench: { openTab(t: string): Promise<number> } }).__bench.openTab('general'),
        ),
      );
  }
  return out;
}

async function engineKeystrokes(page: Page, app: EditorApp): Promise<{ sports: number[]; rooms: number[] }> {
  await openEditor(page, app, 'sports-wellness');
  await page.getByRole('textbox', { name: 'Size (sqm)' }).first().click();
  await page.keyboard.press('End');
  const sports = await keystrokes(page);
  await openEditor(page, app, 'rooms');
  await page.getByRole('button', { name: 'Edit Room (1)', exact: true }).click();
  await page.waitForFunction(() => !document.querySelector('[data-pending-group]'));
  await page.getByRole('textbox', { name: 'Room name' }).click();
  await page.keyboard.press('End');
  const rooms = await keystrokes(page);
  return { sports, rooms };
}

function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const file = path.join(
      dir,
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html',
    );
    readFile(file.endsWith('/') ? path.join(file, 'index.html') : file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html',
        });
        res.end(body);
      },
      () =>
        readFile(path.join(dir, 'index.html')).then((body) =>
          res.writeHead(200, { 'content-type': 'text/html' }).end(body),
        ),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface BareRun {
  keys: number[];
  /** The same keystrokes into a plain input added outside React on the same page: what the page costs anyway. */
  floor: number[];
  render: number;
}

/** One section on the bare bench page, stock rjsf or the engine, typed into like in the app. */
async function bareKeystrokes(
  browser: Browser,
  url: string,
  app: EditorApp,
  mode: 'stock' | 'engine',
): Promise<{ sports: BareRun; rooms: BareRun }> {
  const headers = { authorization: `Token ${app.token}` };
  const api = `http://127.0.0.1:${app.port}`;
  const sportsDoc = await (await fetch(`${api}/api/facts/sports-wellness/${app.propertyId}/`, { headers })).json();
  const roomsList = await (await fetch(`${api}/api/facts/rooms/${app.propertyId}/`, { headers })).json();
  const run = async (section: string, data: unknown, field: (page: Page) => Promise<void>): Promise<BareRun> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(IN_PAGE);
    await page.addInitScript(`window.benchInput = ${JSON.stringify({ section, data, mode })};`);
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as { benchRendered?: number }).benchRendered !== undefined,
      undefined,
      { timeout: 180_000 },
    );
    const render = await page.evaluate(() => (window as unknown as { benchRendered: number }).benchRendered);
    await page.waitForFunction(() => !document.querySelector('[data-pending-group]'));
    await field(page);
    await page.keyboard.press('End');
    const keys = await keystrokes(page);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'bench-floor';
      input.style.cssText = 'position:fixed;top:0;left:0;z-index:9999';
      document.body.appendChild(input);
    });
    await page.locator('#bench-floor').click();
    const floor = await keystrokes(page);
    await context.close();
    return { keys, floor, render };
  };
  const sports = await run('sports-wellness', sportsDoc, (page) =>
    page.locator(mode === 'stock' ? '#root_fitnessCentreSize' : '[id="sports-wellness_fitnessCentreSize"]').click(),
  );
  const rooms = await run('rooms', roomsList, (page) =>
    page.locator(mode === 'stock' ? '#root_0_roomName' : '[data-testid="row-editor"] input[id$="_roomName"]').click(),
  );
  return { sports, rooms };
}

const line = (name: string, v: number[]) => `| ${name} | ${cells(v)} |`;

/** Chromium's frame clocks the keystroke figures are taken under. */
const FRAME_CLOCKS = [
  { name: 'display clock (Chromium default, 60 Hz): includes the wait for the next frame', args: [] as string[] },
  {
    name: 'frames unthrottled (--disable-frame-rate-limit --disable-gpu-vsync): the work without the wait for the display',
    args: ['--disable-frame-rate-limit', '--disable-gpu-vsync'],
  },
];

/** Keystroke figures in the app and on the bare page, stock against the engine, under one frame clock. */
async function keystrokeTable(
  clock: (typeof FRAME_CLOCKS)[number],
  app: EditorApp,
  bareUrl: string,
): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...clock.args],
  });
  try {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${app.port}`,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    await page.addInitScript(IN_PAGE);
    await signIn(page, app);
    const engine = await engineKeystrokes(page, app);
    await context.close();
    const stock = await bareKeystrokes(browser, bareUrl, app, 'stock');
    const own = await bareKeystrokes(browser, bareUrl, app, 'engine');
    const ratio = (a: number[], b: number[], p: number) => (percentile(b, p) / percentile(a, p)).toFixed(1);
    /** Work above the page's own floor (p50 of the field minus p50 of a plain input on the same page). */
    const above = (run: BareRun) => Math.max(0.1, percentile(run.keys, 50) - percentile(run.floor, 50));
    return [
      `#### Keystroke to next paint, ${clock.name}`,
      '',
      `| keystroke to next paint (ms, after ${WARMUP} keystrokes to warm up) | p50 | p95 | max | n |`,
      '| --- | --- | --- | --- | --- |',
      line('app, engine: sports & wellness tab, fully filled (fitness centre size)', engine.sports),
      line(`app, engine: rooms tab, ${EDITOR_ROOMS} rooms (room name of the open room)`, engine.rooms),
      line('bare page, engine: sports & wellness', own.sports.keys),
      line('bare page, stock rjsf + MUI: sports & wellness in one form', stock.sports.keys),
      line(`bare page, engine: ${EDITOR_ROOMS} rooms (list, one open)`, own.rooms.keys),
      line(`bare page, stock rjsf + MUI: the ${EDITOR_ROOMS} rooms in one form`, stock.rooms.keys),
      line('floor: a plain input on the engine sports page', own.sports.floor),
      line('floor: a plain input on the stock sports page', stock.sports.floor),
      line('floor: a plain input on the engine rooms page', own.rooms.floor),
      line('floor: a plain input on the stock rooms page', stock.rooms.floor),
      '',
      `stock / engine on the bare page: sports ${ratio(own.sports.keys, stock.sports.keys, 50)}× at p50, ${ratio(own.sports.keys, stock.sports.keys, 95)}× at p95; ` +
        `rooms ${ratio(own.rooms.keys, stock.rooms.keys, 50)}× at p50, ${ratio(own.rooms.keys, stock.rooms.keys, 95)}× at p95`,
      `work above each page's floor (p50): sports engine ${ms(above(own.sports))} ms, stock ${ms(above(stock.sports))} ms (${(above(stock.sports) / above(own.sports)).toFixed(1)}×); ` +
        `rooms engine ${ms(above(own.rooms))} ms, stock ${ms(above(stock.rooms))} ms (${(above(stock.rooms) / above(own.rooms)).toFixed(1)}×)`,
      `first render on the bare page: sports engine ${ms(own.sports.render)} ms, stock ${ms(stock.sports.render)} ms; ${EDITOR_ROOMS} rooms engine ${ms(own.rooms.render)} ms, stock ${ms(stock.rooms.render)} ms`,
      '',
    ];
  } finally {
    await browser.close();
  }
}

export async function editorBenches(): Promise<string[]> {
  const [client, bareDir] = [await productionClient(), await buildBare()];
  const app = await startChild<EditorApp>('editor/serve-editor-app.ts', [client.dir]);
  const bare = await serveStatic(bareDir);
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    const out = ['### Editor, Chromium, production build', ''];
    // The smoke run (BENCH_SMOKE) shows the tables still come out: one clock does, the unthrottled one
    // (no wait for the display's frames); the second clock was half of the section's time again.
    for (const clock of SMOKE ? FRAME_CLOCKS.slice(1) : FRAME_CLOCKS)
      out.push(...(await keystrokeTable(clock, app.info, bareUrl)));
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      const context = await browser.newContext({
        baseURL: `http://127.0.0.1:${app.info.port}`,
        viewport: { width: 1400, height: 900 },
      });
      const page = await context.newPage();
      await page.addInitScript(IN_PAGE);
      await signIn(page, app.info);
      const tabs = await tabPaints(page, app.info);
      out.push(
        `| tab first paint (ms, click to painted, ${TAB_ROUNDS} page loads, display clock) | p50 | p95 | max | n |`,
        '| --- | --- | --- | --- | --- |',
        ...TABS.map((t) => line(t, tabs.get(t)!)),
      );
    } finally {
      await browser.close();
    }
    return out;
  } finally {
    bare.close();
    await app.stop();
    client.dispose();
    rmSync(bareDir, { recursive: true, force: true });
  }
}
