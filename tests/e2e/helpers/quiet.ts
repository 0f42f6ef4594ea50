import type { Page, Request } from 'playwright-core';
import { HYDRATED_MARK, HYDRATION_STATE_ID } from '../../../src/shared/server-render.js';

/** How long a page must start no request after its last answer was painted. */
const QUIET_MS = 40;

export interface RequestWatch {
  /** Requests in flight (the live notification stream aside: it stays open for the page's life). */
  readonly pending: ReadonlySet<Request>;
  /** Requests started so far. */
  readonly started: number;
  /**
   * Until no request is in flight, the last answers are painted (two frames: React has committed
   * what they brought and started whatever that asks for next) and no request starts for a moment
   * after: a page loading in steps. Playwright's `networkidle` waits 500 ms of silence at every
   * page instead; over a sweep of dozens of pages that was most of a language test's time.
   */
  settle(timeoutMs?: number): Promise<void>;
}

/** Two painted frames: a resize or a render has been laid out. */
export const frames = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const watches = new WeakMap<Page, RequestWatch>();

/**
 * Until `page` has loaded what it shows (RequestWatch.settle): the page's watch must have started
 * before its first navigation (openPage starts one for every page it opens).
 */
export function settled(page: Page, timeoutMs?: number): Promise<void> {
  const watch = watches.get(page);
  if (!watch) throw new Error('settled(page): watchRequests(page) was not called before the page loaded');
  return watch.settle(timeoutMs);
}

/** Watches the page's requests from now on: call it before the page's first navigation. */
export function watchRequests(page: Page): RequestWatch {
  const known = watches.get(page);
  if (known) return known;
  const pending = new Set<Request>();
  let started = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'eventsource') return;
    pending.add(r);
    started++;
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  const watch: RequestWatch = {
    pending,
    get started() {
      return started;
    },
    async settle(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      // A page the server rendered has settled once the app has taken it over: the app starts a
      // frame after the page is parsed (src/client/start.ts), and until then nothing is in flight.
      await page
        .waitForFunction(
          ([block, mark]) => !document.getElementById(block) || performance.getEntriesByName(mark).length > 0,
          [HYDRATION_STATE_ID, HYDRATED_MARK] as const,
          { timeout: timeoutMs },
        )
        .catch(() => undefined);
      while (Date.now() < deadline) {
        while (pending.size > 0 && Date.now() < deadline) await page.waitForTimeout(10);
        const before = started;
        await frames(page);
        await page.waitForTimeout(QUIET_MS);
        if (pending.size === 0 && started === before) return;
      }
    },
  };
  watches.set(page, watch);
  return watch;
}
