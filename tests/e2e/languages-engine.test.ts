/**
 * Issue 37, the engine's pages: a hotel owner switches to Russian, then to Persian, with the
 * language menu and walks the facts editor (every section tab, a room's editor open), the
 * property list, Add Property, the company details, the public profile and About. No English word
 * is left in the main content (its text and its aria-label, title, alt and placeholder
 * attributes): names the user typed stay as typed, codes written in capitals (PDF, PNG, EUR) and
 * brand names are allowed. In Persian at a 1280 px window nothing overflows sideways.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasBrowser, openPage } from './helpers/browser.js';
import { ownerWithProperty, waitForTab } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { startStage, stopStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { TABS } from '../../src/client/pages/facts/tabs';

const root = path.resolve(import.meta.dirname, '../..');
const messages = (lang: string) =>
  JSON.parse(readFileSync(path.join(root, 'locales', lang, 'messages.json'), 'utf8')) as Record<string, string>;

/** Brand and product names that read the same in every language (WebP: Google's image format). */
const BRANDS = [
  'Ananas',
  'OpenTravel',
  'OTA',
  'Google',
  'Booking.com',
  'WebP',
  'Wi-Fi',
  'Facebook',
  'Instagram',
  'LinkedIn',
  'Trustpilot',
  'Tripadvisor',
];

/** What the main content shows or says to a screen reader, typed names and brands taken out. */
async function englishWords(page: Page, typed: readonly string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return '';
    const attributes = [...main.querySelectorAll('[aria-label], [title], [alt], [placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'alt', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [main.innerText, ...attributes].join('\n');
  });
  // Web addresses (a placeholder's example, a typed link) are codes, not words.
  let rest = text.replace(/\S+:\/\/\S*|\bwww\.\S+/g, ' ');
  for (const words of [...typed, ...BRANDS]) rest = rest.split(words).join(' ');
  const latin = rest.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? [];
  // Codes are written in capitals (PDF, PNG, JPEG, EUR): the same in every language.
  return [...new Set(latin.filter((w) => !/^[A-Z0-9]+$/.test(w)))];
}

async function chooseLanguage(page: Page, name: string, code: string): Promise<void> {
  const prefixes = ['en', 'es', 'ru', 'fa', 'de'].map((l) => messages(l)['shell.language']!.split('{')[0]!.trim());
  const menu = page.getByRole('banner').getByRole('button', { name: new RegExp(`^(${prefixes.join('|')})`) });
  await menu.click();
  await page.getByRole('menuitem', { name }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(code);
}

describe.skipIf(!hasBrowser())('the engine pages in Russian and Persian', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    ({ portal, browser } = await startStage());
  });
  afterAll(() => stopStage({ portal, browser }));

  it('shows no English in the facts editor, the property pages, the company details, the profile and About', async () => {
    const owner = await ownerWithProperty(portal, 'Hotel Ananas Playa');
    const { context, page, problems } = await openPage(browser, portal.url);
    await page.setViewportSize({ width: 1280, height: 860 });
    // Leaving the new room unsaved: the browser's own "leave the page?" is answered yes.
    page.on('dialog', (d) => void d.accept());
    await signInAs(page, owner.email);
    const typed = ['Hotel Ananas Playa', 'Palma', owner.email, 'Test Person', 'Test', 'Person'];

    // Every page's findings, said together at the end (one run names every English word left).
    const found: string[] = [];
    const visit = async (lang: string, where: string, ready: () => Promise<void>) => {
      try {
        await ready();
      } catch (e) {
        found.push(`${lang} ${where}: did not load (${(e as Error).message.split('\n')[0]})`);
        return;
      }
      // The language's texts arrive in their own chunks: wait for them, not for ever.
      let left: string[] = [];
      for (let i = 0; i < 20; i++) {
        left = await englishWords(page, typed);
        if (!left.length) break;
        await page.waitForTimeout(250);
      }
      if (left.length) found.push(`${lang} ${where}: ${left.join(', ')}`);
      if (lang === 'fa') {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 1280) found.push(`${lang} ${where}: ${width} px wide at a 1280 px window`);
      }
    };

    for (const [name, code] of [
      ['Русский', 'ru'],
      ['فارسی', 'fa'],
    ] as const) {
      await page.goto('/about');
      await chooseLanguage(page, name, code);
      const words = messages(code);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(code === 'fa' ? 'rtl' : 'ltr');

      // Every section tab of the editor (the gallery is the photos' own page).
      for (const tab of TABS.filter((t) => !t.extra)) {
        await visit(code, `tab ${tab.key}`, async () => {
          await page.goto(`/property/${owner.propertyId}/${tab.key}`);
          // A tab whose rule keeps it closed says so instead of drawing its sections.
          await page
            .locator(`[data-testid="tab-${tab.key}"] [data-section], [data-testid="tab-closed"]`)
            .first()
            .waitFor();
          if (await page.getByTestId(`tab-${tab.key}`).count()) await waitForTab(page, tab.key);
        });
      }
      // A room's editor open: the list editor's words and the room's fields.
      await visit(code, 'a new room', async () => {
        await page.goto(`/property/${owner.propertyId}/rooms`);
        await waitForTab(page, 'rooms');
        await page.getByRole('button', { name: words['engine.list_add_room'] }).click();
        await page.getByTestId('row-editor').waitFor();
      });
      await visit(code, '/property-facts', async () => {
        await page.goto('/property-facts');
        await page.getByTestId('completeness').first().waitFor();
      });
      await visit(code, '/add-property', async () => {
        await page.goto('/add-property');
        await page.getByTestId('property-item').first().waitFor();
      });
      await visit(code, '/main-facts', async () => {
        await page.goto(`/main-facts?property=${owner.propertyId}`);
        await page.getByTestId('fact-section-page').waitFor();
        await waitForTab(page, 'general');
      });
      await visit(code, '/edit-companydetails', async () => {
        await page.goto('/edit-companydetails');
        await page.locator('[data-form="company"]').waitFor();
      });
      await visit(code, '/portfolio', async () => {
        await page.goto(`/portfolio/${owner.id}`);
        await page.getByTestId('portfolio').waitFor();
      });
      await visit(code, '/about', async () => {
        await page.goto('/about');
        await page.getByRole('heading', { level: 1, name: words['about.title'] }).waitFor();
      });
    }
    expect(found).toEqual([]);
    expect(found).toEqual([]);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  }, 400_000);
});
