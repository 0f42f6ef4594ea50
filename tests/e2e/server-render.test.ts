/**
 * The portfolio's and the dashboard's first screens rendered by the server (issue 39,
 * src/client/ssr/): their rows or figures, styles and language come with the HTML, before any
 * script has run (the dashboard's greeting by the browser's hour, its layout for the browser's width); the app then takes that very page
 * over (hydration: the same elements, no second call for the rows, nothing typed meanwhile lost).
 * The HTML is the visitor's alone (private, never another account's, only for a live session), and
 * the server's render bundle is not a file it serves.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_START_MARK, SERVER_RENDER_DIR, VIEW_COOKIE } from '../../src/shared/server-render.js';
import { SESSION_COOKIE } from '../../src/shared/session-cookie.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { createPropertyApi } from './helpers/gallery.js';
import { useStage } from './helpers/stage.js';
import { settled, watchRequests } from './helpers/quiet.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser } from './helpers/users.js';

/** Holds every script of the app until released: what the page shows meanwhile is the server's HTML alone. */
async function holdScripts(page: Page): Promise<{ asked: () => number; release: () => void }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    asked: () => held.length,
    release: () => {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}

const rows = (page: Page) => page.getByTestId('portfolio-row');

/** How many times the app, hydrating, found markup other than its own and rendered afresh (main.tsx). */
const renderedAfresh = (page: Page) =>
  page.evaluate(() => (window as unknown as Record<string, unknown>).__ananasRecoverableErrors ?? 0);

/** A dark colour (CSS rgb()): each channel under a quarter of full. */
const isDark = (colour: string) =>
  colour
    .match(/\d+/g)!
    .slice(0, 3)
    .map(Number)
    .every((c) => c < 64);

describe.skipIf(!hasBrowser())('the portfolio rendered by the server', () => {
  const stage = useStage();

  it('paints its rows, styled, before any script runs; the app takes that page over as it is, with what was typed', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Juniper Court');
    await createPropertyApi(stage.portal, hotel.token, 'Kelp House');
    await createPropertyApi(stage.portal, hotel.token, 'Larch Lodge');
    const h = await stage.page();
    // The app ran once in this browser (the dashboard): it told the server its view.
    await signInAs(h.page, hotel.email);
    expect((await h.context.cookies()).map((c) => c.name)).toContain(VIEW_COOKIE);

    const portfolioCalls: string[] = [];
    h.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/facts/portfolio/') portfolioCalls.push(r.url());
    });
    const scripts = await holdScripts(h.page);
    await h.page.goto('/property-portfolio', { waitUntil: 'commit' });
    await rows(h.page).nth(2).waitFor();
    expect(await h.page.getByTestId('portfolio-name').allInnerTexts()).toEqual([
      'Juniper Court',
      'Kelp House',
      'Larch Lodge',
    ]);
    await expect.poll(scripts.asked).toBeGreaterThan(0);
    // The boot screen sent ahead of the page is hidden now that the page is in.
    expect(await h.page.locator('body > .boot').count()).toBe(1);
    expect(await h.page.locator('body > .boot').isHidden()).toBe(true);
    // Styled by the server's styles: the side menu is the shell's fixed drawer, the top bar sticks.
    expect(await h.page.getByTestId('side-menu').isVisible()).toBe(true);
    expect(
      await h.page
        .locator('header')
        .first()
        .evaluate((e) => getComputedStyle(e).position),
    ).toBe('sticky');
    expect(await h.page.evaluate(() => document.documentElement.lang)).toBe('en');

    // Typed before the app is there; the elements are kept to compare after.
    await h.page.getByLabel('Hotel or city').fill('kelp');
    await h.page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__serverInput = document.querySelector('input');
      w.__serverMenu = document.querySelector('[data-testid="side-menu"]');
    });
    scripts.release();

    // The app applies what was typed, on the server's own elements, with no mismatch to recover from.
    await h.page.getByTestId('portfolio-count').getByText('1 of 3 properties').waitFor();
    expect(await h.page.getByTestId('portfolio-name').allInnerTexts()).toEqual(['Kelp House']);
    const taken = await h.page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return {
        input: w.__serverInput === document.querySelector('input'),
        menu: w.__serverMenu === document.querySelector('[data-testid="side-menu"]'),
        recovered: w.__ananasRecoverableErrors ?? 0,
      };
    });
    expect(taken).toEqual({ input: true, menu: true, recovered: 0 });
    // And it is the app: a click sorts, through React.
    await h.page.getByLabel('Hotel or city').fill('');
    await h.page.getByRole('button', { name: 'Property', exact: true }).click();
    await expect
      .poll(() => h.page.getByTestId('portfolio-name').allInnerTexts())
      .toEqual(['Larch Lodge', 'Kelp House', 'Juniper Court']);
    expect(portfolioCalls).toEqual([]);
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  }, 120_000);

  it('is painted before the app’s code runs, even with that code in the browser already', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Mulberry Inn');
    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    // Once: every script of the page is then in the browser's cache, ready as the HTML ends.
    await h.page.goto('/property-portfolio');
    await rows(h.page).first().waitFor();
    // The first frame drawn once the server's page is parsed (its data block comes last).
    await h.page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.getElementById('ananas-hydration')) return;
        observer.disconnect();
        requestAnimationFrame(() => ((window as unknown as Record<string, number>).__framed = performance.now()));
      }).observe(document, { childList: true, subtree: true });
    });
    await h.page.goto('/property-portfolio');
    await h.page.getByTestId('portfolio-count').waitFor();
    const [framed, started] = await h.page.evaluate((mark) => {
      const entry = performance.getEntriesByName(mark)[0];
      return [(window as unknown as Record<string, number>).__framed, entry?.startTime];
    }, APP_START_MARK);
    expect(framed).toBeGreaterThan(0);
    expect(started).toBeGreaterThan(framed!);
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  }, 120_000);

  it("right to left in Persian, and in this browser's dark mode, from the server's first byte", async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Mahan');
    expect((await apiCall(stage.portal, hotel.token, 'PATCH', '/api/auth/users/me/', { language: 'fa' })).status).toBe(
      200,
    );
    const h = await stage.page();
    await h.page.addInitScript(() => window.localStorage.setItem('ananas.colorMode', 'dark'));
    await signInAs(h.page, hotel.email);
    const scripts = await holdScripts(h.page);
    await h.page.goto('/property-portfolio', { waitUntil: 'commit' });
    await rows(h.page).first().waitFor();
    await expect.poll(scripts.asked).toBeGreaterThan(0);
    expect(await h.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'fa',
      'rtl',
    ]);
    const background = () => h.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await background();
    expect(isDark(dark)).toBe(true);
    // The boot screen sent ahead of the page was in the app's dark mode too, not the system's light.
    expect(
      isDark(await h.page.evaluate(() => getComputedStyle(document.querySelector('body > .boot')!).backgroundColor)),
    ).toBe(true);
    expect(await h.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
    const heading = await h.page.getByRole('heading', { level: 1 }).innerText();
    scripts.release();
    await h.page.waitForFunction(() => document.querySelector('[data-testid="portfolio-count"]')?.textContent);
    await h.page.getByTestId('side-menu').waitFor();
    // Taken over as it was: the same words, the same colours, nothing rendered afresh.
    await expect.poll(() => renderedAfresh(h.page)).toBe(0);
    expect(await h.page.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
    expect(await background()).toBe(dark);
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  }, 120_000);

  it('a choice made in the app is in the next page the server renders at once, the first page still open', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Quince Lodge');
    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    await h.page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await h.page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    // A new tab, the dashboard's left open (never hidden nor left): its render is dark all the same.
    const tab = await h.context.newPage();
    const scripts = await holdScripts(tab);
    await tab.goto('/property-portfolio', { waitUntil: 'commit' });
    await rows(tab).first().waitFor();
    expect(isDark(await tab.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBe(true);
    scripts.release();
    await tab.getByTestId('portfolio-count').waitFor();
    await expect.poll(() => renderedAfresh(tab)).toBe(0);
    expect(isDark(await tab.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBe(true);
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  }, 120_000);

  it('a language chosen is the next page’s while its save is still on its way', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Rowan Hall');
    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    // The save reaches the server, but its answer is held: the page that chose has not heard back.
    let applied!: () => void;
    const saved = new Promise<void>((r) => (applied = r));
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    await h.page.route('**/api/auth/users/me/', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const response = await route.fetch();
      applied();
      await answered;
      await route.fulfill({ response }).catch(() => undefined);
    });
    await h.page.getByRole('button', { name: /^Language:/ }).click();
    await h.page.getByRole('menuitem', { name: 'Русский' }).click();
    await saved;
    // Another tab: rendered by the server in Russian, and it stays Russian once the app runs.
    const tab = await h.context.newPage();
    watchRequests(tab);
    const scripts = await holdScripts(tab);
    await tab.goto('/property-portfolio', { waitUntil: 'commit' });
    await rows(tab).first().waitFor();
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await tab.getByTestId('portfolio-count').innerText()).toMatch(/[а-я]/);
    scripts.release();
    await tab.getByTestId('portfolio-count').waitFor();
    await settled(tab);
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await tab.getByTestId('portfolio-count').innerText()).toMatch(/[а-я]/);
    await expect.poll(() => renderedAfresh(tab)).toBe(0);
    answer();
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  }, 120_000);

  it('the HTML is private, compressed, the live session’s own; without what it needs the browser renders alone', async () => {
    const a = await ownerWithProperty(stage.portal, 'Maple Rest');
    const b = await ownerWithProperty(stage.portal, 'Nutmeg Inn');
    const ha = await stage.page();
    await signInAs(ha.page, a.email);
    const cookies = await ha.context.cookies();
    const session = cookies.find((c) => c.name === SESSION_COOKIE)!;
    const view = cookies.find((c) => c.name === VIEW_COOKIE)!;
    const get = (cookie: string) =>
      fetch(`${stage.portal.url}/property-portfolio`, { headers: { cookie, 'accept-encoding': 'br' } });

    const rendered = await get(`${SESSION_COOKIE}=${session.value}; ${VIEW_COOKIE}=${view.value}`);
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('content-encoding')).toBe('br');
    expect(rendered.headers.get('cache-control')).toBe('private, no-store');
    expect(rendered.headers.get('vary')).toContain('Cookie');
    const page = await rendered.text();
    expect(page).toContain('Maple Rest');
    expect(page).toContain('id="ananas-hydration"');
    expect(page).not.toContain('Nutmeg Inn');
    // The boot screen went ahead of the page (the head is sent before the render ends); #root holds the page.
    expect(page.match(/class="boot"/g)).toHaveLength(1);
    expect(page.indexOf('class="boot"')).toBeLessThan(page.indexOf('<div id="root">'));

    // No view cookie, or a session the server does not know: index.html, its boot screen, no data.
    for (const cookie of [
      `${SESSION_COOKIE}=${session.value}`,
      `${SESSION_COOKIE}=${session.value.replace(/(%22token%22:%22)[^%]{4}/, '$1zzzz')}; ${VIEW_COOKIE}=${view.value}`,
    ]) {
      const plain = await (await get(cookie)).text();
      expect(plain).toContain('<div id="root"><!--app--><div class="boot">');
      expect(plain).not.toContain('Maple Rest');
      expect(plain).not.toContain('id="ananas-hydration"');
    }
    // The unknown session in the browser: the render went ahead and failed, so the boot screen sent
    // ahead is followed by index.html's own; the app renders (it signs out) and no boot screen stays.
    const hx = await stage.page();
    await hx.context.addCookies([
      { ...session, value: session.value.replace(/(%22token%22:%22)[^%]{4}/, '$1zzzz') },
      view,
    ]);
    await hx.page.goto('/property-portfolio');
    await hx.page.getByRole('form', { name: 'Sign in' }).waitFor();
    await expect
      .poll(() => hx.page.locator('.boot').evaluateAll((boots) => boots.filter((b) => b.checkVisibility()).length))
      .toBe(0);
    await hx.context.close();
    // B's token with A's user in the cookie (the user part is the browser's to write): B's rows only.
    const hb = await stage.page();
    await signInAs(hb.page, b.email);
    const bSession = (await hb.context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
    const bToken = /%22token%22:%22([^%]+)%22/.exec(bSession.value)![1]!;
    const mixed = session.value.replace(/(%22token%22:%22)[^%]+(%22)/, `$1${bToken}$2`);
    expect(mixed).not.toBe(session.value);
    const crossed = await (await get(`${SESSION_COOKIE}=${mixed}; ${VIEW_COOKIE}=${view.value}`)).text();
    expect(crossed).toContain('Nutmeg Inn');
    expect(crossed).not.toContain('Maple Rest');

    // The render bundle lives in the build's folder and is no file to fetch.
    expect((await fetch(`${stage.portal.url}/${SERVER_RENDER_DIR}/entry-server.js`)).status).toBe(404);
    await ha.context.close();
    await hb.context.close();
  }, 120_000);
});

/** The dashboards' reports their route prefetches (api/reports.ts): in the page's data, asked for again by no one. */
const PREFETCHED_REPORTS =
  /^\/api\/reports\/(report-data|operator-number|accommodation-number|operator-report-data|operator-feed)\/$/;

describe.skipIf(!hasBrowser())('the dashboard rendered by the server', () => {
  const stage = useStage();

  /** What `greeting()` (dashboard-layout.tsx) says at an hour, in English. */
  const greetingAt = (hour: number) => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

  it("greets by the browser's hour, lays out for its width and shows its figures before any script; the app takes it over as it is", async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Medlar Inn');
    const operator = await createUser(stage.portal, { accountType: 'to', firstName: 'Olena' });
    // Two browsers far from the server's UTC, one wide and one narrow: what the server renders is theirs.
    for (const { email, kind, width, timezoneId, columns } of [
      { email: hotel.email, kind: 'accommodation', width: 1440, timezoneId: 'Pacific/Kiritimati', columns: 2 },
      { email: operator.email, kind: 'to', width: 1000, timezoneId: 'America/Anchorage', columns: 1 },
    ]) {
      const context = await stage.browser.newContext({
        baseURL: stage.portal.url,
        viewport: { width, height: 900 },
        timezoneId,
      });
      const page = await context.newPage();
      await signInAs(page, email);
      if (kind === 'accommodation') {
        // This portal's first render starts the render worker (loading the bundle): on a busy
        // machine that overran the 2-s budget, and the visitor got index.html to render, as
        // designed, with the scripts held below. What the server renders is asked of a warm one.
        await page.goto('/');
        await page.getByTestId('dashboard').waitFor();
      }

      const scripts = await holdScripts(page);
      const reportCalls: string[] = [];
      page.on('request', (r) => {
        if (PREFETCHED_REPORTS.test(new URL(r.url()).pathname)) reportCalls.push(r.url());
      });
      await page.goto('/', { waitUntil: 'commit' });
      const dashboard = page.getByTestId('dashboard');
      await dashboard.waitFor();
      await expect.poll(scripts.asked).toBeGreaterThan(0);
      expect(await dashboard.getAttribute('data-kind')).toBe(kind);
      const hour = await page.evaluate(() => new Date().getHours());
      expect(await page.getByTestId('greeting').innerText()).toMatch(new RegExp(`^${greetingAt(hour)}, `));
      const layout = () =>
        dashboard.evaluate((d) => getComputedStyle(d.children[2]!).gridTemplateColumns.split(' ').length);
      expect(await layout(), `${kind} at ${width} px`).toBe(columns);
      // The reports came with the page (its prefetch, answered on the server): their panel shows them.
      expect(await page.getByTestId('dashboard-panel').count()).toBeGreaterThan(0);
      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).__serverGreeting =
          document.querySelector('[data-testid="greeting"]');
      });

      scripts.release();
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('ananas-hydrated').length)).toBe(1);
      const taken = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        return {
          greeting: w.__serverGreeting === document.querySelector('[data-testid="greeting"]'),
          recovered: w.__ananasRecoverableErrors ?? 0,
        };
      });
      expect(taken, kind).toEqual({ greeting: true, recovered: 0 });
      expect(await layout()).toBe(columns);
      expect(reportCalls, kind).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
