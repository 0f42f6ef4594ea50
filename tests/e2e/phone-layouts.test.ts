/**
 * The pages of issue 38 §3 at a phone's 390×844 (and the Add Property list at 1440 too), on the
 * seeded demo: what waits on the user comes before the quick links, a wide table says that it
 * scrolls and its row actions can be reached, room names and contract labels are whole, a
 * property's name and its publish chip do not overlap, the override marks stay inside their card,
 * and read-only contract terms read as text (contrast of at least 4.5:1), not as disabled grey.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { hasBrowser, launchBrowser, openPage } from './helpers/browser.js';
import { settled } from './helpers/quiet.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { demoIds, type SweepIds } from './helpers/sweep-paths.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/accounts.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
}

const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Until no request is in flight and no progress bar shows: the page shows what it loaded. */
async function settle(page: Page): Promise<void> {
  await settled(page);
  // A report's completeness bars are progress bars too, drawn at their value: loading bars are not.
  await page.waitForFunction(
    () => !document.querySelector('main [role="progressbar"]:not(.MuiLinearProgress-determinate)'),
    undefined,
    { timeout: 15_000 },
  );
}

/** Text an element cuts off: its content is wider than its box (an ellipsis, or hidden overflow). */
const cut = (locator: Locator) =>
  locator.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''));

/**
 * Contrast of an element's text with what is behind it (WCAG's ratio): the text's colour (the fill
 * colour where it differs, as MUI's disabled inputs set it) laid over the nearest ancestor's opaque
 * background, alpha included.
 */
const contrast = (locator: Locator) =>
  locator.evaluate((el) => {
    const rgba = (css: string): number[] => {
      const n = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1];
    };
    const style = getComputedStyle(el);
    const fill = style.webkitTextFillColor || style.color;
    let back = [255, 255, 255, 1];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const b = rgba(getComputedStyle(e).backgroundColor);
      if (b[3]! > 0.99) {
        back = b;
        break;
      }
    }
    const [r, g, b, a] = rgba(fill);
    const seen = [r!, g!, b!].map((c, i) => c * a! + back[i]! * (1 - a!));
    const lum = (c: number[]) =>
      c
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [lum(seen), lum(back.slice(0, 3))].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  });

/**
 * Something of a wide table's row that lies beyond a phone's width is reachable: the table says it
 * scrolls (the line above it, the hidden end marked) and, scrolled to it, shows it whole inside
 * its visible box.
 */
async function reachable(page: Page, target: Locator): Promise<void> {
  const table = page.getByTestId('scroll-table').filter({ has: target });
  const scroller = table.locator('.MuiPaper-root > div').first();
  await scroller.evaluate((e) => e.scrollTo({ left: 0 }));
  await expect.poll(() => table.getByTestId('scroll-hint').isVisible()).toBe(true);
  expect(await table.getByTestId('scroll-hint').innerText()).toBe('Scroll sideways for more');
  await expect.poll(() => table.getAttribute('data-hidden-end')).toBe('true');
  const before = await box(target);
  expect(before.x + before.width, 'beyond the screen at first').toBeGreaterThan(PHONE.width);
  await target.scrollIntoViewIfNeeded();
  const seen = await box(scroller);
  const at = await box(target);
  expect(at.x).toBeGreaterThanOrEqual(seen.x - 1);
  expect(at.x + at.width).toBeLessThanOrEqual(seen.x + seen.width + 1);
  expect(at.x + at.width).toBeLessThanOrEqual(PHONE.width);
}

describe.skipIf(!hasBrowser())('phone layouts (issue 38 §3)', () => {
  let portal: Portal;
  let browser: Browser;
  let ids: SweepIds;
  beforeAll(async () => {
    portal = await startPortal();
    await seedDemo(portal.services);
    browser = await launchBrowser();
    ids = await demoIds(portal);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function phone(who: keyof typeof DEMO_ACCOUNTS) {
    const opened = await openPage(browser, portal.url);
    await opened.page.setViewportSize(PHONE);
    await signInAs(opened.page, DEMO_ACCOUNTS[who].email, DEMO_PASSWORD);
    return opened;
  }

  it('the dashboards put what waits on the user above the quick links; the completeness table and the charts fit', async () => {
    const { page, problems, context } = await phone('hotel');
    await page.getByTestId('hotel-reports').waitFor();
    await settle(page);
    const links = await box(page.getByTestId('destination-cards'));
    for (const name of ['Contracts waiting on you', 'Partners’ changes to review']) {
      const panel = await box(page.getByRole('region', { name }));
      expect(panel.y + panel.height, name).toBeLessThan(links.y);
    }
    // The table is whole in its card: no column cut off by its own scroll box.
    const table = page.getByRole('table', { name: 'Completeness of your properties' });
    await table.waitFor();
    expect(await table.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    // The month labels of a chart sit side by side, none over another.
    const chart = page.getByTestId('bar-chart').first();
    await expect.poll(() => chart.locator('svg').count()).toBeGreaterThan(0);
    const labels = await chart.locator('.visx-axis:not(.value-axis) .visx-axis-tick text').all();
    expect(labels.length).toBeGreaterThan(1);
    const boxes = await Promise.all(labels.map(box));
    for (let i = 1; i < boxes.length; i++) expect(overlap(boxes[i - 1]!, boxes[i]!)).toBe(false);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();

    const operator = await phone('operator');
    await operator.page.getByTestId('operator-reports').waitFor();
    await settle(operator.page);
    const operatorLinks = await box(operator.page.getByTestId('destination-cards'));
    for (const name of ['Contracts waiting on you', 'Changed since you looked']) {
      const panel = await box(operator.page.getByRole('region', { name }));
      expect(panel.y + panel.height, name).toBeLessThan(operatorLinks.y);
    }
    await operator.context.close();
  });

  it('the Portfolio and Partners tables say they scroll, and a row’s actions are reached by scrolling', async () => {
    const { page, context } = await phone('hotel');
    await page.goto('/property-portfolio');
    await page.getByTestId('portfolio-row').first().waitFor();
    await reachable(page, page.getByRole('button', { name: 'New property from Hotel Ananas Playa' }));
    await reachable(page, page.getByRole('link', { name: 'Edit facts of Hotel Ananas Playa' }));

    await page.goto('/partners');
    await page.getByTestId('partner-count').waitFor();
    await reachable(page, page.getByRole('link', { name: 'Propose a contract to Nordic Sun Travel' }));
    await context.close();
  });

  it('room summaries and read-only contract labels wrap instead of being cut', async () => {
    const { page, context } = await phone('hotel');
    await page.goto(`/property/${ids.property}/rooms`);
    const summaries = page.getByTestId('row-summary');
    await summaries.first().waitFor();
    expect(await summaries.count()).toBeGreaterThan(1);
    expect(await cut(summaries)).toEqual([]);
    const first = await box(summaries.first());
    // Wrapped as a line of text, not a word a line down a sliver of the row.
    expect(first.width).toBeGreaterThan(PHONE.width / 2);

    await page.goto(`/contract-view/${ids.contract}`);
    await settle(page);
    const labels = page.locator(
      'main [data-form] .MuiFormLabel-root, main [data-form] fieldset:not(.MuiOutlinedInput-notchedOutline) > legend',
    );
    await labels.first().waitFor();
    expect(await labels.count()).toBeGreaterThan(5);
    expect(await cut(labels)).toEqual([]);
    const long = page.locator('main [data-form] .MuiFormLabel-root', {
      hasText: 'Tour Operator may edit facts documents according to moderation level set',
    });
    expect(await long.innerText()).toBe('Tour Operator may edit facts documents according to moderation level set');
    await context.close();
  });

  it('read-only contract terms read as text, not in the disabled grey', async () => {
    const { page, context } = await phone('hotel');
    await page.goto(`/contract-view/${ids.contract}`);
    await settle(page);
    const values = page.locator('main [data-form] .MuiInputBase-input');
    await values.first().waitFor();
    expect(await values.count()).toBeGreaterThan(5);
    for (const value of await values.all()) expect(await contrast(value)).toBeGreaterThanOrEqual(4.5);
    for (const label of await page.locator('main [data-form] .MuiFormLabel-root').all())
      expect(await contrast(label)).toBeGreaterThanOrEqual(4.5);
    // The answer given on a Yes / No term reads as text too.
    const pressed = page.locator('main [data-form] button[aria-pressed="true"]');
    expect(await pressed.count()).toBeGreaterThan(0);
    for (const answer of await pressed.all()) expect(await contrast(answer)).toBeGreaterThanOrEqual(4.5);
    // Still named by their labels (the controls are what they were).
    await page.getByRole('combobox', { name: 'Contract terms' }).waitFor();
    await context.close();
  });

  it('Your properties on Add Property: a name and its publish chip never overlap (390 and 1440 px)', async () => {
    const { page, context } = await phone('hotel');
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      await page.goto('/add-property');
      const items = page.getByTestId('property-item');
      await items.first().waitFor();
      for (const item of await items.all()) {
        const name = item.locator('p').first();
        // The painted text, which may run beyond the element's own box.
        const text = await name.evaluate((e) => {
          const range = document.createRange();
          range.selectNodeContents(e);
          const r = range.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        });
        const chip = await box(item.getByTestId('publish-state'));
        expect(overlap(text, chip), `${viewport.width}px: ${await name.innerText()}`).toBe(false);
        // A word a line is no way to show a name.
        expect(text.width, `${viewport.width}px`).toBeGreaterThan(120);
      }
    }
    await context.close();
  });

  it('the operator’s override marks stay inside their card', async () => {
    const { page, context } = await phone('operator');
    await page.goto(`/fact-sheet/${ids.property}`);
    const mark = page.locator('.fs-mark-overridden').first();
    await mark.waitFor();
    const card = await box(page.getByTestId('fact-sheet'));
    const at = await box(mark);
    expect(at.x).toBeGreaterThanOrEqual(card.x);
    expect(at.x + at.width).toBeLessThanOrEqual(card.x + card.width);

    // The page of the operator's overrides: each state chip is in view or its table says it scrolls.
    await page.goto(`/overridefact/${ids.property}`);
    const table = page.getByRole('table', { name: 'Your overrides' });
    await table.waitFor();
    const chips = table.locator('.MuiChip-root');
    expect(await chips.count()).toBeGreaterThan(0);
    await reachable(page, chips.first());
    await context.close();
  });

  it('the fact sheet at 390 px breaks no word and keeps its tables inside the card', async () => {
    const { page, context } = await phone('operator');
    await page.goto(`/fact-sheet/${ids.property}`);
    await page.locator('.fs-facts').first().waitFor();
    // Each fact's label and value: its longest word fits its cell (four columns of 80 px had
    // broken "Closest" and "Yes" in two).
    const broken = await page.locator('.fs-facts th, .fs-facts td').evaluateAll((cells) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      return cells.flatMap((cell) => {
        const style = getComputedStyle(cell);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = cell.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
        const words = (cell.textContent ?? '').split(/\s+/).filter((w) => w.length > 0 && w.length <= 14);
        return words.filter((w) => ctx.measureText(w).width > room + 1).map((w) => `${w} in ${Math.round(room)} px`);
      });
    });
    expect(broken).toEqual([]);
    const card = await box(page.getByTestId('fact-sheet'));
    for (const table of await page.locator('.fs-table').all()) {
      const at = await box(table);
      expect(at.x).toBeGreaterThanOrEqual(card.x - 1);
      expect(at.x + at.width).toBeLessThanOrEqual(card.x + card.width + 1);
    }
    await context.close();
  });
});
