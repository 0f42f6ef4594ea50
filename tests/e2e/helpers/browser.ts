import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { watchRequests } from './quiet.js';

/** Flags for a quiet, reproducible headless Chromium in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Whether this run has a browser (the global setup decides; tests skip without one). */
export const hasBrowser = (): boolean => !!inject('chromium');

/** One Chromium per test worker (the browser project runs its files in one process per worker). */
let shared: Promise<Browser> | undefined;

/**
 * Chromium for one suite: the worker's one browser, started at the first call (a launch costs a
 * second of CPU; 40 suites launched one each). What the suite gets is the same browser, except
 * that its `close()` closes the contexts this suite opened and leaves the browser to the next
 * suite (playwright ends it with the worker process).
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: inject('chromium'), headless: true, args: CHROMIUM_ARGS });
  let browser: Browser;
  try {
    browser = await shared;
  } catch (error) {
    shared = undefined;
    throw error;
  }
  if (!browser.isConnected()) {
    shared = undefined;
    return launchBrowser();
  }
  const opened = new Set<BrowserContext>();
  // Pages move as for a person whose system asks for reduced motion (the app then opens dialogs and
  // menus at once: tests/e2e/appearance.test.ts shows both ways): a test waits for no animation to
  // end, and the browser paints no frames for it. A test that wants motion says so.
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const newPage: Browser['newPage'] = async (options) => {
    const context = await newContext(options);
    const page = await context.newPage();
    // As Browser.newPage: the page owns its context.
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  const close: Browser['close'] = async () => {
    await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
  };
  const own: Partial<Record<keyof Browser, unknown>> = { newContext, newPage, close };
  return new Proxy(browser, {
    get(target, key) {
      if (key in own) return own[key as keyof Browser];
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * What a context keeps from one use to the next beyond cookies and storage: a context on which a
 * test called one of these is closed for good instead of being used again.
 */
const STICKY = new Set<string | symbol>([
  'addInitScript',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'exposeBinding',
  'exposeFunction',
  'grantPermissions',
  'setGeolocation',
  'setExtraHTTPHeaders',
  'setOffline',
  'setHTTPCredentials',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'on',
  'once',
  'addListener',
  'prependListener',
  'clock',
  'tracing',
]);

/** The idle contexts of each suite's browser, by the portal they were opened on. */
const idle = new WeakMap<Browser, Map<string, BrowserContext[]>>();

/**
 * A person's own context: no cookies, no storage, but with the portal's scripts already in the
 * browser's cache. A context a person is done with (its `close()`) is cleared (pages, cookies, the
 * portal origin's storage) and given to the next person in the same suite: a new context loads and
 * compiles the whole client again (about a second and a half of Chromium's CPU, some 60 times a
 * run), and a person's first page is what the tests wait on. A context a test changed in a way
 * that outlives a clearing (STICKY) is closed for real. Contexts a test makes itself
 * (`browser.newContext`: the first-load and signed-URL tests want a cold one) are never reused.
 */
async function personalContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const byPortal = idle.get(browser) ?? new Map<string, BrowserContext[]>();
  idle.set(browser, byPortal);
  const free = byPortal.get(baseURL) ?? [];
  byPortal.set(baseURL, free);
  const reused = free.pop();
  // (Cleared again as it is taken: by now nothing written before its clearing is still on its way.)
  if (reused) await reused.clearCookies();
  const raw = reused ?? (await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } }));
  let tainted = false;
  let released = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    if (tainted) return raw.close();
    try {
      const pages = raw.pages();
      // Each page leaves the app first: a cookie the app wrote as it went (the view cookie,
      // src/client/ssr/view-cookie.ts) reaches the cookie store after the script that wrote it, and
      // one that lands after the clearing below would be the next person's.
      await Promise.all(pages.map((p) => p.goto('about:blank')));
      const blank = pages[0] ?? (await raw.newPage());
      await Promise.all(pages.slice(1).map((p) => p.close()));
      const cdp = await raw.newCDPSession(blank);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(baseURL).origin,
        storageTypes: 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
      });
      await cdp.detach();
      await raw.clearCookies();
      await blank.close();
      free.push(raw);
    } catch {
      // Closed already (the suite ended) or the browser went: nothing to give back.
      await raw.close().catch(() => undefined);
    }
  };
  // A page's clock is its context's (page.clock): a test that sets it taints the context too.
  const newPage: BrowserContext['newPage'] = async () =>
    new Proxy(await raw.newPage(), {
      get(target, key) {
        if (key === 'clock') tainted = true;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(raw, {
    get(target, key) {
      if (key === 'close') return release;
      if (key === 'newPage') return newPage;
      if (STICKY.has(key)) tainted = true;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A context per person (see personalContext); page errors and console output are collected.
 * `fresh`: a context of its own, never used before or after, as a browser that has not been here
 * (no script in its cache, no cookie ever written by the app).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  { fresh = false } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = fresh
    ? await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } })
    : await personalContext(browser, baseURL);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => problems.push(`console.${m.type()}: ${m.text()}`));
  page.setDefaultTimeout(15_000);
  watchRequests(page);
  return { context, page, problems };
}
