/**
 * Where a cold load of the portfolio spends its main thread (issue 39): the portal on a production
 * build (BENCH_CLIENT_DIR, or built here with source maps) with the portfolio bench's 200
 * properties, loaded in a fresh context under Chromium's CPU profiler, to the frame after the first
 * screen (20 rows). Prints, over BENCH_PROFILE_LOADS loads (mean per load): time in each script
 * chunk, in the browser's own work (program: layout, style, paint; GC) and idle, and the heaviest
 * functions. Where the build has its source maps (`vite build --sourcemap`, or the build made
 * here), a function is named by its source (file and line, the package for a dependency's), and
 * the time is also summed by source file: `intl-messageformat/index.js` says more than `index.js:3`.
 *
 * BENCH_PROFILE_PATH profiles another page of that owner instead (`/`: the dashboard), its first
 * screen marked by BENCH_PROFILE_SELECTOR's first match.
 *
 *   BENCH_CLIENT_DIR=dist/client npx tsx scripts/bench/portfolio-profile.ts
 *   BENCH_PROFILE_PATH=/ BENCH_PROFILE_SELECTOR='[data-testid="dashboard"]' npx tsx scripts/bench/portfolio-profile.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession } from 'playwright-core';
import { productionClient } from './production-client.js';
import { portfolioPortal } from './portfolio-benches.js';
import { renderCounter } from './render-counter.js';

const LOADS = Number(process.env.BENCH_PROFILE_LOADS ?? 10);
/** Another page of the same signed-in owner (`/` is the dashboard), and what marks its first screen. */
const ADDRESS = process.env.BENCH_PROFILE_PATH ?? '/property-portfolio';
const SCREEN = process.env.BENCH_PROFILE_SELECTOR ?? '[data-testid="portfolio-row"]';
const SCREEN_COUNT = process.env.BENCH_PROFILE_SELECTOR ? 1 : 20;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Counts the components rendered until the first screen's mark is set. */
const RENDER_COUNTER = renderCounter('window.__first === undefined');

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
const bucketOf = (url: string, fn: string) => {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const file = url.split('/').pop() ?? url;
  return file.replace(/-[\w-]{8}\.js$/, '.js');
};

const client = await productionClient({ sourcemap: true });

/** Each chunk's source map, when the build has it beside the chunk. */
const maps = new Map<string, TraceMap | undefined>();
function mapOf(url: string): TraceMap | undefined {
  const file = url.split('/').pop() ?? url;
  if (!maps.has(file)) {
    const at = path.join(client.dir, 'assets', `${file}.map`);
    maps.set(file, existsSync(at) ? new TraceMap(readFileSync(at, 'utf8')) : undefined);
  }
  return maps.get(file);
}

const root = path.resolve(import.meta.dirname, '../..');
/**
 * A source's name as a reader knows it: a package's path inside it, or its path in the project.
 * The maps name sources relative to the map's own folder, wherever the build was written.
 */
const sourceName = (source: string) => {
  const at = path.relative(root, path.resolve(client.dir, 'assets', source));
  return at.replace(/^.*node_modules\//, '');
};

/** A profiled function: its source (file, line and original name) when the chunk's map is at hand. */
function whereIs(frame: ProfileNode['callFrame']): { fn: string; source?: string } {
  const name = frame.functionName || '(anonymous)';
  const map = mapOf(frame.url);
  const at = map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return { fn: `${name} ${bucketOf(frame.url, '')}:${frame.lineNumber}` };
  const source = sourceName(at.source);
  return { fn: `${at.name ?? name} ${source}:${at.line}`, source };
}
const { signedInContext, stop } = await portfolioPortal(client.dir, 'profile@bench.example');
try {
  const buckets = new Map<string, number[]>();
  const functions = new Map<string, number[]>();
  const sources = new Map<string, number[]>();
  const screens: number[] = [];
  for (let i = -1; i < LOADS; i++) {
    const context = await signedInContext();
    const page = await context.newPage();
    if (process.env.BENCH_PROFILE_RENDERS) await page.addInitScript(RENDER_COUNTER);
    await page.addInitScript(
      ([selector, count]) => {
        const w = window as unknown as { __first?: number };
        new MutationObserver((_m, obs) => {
          if (document.querySelectorAll(selector).length >= count) {
            obs.disconnect();
            requestAnimationFrame(() => setTimeout(() => (w.__first = performance.now()), 0));
          }
        }).observe(document, { childList: true, subtree: true });
      },
      [SCREEN, SCREEN_COUNT] as const,
    );
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(ADDRESS);
    await page.waitForFunction(() => (window as unknown as { __first?: number }).__first !== undefined);
    const screen = await page.evaluate(() => (window as unknown as { __first: number }).__first);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    if (process.env.BENCH_PROFILE_RENDERS && i === 0) {
      const [commits, list] = await page.evaluate(() => {
        const w = window as unknown as { __renders: Map<string, number>; __commits: number };
        return [w.__commits, [...w.__renders.entries()]] as const;
      });
      const total = list.reduce((a, [, n]) => a + n, 0);
      console.log(`${commits} commits, ${total} component renders before the first screen; most rendered:`);
      for (const [n, c] of [...list].sort((a, b) => b[1] - a[1]).slice(0, 40))
        console.log(`  ${String(c).padStart(5)}  ${n}`);
    }
    await context.close();
    if (i < 0) continue;
    screens.push(screen);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const own = new Map<string, number>();
    const fns = new Map<string, number>();
    const files = new Map<string, number>();
    profile.samples.forEach((id, k) => {
      const node = byId.get(id)!;
      const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000;
      const b = bucketOf(node.callFrame.url, node.callFrame.functionName);
      own.set(b, (own.get(b) ?? 0) + ms);
      if (node.callFrame.url) {
        const { fn, source } = whereIs(node.callFrame);
        fns.set(fn, (fns.get(fn) ?? 0) + ms);
        if (source) files.set(source, (files.get(source) ?? 0) + ms);
      }
    });
    for (const [b, ms] of own) buckets.set(b, [...(buckets.get(b) ?? []), ms]);
    for (const [f, ms] of fns) functions.set(f, [...(functions.get(f) ?? []), ms]);
    for (const [f, ms] of files) sources.set(f, [...(sources.get(f) ?? []), ms]);
  }
  console.log(`first screen (20 rows) p50 ${median(screens).toFixed(0)} ms over ${screens.length} loads`);
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0) / screens.length;
  console.log('\nmain thread by bucket (mean ms per load, profile from navigation to the mark):');
  for (const [b, v] of [...buckets].sort((a, b) => sum(b[1]) - sum(a[1])).slice(0, 25)) {
    console.log(`  ${sum(v).toFixed(1).padStart(7)}  ${b}`);
  }
  if (sources.size) {
    console.log('\nmain thread by source file (self time, mean ms per load; from the source maps):');
    for (const [f, v] of [...sources].sort((a, b) => sum(b[1]) - sum(a[1])).slice(0, 25))
      console.log(`  ${sum(v).toFixed(1).padStart(7)}  ${f}`);
  }
  console.log('\nheaviest functions by self time (mean ms per load):');
  for (const [f, v] of [...functions].sort((a, b) => sum(b[1]) - sum(a[1])).slice(0, 30)) {
    console.log(`  ${sum(v).toFixed(1).padStart(7)}  ${f}`);
  }
} finally {
  await stop();
  client.dispose();
}
