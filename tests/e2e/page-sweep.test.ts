/**
 * The page sweep (issue 25 §6): every client route of the route table, for each demo account
 * (hotel owner, operator owner, the hotel's editor sub-user) and a signed-out visitor, at
 * 1440×900, 1280×800 and 390×844, in light and dark mode. On every page: no horizontal overflow,
 * no table cut off by its own scroll box at 1280 px and wider (a phone may scroll one), nothing
 * written to the console, no failed request (4xx/5xx), and every chart drawn at a non-zero size. One server (the seeded demo) and one browser serve the whole sweep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasBrowser, launchBrowser } from './helpers/browser.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { portalOutput } from './helpers/ui.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/accounts.js';
import { ROUTES } from '../../src/client/app/routes.js';
import { COLOR_MODE_KEY } from '../../src/client/app/color-mode.js';
import { sweepPaths, type SweepIds } from './helpers/sweep-paths.js';

const WIDE = { width: 1440, height: 900 };
const VIEWPORTS = [WIDE, { width: 1280, height: 800 }, { width: 390, height: 844 }];
const MODES = ['light', 'dark'] as const;
type Who = keyof typeof DEMO_ACCOUNTS | 'visitor';

/** Requests that fail on purpose and are handled by the page (none today: add with the reason). */
const DELIBERATE: readonly RegExp[] = [];

interface Tab {
  context: BrowserContext;
  page: Page;
  problems: string[];
  pending: Set<unknown>;
}

async function openTab(browser: Browser, portal: Portal, mode: (typeof MODES)[number]): Promise<Tab> {
  const context = await browser.newContext({ baseURL: portal.url, viewport: WIDE, colorScheme: mode });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [COLOR_MODE_KEY, mode]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  const pending = new Set<unknown>();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => problems.push(`console.${m.type()}: ${m.text()}`));
  // The live notification stream stays open for the page's life: it is not a load to wait for.
  page.on('request', (r) => r.resourceType() !== 'eventsource' && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => {
    pending.delete(r);
    // Leaving a page cancels what it still loads (its notification stream, a chunk it preloads):
    // the browser's doing, not a failed answer.
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${r.method()} ${new URL(r.url()).pathname} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.status() >= 400 && !DELIBERATE.some((d) => d.test(path)))
      problems.push(`${r.status()} ${r.request().method()} ${path}`);
  });
  return { context, page, problems, pending };
}

/** Two painted frames: a resize or a render has been laid out. */
const frames = (tab: Tab) =>
  tab.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Until no request has been in flight for a moment (a page loading in steps) and the result painted. */
async function settle(tab: Tab): Promise<void> {
  let quiet = 0;
  for (let i = 0; i < 200 && quiet < 3; i++) {
    await tab.page.waitForTimeout(50);
    quiet = tab.pending.size === 0 ? quiet + 1 : 0;
  }
  await frames(tab);
}

interface Look {
  overflow: number;
  charts: string[];
  /** Tables cut off by their own scroll box (only a phone may scroll a table sideways). */
  cut: string[];
  path: string;
}

/** What the page shows: how far it overflows sideways, every chart drawn at zero size, tables cut off. */
function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const cut: string[] = [];
    if (window.innerWidth >= 1280) {
      for (const table of document.querySelectorAll('table')) {
        for (let el: HTMLElement | null = table, up = 0; el && up < 3; el = el.parentElement, up++) {
          const scrolls = ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX);
          if (scrolls && el.scrollWidth > el.clientWidth + 1) {
            cut.push(`${table.getAttribute('aria-label') ?? table.className} by ${el.scrollWidth - el.clientWidth}px`);
            break;
          }
        }
      }
    }
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const charts: string[] = [];
    for (const chart of document.querySelectorAll<HTMLElement>('[data-testid$="chart"][role="img"], [data-chart]')) {
      const drawn = chart.querySelector(':scope svg:not([aria-hidden]), :scope canvas, :scope > svg');
      const box = (drawn ?? chart).getBoundingClientRect();
      if (!drawn || box.width === 0 || box.height === 0)
        charts.push(
          `${chart.getAttribute('aria-label') ?? chart.dataset.testid} ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return { overflow, charts, cut, path: window.location.pathname };
  });
}

/** The element sticking out furthest on the right, to name in the failure. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    let worst: Element | undefined;
    let right = window.innerWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect().right;
      if (r > right + 1 && el.getClientRects().length) [worst, right] = [el, r];
    }
    if (!worst) return '';
    const id = worst.getAttribute('data-testid') ?? worst.className.toString().split(' ').slice(0, 2).join('.');
    return `${worst.tagName.toLowerCase()}${id ? `(${id})` : ''} to ${Math.round(right)}px`;
  });
}

async function signIn(tab: Tab, email: string): Promise<void> {
  await tab.page.goto('/login');
  const form = tab.page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await tab.page.getByTestId('dashboard').waitFor();
}

describe.skipIf(!hasBrowser())('page sweep', () => {
  let portal: Portal;
  let browser: Browser;
  let ids: SweepIds;
  beforeAll(async () => {
    portal = await startPortal();
    await seedDemo(portal.services);
    browser = await launchBrowser();
    ids = await SweepIdsOf(portal);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function sweep(who: Who): Promise<string[]> {
    const found: string[] = [];
    const paths = sweepPaths(ROUTES, who, ids);
    for (const mode of MODES) {
      const tab = await openTab(browser, portal, mode);
      if (who !== 'visitor') await signIn(tab, DEMO_ACCOUNTS[who].email);
      await settle(tab);
      tab.problems.length = 0;
      for (const path of paths) {
        await tab.page.setViewportSize(WIDE);
        await tab.page.goto(path);
        await settle(tab);
        for (const viewport of VIEWPORTS) {
          await tab.page.setViewportSize(viewport);
          await frames(tab);
          const seen = await look(tab.page);
          const where = `${who} ${mode} ${viewport.width}px ${path}${seen.path === path ? '' : ` (at ${seen.path})`}`;
          if (seen.overflow > 0) found.push(`${where}: overflows by ${seen.overflow}px: ${await widest(tab.page)}`);
          for (const chart of seen.charts) found.push(`${where}: chart not drawn: ${chart}`);
          for (const table of seen.cut) found.push(`${where}: table cut off: ${table}`);
        }
        for (const problem of portalOutput(tab.problems)) found.push(`${who} ${mode} ${path}: ${problem}`);
        tab.problems.length = 0;
      }
      await tab.context.close();
    }
    return found;
  }

  for (const who of ['hotel', 'operator', 'editor', 'visitor'] as const) {
    it(`every page is clean for the ${who}`, { timeout: 600_000 }, async () => {
      expect(await sweep(who)).toEqual([]);
    });
  }
});

async function SweepIdsOf(portal: Portal): Promise<SweepIds> {
  const db = portal.services.db.kysely;
  const account = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const hotel = await account(DEMO_ACCOUNTS.hotel.email);
  const operator = await account(DEMO_ACCOUNTS.operator.email);
  const editor = await account(DEMO_ACCOUNTS.editor.email);
  const property = (
    await db
      .selectFrom('properties')
      .select('id')
      .where('account_id', '=', hotel)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const contract = (
    await db
      .selectFrom('contracts')
      .select('id')
      .where('operator_account_id', '=', operator)
      .where('hotel_account_id', '=', hotel)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { hotel, operator, editor, property, contract };
}
