/**
 * The editor in Chromium on the production build (DESIGN "Numbers to reach"): keystroke to next
 * paint in the sports tab fully filled and in the rooms tab with 50 rooms, the same keystroke in
 * stock rjsf + MUI rendering the same section in one form, and each tab's first paint.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp, buildStock } from './editor/build.js';
import { IN_PAGE, percentile } from './editor/in-page.js';
import { startChild } from './processes.js';
import { CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser.js';

interface EditorApp {
  port: number;
  email: string;
  password: string;
  propertyId: number;
  token: string;
}

const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 60);
const WARMUP = 5;
const TAB_ROUNDS = Number(process.env.BENCH_TAB_ROUNDS ?? 5);
const TABS = ['general', 'location', 'facilities', 'rooms', 'food-beverage', 'all-inclusive', 'sports-wellness', 'children', 'entertainment', 'additional', 'maintenance', 'partner-hotel'];

const ms = (n: number) => n.toFixed(1);

/** Press keys into the focused input, one at a time, each timed to the paint after it. */
async function keystrokes(page: Page): Promise<number[]> {
  await page.evaluate(() => ((window as unknown as { __bench: { keys: number[] } }).__bench.keys = []));
  for (let i = 0; i < KEYSTROKES + WARMUP; i++) {
    await page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace');
    await page.waitForFunction((n) => (window as unknown as { __bench: { keys: number[] } }).__bench.keys.length >= n, i + 1);
    await page.waitForTimeout(25);
  }
  const keys = await page.evaluate(() => (window as unknown as { __bench: { keys: number[] } }).__bench.keys);
  return keys.slice(WARMUP);
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
  // Every card mounted (those below the first screen mount right after the first paint).
  await page.waitForFunction(() => !document.querySelector('[data-pending-group]'));
}

/** Each tab's first paint in a fresh page load, TAB_ROUNDS times. */
async function tabPaints(page: Page, app: EditorApp): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>(TABS.map((t) => [t, []]));
  for (let round = 0; round < TAB_ROUNDS; round++) {
    await openEditor(page, app, 'general');
    for (const tab of TABS.slice(1)) {
      out.get(tab)!.push(await page.evaluate((t) => (window as unknown as { __bench: { openTab(t: string): Promise<number> } }).__bench.openTab(t), tab));
    }
    // The first tab, opened last from another one.
    out.get('general')!.push(await page.evaluate(() => (window as unknown as { __bench: { openTab(t: string): Promise<number> } }).__bench.openTab('general')));
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
  await page.getByRole('textbox', { name: 'Room name' }).click();
  await page.keyboard.press('End');
  const rooms = await keystrokes(page);
  return { sports, rooms };
}

function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html');
    readFile(file.endsWith('/') ? path.join(file, 'index.html') : file).then(
      (body) => {
        res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html' });
        res.end(body);
      },
      () => readFile(path.join(dir, 'index.html')).then((body) => res.writeHead(200, { 'content-type': 'text/html' }).end(body)),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function stockKeystrokes(browser: Browser, stockUrl: string, app: EditorApp): Promise<{ sports: number[]; rooms: number[]; renderSports: number; renderRooms: number }> {
  const headers = { authorization: `Token ${app.token}` };
  const api = `http://127.0.0.1:${app.port}`;
  const sportsDoc = await (await fetch(`${api}/api/facts/sports-wellness/${app.propertyId}/`, { headers })).json();
  const roomsList = await (await fetch(`${api}/api/facts/rooms/${app.propertyId}/`, { headers })).json();
  const run = async (section: string, data: unknown, field: string) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(IN_PAGE);
    await page.addInitScript(`window.benchInput = ${JSON.stringify({ section, data })};`);
    await page.goto(stockUrl);
    await page.waitForFunction(() => (window as unknown as { benchRendered?: number }).benchRendered !== undefined, undefined, { timeout: 120_000 });
    const render = await page.evaluate(() => (window as unknown as { benchRendered: number }).benchRendered);
    await page.locator(field).click();
    await page.keyboard.press('End');
    const keys = await keystrokes(page);
    await context.close();
    return { keys, render };
  };
  const sports = await run('sports-wellness', sportsDoc, '#root_fitnessCentreSize');
  const rooms = await run('rooms', roomsList, '#root_0_roomName');
  return { sports: sports.keys, rooms: rooms.keys, renderSports: sports.render, renderRooms: rooms.render };
}

const line = (name: string, v: number[]) => `| ${name} | ${ms(percentile(v, 50))} | ${ms(percentile(v, 95))} | ${v.length} |`;

export async function editorBenches(): Promise<string[]> {
  const [clientDir, stockDir] = [await buildApp(), await buildStock()];
  const app = await startChild<EditorApp>('editor/serve-editor-app.ts', [clientDir]);
  const stock = await serveStatic(stockDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${app.info.port}`, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(IN_PAGE);
    await signIn(page, app.info);
    const engine = await engineKeystrokes(page, app.info);
    const tabs = await tabPaints(page, app.info);
    const stockUrl = `http://127.0.0.1:${(stock.address() as AddressInfo).port}/`;
    const stockRun = await stockKeystrokes(browser, stockUrl, app.info);
    const ratio = (a: number[], b: number[]) => (percentile(b, 95) / percentile(a, 95)).toFixed(1);
    return [
      '### Editor, Chromium, production build',
      '',
      '| keystroke to next paint (ms) | p50 | p95 | samples |',
      '| --- | --- | --- | --- |',
      line('engine: sports & wellness, fully filled (fitness centre size)', engine.sports),
      line('stock rjsf + MUI: the same section in one form', stockRun.sports),
      line('engine: rooms tab, 50 rooms (room name of the open room)', engine.rooms),
      line('stock rjsf + MUI: the 50 rooms in one form', stockRun.rooms),
      '',
      `stock / engine at p95: sports ${ratio(engine.sports, stockRun.sports)}×, rooms ${ratio(engine.rooms, stockRun.rooms)}×; stock first render: sports ${ms(stockRun.renderSports)} ms, 50 rooms ${ms(stockRun.renderRooms)} ms`,
      '',
      `| tab first paint (ms, click to painted, ${TAB_ROUNDS} page loads) | p50 | p95 | samples |`,
      '| --- | --- | --- | --- |',
      ...TABS.map((t) => line(t, tabs.get(t)!)),
    ];
  } finally {
    await browser.close();
    stock.close();
    app.stop();
  }
}
