/**
 * Two client builds side by side on the portfolio's cold load (issue 39): each build served by a
 * portal of its own (this checkout's server, the portfolio bench's 200 properties), loaded in a
 * fresh context in turns (the order swapped each round), so that the machine's drift falls on
 * both alike. Prints per build the first screen (20 rows painted) at p25, p50 and p75.
 * On this 2-core machine a change under some 50 ms does not show beside the noise of one
 * `npm run bench -- portfolio` run to the next; here it does. Prints the hydration too (the app
 * has taken the page over): what a change that favours the first screen may cost. LATENCY=<ms>
 * adds that much to every request (Chromium's network emulation).
 *
 *   AB_DIRS=/tmp/before,/tmp/after ROUNDS=20 npx tsx scripts/bench/portfolio-ab.ts
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser.js';
import { startPortal } from '../../tests/e2e/helpers/portal.js';
import { PASSWORD, seed } from './portfolio-benches.js';
import { signedInState } from './cold-load.js';
import { HYDRATED_MARK } from '../../src/shared/server-render.js';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
interface Mark {
  __first?: number;
}

const dirs = (process.env.AB_DIRS ?? '').split(',').filter(Boolean);
if (dirs.length < 2) throw new Error('AB_DIRS: two or more client builds, comma-separated');
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const LATENCY = Number(process.env.LATENCY ?? 0);
const VIEWPORT = { width: 1400, height: 900 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
});
const portals: { url: string; state: StorageState; stop: () => Promise<void> }[] = [];
try {
  for (const dir of dirs) {
    const portal = await startPortal({ clientDir: dir });
    // Stopped in `finally` even when the seed or the sign-in fails.
    const stop = () => portal.stop();
    portals.push({ url: portal.url, state: { cookies: [], origins: [] }, stop });
    await seed(portal.services.db.kysely, 'ab@bench.example');
    portals.at(-1)!.state = await signedInState(browser, portal.url, 'ab@bench.example', PASSWORD);
  }
  const results = dirs.map(() => [] as number[]);
  const hydrated = dirs.map(() => [] as number[]);
  // Two rounds of warm-up: the first loads fill the server's and the OS's caches.
  for (let round = -2; round < ROUNDS; round++) {
    const order = round % 2 ? [...dirs.keys()] : [...dirs.keys()].reverse();
    for (const v of order) {
      const { url, state } = portals[v]!;
      const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, storageState: state });
      const page = await context.newPage();
      if (LATENCY) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: LATENCY,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      }
      await page.addInitScript(() => {
        const w = window as Mark;
        new MutationObserver((_m, obs) => {
          if (document.querySelectorAll('[data-testid="portfolio-row"]').length >= 20) {
            obs.disconnect();
            requestAnimationFrame(() => setTimeout(() => (w.__first = performance.now()), 0));
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/property-portfolio');
      await page.waitForFunction(() => (window as Mark).__first !== undefined, undefined, { timeout: 60_000 });
      // The app has taken the server's page over (answers clicks): the price of a change that puts the first screen first.
      const taken = await page.waitForFunction(
        (mark) => performance.getEntriesByName(mark)[0]?.startTime,
        HYDRATED_MARK,
        { timeout: 60_000 },
      );
      if (round >= 0) {
        results[v]!.push(await page.evaluate(() => (window as Mark).__first!));
        hydrated[v]!.push((await taken.jsonValue())!);
      }
      await context.close();
    }
  }
  const q = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.floor(p * v.length)]!;
  dirs.forEach((dir, v) => {
    const quartiles = (r: number[]) =>
      `p25 ${q(r, 0.25).toFixed(0)} / p50 ${q(r, 0.5).toFixed(0)} / p75 ${q(r, 0.75).toFixed(0)} ms`;
    console.log(
      `${dir}: first screen ${quartiles(results[v]!)}; hydrated ${quartiles(hydrated[v]!)}; n ${results[v]!.length}`,
    );
  });
} finally {
  await browser.close();
  for (const p of portals) await p.stop();
}
