/**
 * The availability chart in Chromium on the production build (npm run bench -- stopsale): a hotel
 * with 50 rooms and a full month of states; the chart's first paint (navigation to the painted
 * grid, fresh page each time; and from the menu inside the app), then a keystroke state change and a pointer drag across the grid
 * to the next paint, with frames unthrottled. Keystrokes and drag moves: WARMUP inputs unrecorded,
 * then at least MIN_SAMPLES timed ones; the p95 is the samples' nearest-rank percentile.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser.js';
import { startPortal } from '../../tests/e2e/helpers/portal.js';
import { hashPassword } from '../../src/server/features/auth/passwords.js';
import { issueToken } from '../../src/server/features/auth/sessions.js';
import { productionClient } from './production-client.js';
import { cells, MIN_SAMPLES, WARMUP } from './harness.js';
import { signedInState } from './cold-load.js';

const LOADS = Number(process.env.BENCH_CHART_LOADS ?? 100);
const KEYS = Math.max(MIN_SAMPLES, Number(process.env.BENCH_KEYSTROKES ?? MIN_SAMPLES));
const MOVES = Math.max(MIN_SAMPLES, Number(process.env.BENCH_DRAG_MOVES ?? MIN_SAMPLES));
const NAVS = Number(process.env.BENCH_CHART_NAVS ?? 100);
const PASSWORD = 'Bench-Chart-2026';

export async function stopSaleBrowserBenches(): Promise<string[]> {
  const client = await productionClient();
  const portal = await startPortal({ clientDir: client.dir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  try {
    const k = portal.services.db.kysely;
    const now = new Date().toISOString();
    const user = await k
      .insertInto('users')
      .values({
        email: 'chart@bench.example',
        username: 'chart',
        password_hash: await hashPassword(PASSWORD),
        account_type: 'accommodation',
        first_name: 'B',
        last_name: 'C',
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
    const property = await k
      .insertInto('properties')
      .values({
        account_id: user.id,
        hotel_name: 'Bench Hotel',
        country: 'ES',
        state: 'PM',
        city: 'Palma',
        publish_date: null,
        logo_key: null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rooms = await k
      .insertInto('fact_rows')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          property_id: property.id,
          kind: 'room',
          position: i,
          data: JSON.stringify({ room_name: `Room ${i + 1}` }),
          updated_at: now,
          updated_by: user.id,
        })),
      )
      .returning('id')
      .execute();
    const token = (await issueToken(portal.services, user.id, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    const d = new Date();
    const month = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`;
    const count = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
    const events = (color: (i: number) => number) =>
      Array.from({ length: count }, (_, i) => ({
        date: `${month.slice(0, 8)}${String(i + 1).padStart(2, '0')}`,
        color: color(i),
        state: 'create',
      }));
    const res = await fetch(`${portal.url}/api/stop-sale/save/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        data: { date: month, rooms: rooms.map((r, j) => ({ id: r.id, events: events((i) => (i + j) % 5) })) },
      }),
    });
    if (res.status !== 200) throw new Error(`save ${res.status}`);

    const storageState = await signedInState(browser, portal.url, 'chart@bench.example', PASSWORD);

    const paints: number[] = [];
    const navs: number[] = [];
    let keys: number[] = [];
    let keyScripts: number[] = [];
    let drags: number[] = [];
    let keyCpu = 0;
    let dragCpu = 0;
    // CPU time of the page's processes (renderer and GPU/compositor), ms: what an input costs does not
    // depend on how busy the machine is, its wall time to the next frame does.
    const cdp = await browser.newBrowserCDPSession();
    const pageCpu = async () => {
      const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
      return processInfo
        .filter((p) => p.type === 'renderer' || p.type === 'GPU')
        .reduce((sum, p) => sum + p.cpuTime * 1000, 0);
    };
    for (let i = 0; i <= LOADS; i++) {
      const context = await browser.newContext({
        baseURL: portal.url,
        viewport: { width: 1400, height: 900 },
        storageState,
      });
      const page = await context.newPage();
      // Navigation start to the frame after the last room's row is in the document.
      await page.addInitScript(() => {
        const w = window as unknown as { __chartPaint?: number };
        new MutationObserver((_m, obs) => {
          if (document.querySelector('[data-row="49"][data-col="0"]')) {
            obs.disconnect();
            requestAnimationFrame(() => setTimeout(() => (w.__chartPaint = performance.now()), 0));
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/property-stopsale');
      await page.waitForFunction(
        () => (window as unknown as { __chartPaint?: number }).__chartPaint !== undefined,
        undefined,
        { timeout: 60_000 },
      );
      if (i > 0) paints.push(await page.evaluate(() => (window as unknown as { __chartPaint: number }).__chartPaint));
      if (i === LOADS) {
        // In the app (code loaded, signed in): from the dashboard, a click on the menu entry to the
        // frame after the last room's row is painted; the page asks for its month again each time.
        const menu = page.getByTestId('side-menu');
        for (let n = 0; n < NAVS; n++) {
          await menu.getByRole('link', { name: 'Dashboard' }).click();
          await page.getByTestId('dashboard').waitFor();
          await page.evaluate(() => {
            const w = window as unknown as { __navStart?: number; __navPaint?: number };
            w.__navStart = undefined;
            w.__navPaint = undefined;
            document.addEventListener('click', (e) => (w.__navStart = e.timeStamp), { capture: true, once: true });
            new MutationObserver((_m, obs) => {
              if (document.querySelector('[data-row="49"][data-col="0"]')) {
                obs.disconnect();
                requestAnimationFrame(() => setTimeout(() => (w.__navPaint = performance.now()), 0));
              }
            }).observe(document, { childList: true, subtree: true });
          });
          await menu.getByRole('link', { name: 'Availability Chart' }).click();
          await page.waitForFunction(
            () => (window as unknown as { __navPaint?: number }).__navPaint !== undefined,
            undefined,
            { timeout: 60_000 },
          );
          navs.push(
            await page.evaluate(() => {
              const w = window as unknown as { __navStart: number; __navPaint: number };
              return w.__navPaint - w.__navStart;
            }),
          );
        }
        // Keystrokes: focus a cell, then 1-5 in turn, each timed from the key event to the next frame;
        // the first `warmup` are not recorded (code paths compiled, caches warm).
        await page.locator('[data-row="10"][data-col="5"]').click();
        let cpu = await pageCpu();
        ({ keys, keyScripts } = await page.evaluate(
          async ({ n, warmup }) => {
            const out: number[] = [];
            const scripts: number[] = [];
            const grid = document.querySelector('[role="grid"]')!;
            for (let j = -warmup; j < n; j++) {
              const cell = document.activeElement ?? grid;
              const t = performance.now();
              cell.dispatchEvent(new KeyboardEvent('keydown', { key: String(((j + warmup) % 5) + 1), bubbles: true }));
              // A key is a discrete event: React renders and commits it in a microtask queued during
              // the dispatch, so it has run when this continuation does.
              await Promise.resolve();
              const script = performance.now() - t;
              await new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
              if (j < 0) continue;
              scripts.push(script);
              out.push(performance.now() - t);
            }
            return { keys: out, keyScripts: scripts };
          },
          { n: KEYS, warmup: WARMUP },
        ));
        keyCpu = ((await pageCpu()) - cpu) / (KEYS + WARMUP);
        cpu = await pageCpu();
        // A drag across the grid: each pointer move over a new cell (down and back up the rooms,
        // across the days), timed to the next frame; the first `warmup` moves are not recorded.
        drags = await page.evaluate(
          async ({ n, warmup }) => {
            const out: number[] = [];
            // No named helpers in here: the bundler's name-keeping wrapper does not exist in the page.
            document
              .querySelector('[data-row="2"][data-col="2"]')!
              .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerId: 1 }));
            for (let s = 1; s <= warmup + n; s++) {
              // Rows 3..47 and back, days 3..27: every move lands on a cell other than the last.
              const row = 2 + (s % 90 < 45 ? s % 90 : 90 - (s % 90));
              const t = performance.now();
              document
                .querySelector(`[data-row="${row}"][data-col="${2 + (s % 25)}"]`)!
                .dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerId: 1 }));
              await new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
              if (s > warmup) out.push(performance.now() - t);
            }
            window.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 1 }));
            return out;
          },
          { n: MOVES, warmup: WARMUP },
        );
        dragCpu = ((await pageCpu()) - cpu) / (MOVES + WARMUP);
      }
      await context.close();
    }
    const row = (name: string, v: number[]) => `| ${name} | ${cells(v)} |`;
    return [
      '### Stop-sale chart in Chromium (production build, 50 rooms × a full month, frames unthrottled)',
      '',
      '| what | p50 ms | p95 ms | max ms | n |',
      '| --- | --- | --- | --- | --- |',
      row('first paint of the chart, cold (page load in a fresh context to the painted grid)', paints),
      row('first paint of the chart in the app (menu click to the painted grid)', navs),
      row(`keystroke state change to next paint (after ${WARMUP} to warm up)`, keys),
      row('of which script (the key handled: render and commit)', keyScripts),
      row(`pointer drag over a new cell to next paint (after ${WARMUP} to warm up)`, drags),
      `| CPU per input, mean over warm-up and samples (renderer and GPU processes; 10 ms clock ticks): keystroke / drag move | ${keyCpu.toFixed(1)} / ${dragCpu.toFixed(1)} | | | ${KEYS + WARMUP} / ${MOVES + WARMUP} |`,
      '',
    ];
  } finally {
    await browser.close();
    await portal.stop();
    client.dispose();
  }
}
