/**
 * Cold loads in Chromium (a fresh context each time: empty cache, no open connection), measured
 * from inside the page: the first contentful paint, the frame after the page's first screen is in
 * the DOM, and what crossed the network before the first paint (Resource Timing, same origin, so
 * transferSize is the bytes as sent, compressed, headers included).
 *
 * The anchor: a static HTML file served by the same server in the same run. Its first paint is the
 * floor on this machine at this load (a context, a connection, a document, a paint); the app's
 * figures are read against it, not against a number taken on another day.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cells } from './harness.js';

/** Served by the app's static files as they are (no-cache, like index.html); only the bench writes it. */
export const ANCHOR_PATH = '/bench-anchor.html';

export function writeAnchor(clientDir: string): void {
  writeFileSync(
    path.join(clientDir, ANCHOR_PATH.slice(1)),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Anchor</title></head>' +
      '<body><h1>Ananas</h1><p>A static file, served by the same server, to read the app against.</p></body></html>',
  );
}

export interface ColdSample {
  /** First contentful paint (ms from navigation start). */
  fcp: number;
  /** The frame after the page's first screen was in the DOM. */
  ready: number;
  /** Requests (the document included) that started before the first paint. */
  requestsBeforePaint: number;
  /** Script and stylesheet bytes on the wire that had arrived by the first paint. */
  codeBytesBeforePaint: number;
  /** Requests (the document included) that started before the first screen. */
  requestsBeforeReady: number;
  /** Script and stylesheet bytes on the wire that had arrived by the first screen. */
  codeBytesBeforeReady: number;
  /** Every request before the first screen: path and bytes on the wire, in start order. */
  files: Array<{ path: string; start: number; end: number; wire: number }>;
}

/**
 * Marks the frame after `selector` matches at least `count` elements as window.__ready (ms since
 * navigation start). Runs in the page, before its scripts.
 */
function watchReady([selector, count]: [string, number]): void {
  // No named inner functions: tsx wraps those in a helper that the page does not have.
  new MutationObserver((_m, obs) => {
    if (document.querySelectorAll(selector).length < count) return;
    obs.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => ((window as unknown as { __ready?: number }).__ready = performance.now()), 0),
    );
  }).observe(document, { childList: true, subtree: true });
}

const isCode = (url: string) => /\.(m?js|css)(\?|$)/.test(url);

/** One cold load of `url`; `selector` × `count` is the first screen. */
export async function coldLoad(context: BrowserContext, url: string, selector: string, count = 1): Promise<ColdSample> {
  const page: Page = await context.newPage();
  await page.addInitScript(watchReady, [selector, count] as [string, number]);
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, undefined, {
    timeout: 60_000,
  });
  const sample = await pageSample(page, '__ready');
  await page.close();
  return sample;
}

/**
 * What a loaded page measured of itself: its first contentful paint, the mark window[readyMark]
 * as its first screen, and the requests and code bytes before each.
 */
export async function pageSample(page: Page, readyMark: string): Promise<ColdSample> {
  // The paint entry can land a frame after the mark (on a static page, or on a busy machine: the
  // portfolio's smoke run in CI read it missing at a load of 18): wait for it, for every caller.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
    timeout: 10_000,
  });
  const sample = await page.evaluate((mark) => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const files = [nav, ...resources].map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime,
      end: e.responseEnd,
      wire: e.transferSize,
    }));
    return { fcp, ready: (window as unknown as Record<string, number>)[mark]!, files };
  }, readyMark);
  const before = (t: number) => sample.files.filter((f) => f.start < t);
  const code = (t: number) => sample.files.filter((f) => f.end <= t && isCode(f.path)).reduce((s, f) => s + f.wire, 0);
  return {
    fcp: sample.fcp,
    ready: sample.ready,
    requestsBeforePaint: before(sample.fcp).length,
    codeBytesBeforePaint: code(sample.fcp),
    requestsBeforeReady: before(sample.ready).length,
    codeBytesBeforeReady: code(sample.ready),
    files: before(sample.ready),
  };
}

export interface ColdTarget {
  name: string;
  url: string;
  /** The first screen: at least `count` elements matching `selector`. */
  selector: string;
  count?: number;
  /** A signed-in visitor's storage (cookies, local storage); none: signed out. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/**
 * `loads` cold loads of each target, interleaved (anchor, page A, page B, anchor, ...) so a busy
 * spell on the shared machine falls on all of them alike; one unrecorded round first.
 */
export async function coldLoads(
  browser: Browser,
  baseURL: string,
  targets: readonly ColdTarget[],
  loads: number,
  viewport = { width: 1400, height: 900 },
): Promise<Map<string, ColdSample[]>> {
  const out = new Map<string, ColdSample[]>(targets.map((t) => [t.name, []]));
  for (let i = -1; i < loads; i++)
    for (const t of targets) {
      const context = await browser.newContext({ baseURL, viewport, storageState: t.storageState });
      try {
        const s = await coldLoad(context, t.url, t.selector, t.count);
        if (i >= 0) out.get(t.name)!.push(s);
      } finally {
        await context.close();
      }
    }
  return out;
}

const median = (v: readonly number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
const kb = (n: number) => (n / 1024).toFixed(1);

/** A table of the targets' cold loads: paint and first screen (p50, p95, max, n), requests and KB (medians). */
export function coldTable(samples: Map<string, ColdSample[]>): string[] {
  const lines = [
    '| page | first contentful paint ms: p50 / p95 / max / n | first screen ms: p50 / p95 / max / n | requests before first paint | JS + CSS KB on the wire by first paint | requests before first screen | JS + CSS KB on the wire by first screen |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, list] of samples) {
    const m = (f: (s: ColdSample) => number) => median(list.map(f));
    lines.push(
      `| ${name} | ${cells(list.map((s) => s.fcp)).replaceAll(' | ', ' / ')} | ${cells(list.map((s) => s.ready)).replaceAll(' | ', ' / ')} | ${m((s) => s.requestsBeforePaint)} | ${kb(m((s) => s.codeBytesBeforePaint))} | ${m((s) => s.requestsBeforeReady)} | ${kb(m((s) => s.codeBytesBeforeReady))} |`,
    );
  }
  return lines;
}

/** The requests of one cold load up to its first screen (the last sample's), for the notes. */
export function waterfall(name: string, sample: ColdSample): string[] {
  return [
    `Requests of one cold load of ${name}, up to its first screen (start → end ms, KB on the wire); first paint at ${sample.fcp.toFixed(0)} ms, first screen at ${sample.ready.toFixed(0)} ms:`,
    '',
    ...sample.files.map((f) => `- ${f.start.toFixed(0)} → ${f.end.toFixed(0)} ${f.path} ${kb(f.wire)}`),
    '',
  ];
}

/** Signs in through the sign-in page as a person would and answers the browser storage that keeps the session. */
export async function signedInState(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('dashboard').waitFor({ timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}
