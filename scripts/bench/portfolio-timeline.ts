/**
 * A cold load of the portfolio in order (issue 39): when each request started and ended, when the
 * main thread was held by a long task, and when the shell, the page, its progress bar and its first
 * 20 rows reached the DOM, to the frame after the first screen. The profile
 * (portfolio-profile.ts) says where the CPU went; this says what waited on what.
 *
 * Prints the load at the median first screen, then the fastest, over BENCH_TIMELINE_LOADS loads
 * (8, after 2 to warm up) of the portal on a production build (BENCH_CLIENT_DIR, or built here)
 * with the portfolio bench's 200 properties, in fresh contexts. Requests of the page's small
 * dependencies are left out unless BENCH_TIMELINE_ALL=1.
 *
 *   BENCH_CLIENT_DIR=dist/client npx tsx scripts/bench/portfolio-timeline.ts
 */
import { APP_START_MARK } from '../../src/shared/server-render.js';
import { productionClient } from './production-client.js';
import { portfolioPortal } from './portfolio-benches.js';

const LOADS = Number(process.env.BENCH_TIMELINE_LOADS ?? 8);
const ALL = process.env.BENCH_TIMELINE_ALL === '1';

type Timeline = Record<string, number>;
const FIRST_SCREEN = 'first screen (the frame after)';

/**
 * In the page before its scripts: the first time each part of the first screen is in the DOM, the
 * frame after the 20th row, and the long tasks. A string, not a function: the bench runs under
 * tsx, whose transform would add helpers the page does not have.
 */
const MARKS = `
  window.__timeline = {};
  window.__longTasks = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) { window.__longTasks.push([e.startTime, e.duration]); });
  }).observe({ type: 'longtask', buffered: true });
  var parts = {
    'DOM: the shell': 'header',
    'DOM: the side menu': '[data-testid="side-menu"]',
    'DOM: the page': '[data-testid="portfolio-table-page"]',
    'DOM: a progress bar': '[role="progressbar"]',
  };
  new MutationObserver(function () {
    var t = window.__timeline, now = performance.now();
    Object.keys(parts).forEach(function (name) {
      if (t[name] === undefined && document.querySelector(parts[name])) t[name] = now;
    });
    if (t['DOM: 20 rows'] === undefined && document.querySelectorAll('[data-testid="portfolio-row"]').length >= 20) {
      t['DOM: 20 rows'] = now;
      requestAnimationFrame(function () { setTimeout(function () { t[${JSON.stringify(FIRST_SCREEN)}] = performance.now(); }, 0); });
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** Requests named by what they are (the file's hash left out); the page's small dependencies only with ALL. */
const MAIN_REQUEST =
  /\/(index|main|react|router-data|mui-core|portfolio-table-page|signed-in-shell|shell-dialogs|messages)\.|\/api\//;

const client = await productionClient();
const { signedInContext, stop } = await portfolioPortal(client.dir, 'timeline@bench.example');
try {
  const loads: Timeline[] = [];
  for (let i = -2; i < LOADS; i++) {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.addInitScript(MARKS);
    await page.goto('/property-portfolio');
    await page.waitForFunction(
      (name) => (window as unknown as { __timeline: Timeline }).__timeline[name] !== undefined,
      FIRST_SCREEN,
      { timeout: 60_000 },
    );
    const timeline = await page.evaluate(
      ({ all, main, appStart }) => {
        const w = window as unknown as { __timeline: Record<string, number>; __longTasks: [number, number][] };
        const out: Record<string, number> = { ...w.__timeline };
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        if (paint) out['first contentful paint (the boot screen)'] = paint.startTime;
        const app = performance.getEntriesByName(appStart)[0];
        if (app) out["the app's code starts (after a frame: start.ts)"] = app.startTime;
        for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          const name = new URL(e.name).pathname.replace(/-[\w-]{8}\.(js|json)$/, '.$1');
          if (!all && !new RegExp(main).test(name)) continue;
          out[`${name} asked`] = e.startTime;
          out[`${name} in`] = e.responseEnd;
        }
        w.__longTasks.forEach(
          ([start, duration], n) => (out[`long task ${n + 1}: ${Math.round(duration)} ms`] = start),
        );
        return out;
      },
      { all: ALL, main: MAIN_REQUEST.source, appStart: APP_START_MARK },
    );
    if (i >= 0) loads.push(timeline);
    await context.close();
  }
  loads.sort((a, b) => a[FIRST_SCREEN]! - b[FIRST_SCREEN]!);
  const show = (title: string, load: Timeline) => {
    console.log(`\n${title}`);
    for (const [name, at] of Object.entries(load).sort((a, b) => a[1] - b[1]))
      console.log(`${at.toFixed(0).padStart(6)} ms  ${name}`);
  };
  show(`The load at the median first screen (of ${loads.length}):`, loads[Math.floor(loads.length / 2)]!);
  show('The fastest load:', loads[0]!);
} finally {
  await stop();
  client.dispose();
}
