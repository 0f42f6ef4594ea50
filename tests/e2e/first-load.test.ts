import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { openTab, ownerWithProperty } from './helpers/facts.js';
import { CLIENT_DIR } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { HYDRATED_MARK, HYDRATION_STATE_ID, VIEW_COOKIE } from '../../src/shared/server-render.js';
import { signInAs } from './helpers/ui.js';
import { isAsset, loadOverWire, wireBytes } from './helpers/wire.js';

/** DESIGN "Numbers to reach": the sign-in page's first load is at most 250 KB of gzip JavaScript. */
const BUDGET = 250 * 1024;
/** ...and at most 250 KB on the wire as the server sends it (headers included); a repeat visit no asset bytes. */
const WIRE_BUDGET = 250 * 1024;

describe.skipIf(!hasBrowser())('sign-in page weight', () => {
  const stage = useStage();

  it('loads at most 250 KB of gzip JavaScript', async () => {
    const { context, page } = await stage.page();
    const scripts: Promise<[string, number]>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => [r.url(), gzipSync(b).length]));
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    expect(sizes.length).toBeGreaterThan(0);
    expect(
      total,
      `sign-in first load: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files`,
    ).toBeLessThanOrEqual(BUDGET);
    await context.close();
  });

  it('crosses the wire compressed: at most 250 KB on a first visit, no asset bytes on the next (hashed files kept by the browser)', async () => {
    const context = await stage.browser.newContext({
      baseURL: stage.portal.url,
      viewport: { width: 1280, height: 860 },
    });
    const form = (page: Page) => page.getByRole('form', { name: 'Sign in' }).waitFor();
    const first = await loadOverWire(context, '/login', form);
    const scripts = first.filter((t) => isAsset(t) && t.type === 'Script');
    expect(scripts.length).toBeGreaterThan(0);
    // Every script big enough to be stored compressed came compressed (brotli: Chromium accepts it).
    for (const t of scripts.filter((s) => s.body >= 1024)) expect(t.encoding, t.url).toBe('br');
    expect(
      wireBytes(first),
      `first visit: ${(wireBytes(first) / 1024).toFixed(1)} KB on the wire in ${first.length} requests`,
    ).toBeLessThanOrEqual(WIRE_BUDGET);

    const again = await loadOverWire(context, '/login', form);
    const assets = again.filter(isAsset);
    expect(assets.length).toBe(first.filter(isAsset).length);
    expect(assets.filter((t) => !t.cached).map((t) => t.url)).toEqual([]);
    expect(wireBytes(assets)).toBe(0);
    // The page itself is asked again (no-cache), so a deploy's new assets are found at once.
    expect(again.find((t) => t.type === 'Document')?.cached).toBe(false);
    await context.close();
  });
});

/**
 * Issue 39: what a first screen waits for. Code no first screen shows lives in chunks of its own:
 * the form engine (rjsf), the shell's dialogs, the top bar's tooltip (Popper), the dashboard's
 * charts (visx).
 */
const KEPT_OUT = ['form-engine', 'shell-dialogs', 'Tooltip', 'bar-chart'];

describe.skipIf(!hasBrowser())('what the first paint waits for', () => {
  const stage = useStage();
  const built = readdirSync(path.join(CLIENT_DIR, 'assets'));
  // The name, then the build's hash (8 characters): `main` is not `main-info`.
  const chunkOf = (name: string) => built.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));

  it('the sign-in page starts the entry, the app and its vendors (none of the chunks kept out), and the English catalogue beside them', async () => {
    for (const name of KEPT_OUT) expect(chunkOf(name), `a ${name} chunk in the build`).toBeDefined();
    const res = await fetch(`${stage.portal.url}/login`);
    const html = await res.text();
    // The entry in index.html; the app it imports and what that needs in the Link header.
    const scripts = [
      ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/assets\/([^"]+)"/g),
      ...(res.headers.get('link') ?? '').matchAll(/<\/assets\/([^>]+)>; rel=modulepreload/g),
    ].map((m) => m[1]!);
    for (const name of ['index', 'main', 'react', 'mui-core', 'router-data', 'login-page'])
      expect(scripts, name).toContain(chunkOf(name));
    for (const name of KEPT_OUT) expect(scripts, name).not.toContain(chunkOf(name));
    // Fetched by main.tsx before the first render: asked for with the scripts, not after them.
    const english = built.find((f) => f.startsWith('messages-') && f.endsWith('.json'));
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" href="/assets/${english!.replace('.', '\\.')}" as="fetch" crossorigin="anonymous">`,
      ),
    );
  });

  it("carries React Router's production build, not the development one its package names (remix-run/react-router#14102)", () => {
    const router = readFileSync(path.join(CLIENT_DIR, 'assets', chunkOf('router-data')!), 'utf8');
    // The router is there: a text both builds have.
    expect(router).toContain('No route matches URL');
    // Its development checks are not: the warnings only the development build keeps.
    expect(router).not.toContain('You rendered descendant <Routes>');
    expect(router).not.toContain('You should not include both');
  });

  it('the sign-in page, the dashboard and the portfolio load no form engine (the property editor does), and the sign-in page no chart', async () => {
    const engine = chunkOf('form-engine');
    const charts = chunkOf('bar-chart');
    expect(engine).toBeDefined();
    expect(charts).toBeDefined();
    const loaded = (page: Page) => {
      const files: string[] = [];
      page.on('request', (r) => files.push(new URL(r.url()).pathname.replace('/assets/', '')));
      return files;
    };
    const signedOut = await stage.page();
    const signInFiles = loaded(signedOut.page);
    await signedOut.page.goto('/login');
    await signedOut.page.getByRole('form', { name: 'Sign in' }).waitFor();
    await signedOut.page.waitForLoadState('networkidle');
    expect(signInFiles).not.toContain(engine);
    expect(signInFiles).not.toContain(charts);
    await signedOut.context.close();

    const hotel = await ownerWithProperty(stage.portal, 'Quince Court');
    const { context, page } = await stage.page();
    const files = loaded(page);
    await signInAs(page, hotel.email);
    await page.waitForLoadState('networkidle');
    await page.goto('/property-portfolio');
    await page.getByTestId('portfolio-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(files.filter((f) => f.startsWith('dashboard-page-')).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.startsWith('portfolio-table-page-')).length).toBeGreaterThan(0);
    expect(files).not.toContain(engine);
    // The name means what it says: a page with a schema form loads it.
    await openTab(page, hotel.propertyId, 'general');
    expect(files).toContain(engine);
    await context.close();
  });
  /** A fresh context (nothing cached, as a new browser or a day-old session) signed in as a new hotel owner. */
  const coldBrowser = async (name: string, { view }: { view: boolean }) => {
    const hotel = await ownerWithProperty(stage.portal, name);
    const first = await stage.page();
    await signInAs(first.page, hotel.email);
    const storageState = await first.context.storageState();
    await first.context.close();
    // Without the view cookie the server does not render the page: the browser does.
    if (!view) storageState.cookies = storageState.cookies.filter((c) => c.name !== VIEW_COOKIE);
    const context = await stage.browser.newContext({ baseURL: stage.portal.url, storageState });
    return { context, page: await context.newPage() };
  };
  /** The page's resources so far: `find(prefix)` gives the asset's path, when asked, when in; `all` each one. */
  const resources = async (page: Page) => {
    const all = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => [new URL(e.name).pathname, e.startTime, (e as PerformanceResourceTiming).responseEnd] as const),
    );
    return { all, find: (prefix: string) => all.find(([p]) => p.startsWith(`/assets/${prefix}`)) };
  };

  it("a cold load of a page the browser renders asks for the page's chunks beside the entry's, not after the entry has run", async () => {
    const { context, page } = await coldBrowser('Membrillo Court', { view: false });
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/property-portfolio');
    await page.goto('/property-portfolio');
    expect(await (await answer).headerValue('link')).toContain('rel=modulepreload');
    await page.getByTestId('portfolio-row').first().waitFor();
    expect(await page.evaluate((id) => document.getElementById(id), HYDRATION_STATE_ID)).toBeNull();
    const { all, find } = await resources(page);
    const entry = find('index-');
    const pageChunk = find('portfolio-table-page-');
    expect(entry && pageChunk, JSON.stringify(all)).toBeTruthy();
    // Found only by running the entry, the page's chunk could not be asked for before the
    // entry's script had arrived; named in the header, it is asked for beside it.
    expect(pageChunk![1]).toBeLessThan(entry![2]);
    await context.close();
  });

  it("a page the server renders is painted before its code is asked for, and then asks for the app's and the page's chunks at once", async () => {
    const { context, page } = await coldBrowser('Quince Lodge', { view: true });
    // The first frame after the rows are in: the code must not be asked for before it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="portfolio-row"]')) return;
        observer.disconnect();
        requestAnimationFrame(() => ((window as unknown as Record<string, number>).__framed = performance.now()));
      }).observe(document, { childList: true, subtree: true });
    });
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/property-portfolio');
    await page.goto('/property-portfolio');
    // Named in the page, inert, not in a header the browser would act on as the page arrives.
    expect(await (await answer).headerValue('link')).toBeNull();
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HYDRATED_MARK);
    const framed = await page.evaluate(() => (window as unknown as Record<string, number>).__framed);
    const { all, find } = await resources(page);
    const [app, pageChunk, vendor] = [find('main-'), find('portfolio-table-page-'), find('mui-core-')];
    expect(framed, 'the rows were painted').toBeGreaterThan(0);
    expect(app && pageChunk && vendor, JSON.stringify(all)).toBeTruthy();
    for (const chunk of [app!, pageChunk!, vendor!]) expect(chunk[1], chunk[0]).toBeGreaterThan(framed);
    // One round trip: the page's chunk is asked for before the app's has arrived, not once the
    // app has run and its router asked for the page.
    expect(pageChunk![1]).toBeLessThan(app![2]);
    await context.close();
  });
});

describe.skipIf(!hasBrowser())('the boot screen', () => {
  const stage = useStage();

  it('paints from index.html while no script has arrived, and is gone once the first screen is drawn', async () => {
    const { context, page } = await stage.page();
    // Scripts held back: what shows is index.html's own.
    let release: () => void = () => undefined;
    const scriptsMayGo = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsMayGo;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back, so wait only for the document to arrive.
    await page.goto('/login', { waitUntil: 'commit' });
    const boot = page.locator('#root > .boot');
    await expect.poll(() => boot.isVisible()).toBe(true);
    expect(await boot.innerText()).toContain('Ananas');
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    expect(await page.getByRole('form', { name: 'Sign in' }).count()).toBe(0);

    release();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await page.locator('.boot').count()).toBe(0);
    await context.close();
  });
});

/**
 * What each selector finds at the moment the app's top bar is first in the page (a
 * MutationObserver's first look after React's first commit).
 */
async function firstCommit(page: Page, selectors: Record<string, string>): Promise<Record<string, boolean>> {
  await page.addInitScript((wanted: Record<string, string>) => {
    const w = window as unknown as { __firstCommit?: Record<string, boolean> };
    new MutationObserver((_records, observer) => {
      if (!document.querySelector('header')) return;
      observer.disconnect();
      w.__firstCommit = Object.fromEntries(
        Object.entries(wanted).map(([name, selector]) => [name, !!document.querySelector(selector)]),
      );
    }).observe(document, { childList: true, subtree: true });
  }, selectors);
  await page.waitForFunction(() => (window as unknown as { __firstCommit?: unknown }).__firstCommit !== undefined);
  return page.evaluate(() => (window as unknown as { __firstCommit: Record<string, boolean> }).__firstCommit);
}

/** The page's Suspense fallback (root-layout.tsx): in the page only while the page's code is not. */
const FALLBACK = 'main [data-testid="loading-overlay"]';

describe.skipIf(!hasBrowser())('the first render', () => {
  const stage = useStage();

  // A part whose code is still on its way suspends, and React 19 shows it no sooner than 300 ms
  // after the fallback it showed instead: the first render waits for the code it shows (main.tsx).
  it('shows the page with the shell, nothing of either waiting for its code: signed out and signed in', async () => {
    const signedOut = await stage.page();
    const login = firstCommit(signedOut.page, { form: 'form[aria-label="Sign in"]', fallback: FALLBACK });
    await signedOut.page.goto('/login');
    expect(await login).toEqual({ form: true, fallback: false });
    await signedOut.context.close();

    const hotel = await ownerWithProperty(stage.portal, 'Quince Lodge');
    const first = await stage.page();
    await signInAs(first.page, hotel.email);
    const storageState = await first.context.storageState();
    await first.context.close();
    for (const address of ['/', `/property/${hotel.propertyId}/general`]) {
      const context = await stage.browser.newContext({ baseURL: stage.portal.url, storageState });
      const page = await context.newPage();
      const shown = firstCommit(page, {
        menu: '[data-testid="side-menu"]',
        // The editor, or its own progress bar while the property's facts are on their way.
        page:
          address === '/'
            ? '[data-testid="dashboard"]'
            : '[data-testid="facts-editor"], [aria-label="Loading the property"]',
        fallback: FALLBACK,
      });
      await page.goto(address);
      expect(await shown, address).toEqual({ menu: true, page: true, fallback: false });
      await context.close();
    }
  });
});
