/**
 * Issue 37: a hotel's own pages (dashboard, photos, a gallery, the availability chart, the Export
 * Center, the audit trail) in Russian and in Persian, chosen from the language menu: no English
 * word left in the main content (brand names, file formats and what the user typed aside), and in
 * Persian, right to left, nothing wider than a 1280 px window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasBrowser, openPage } from './helpers/browser.js';
import { settled } from './helpers/quiet.js';
import { ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { startStage, stopStage } from './helpers/stage.js';
import { signInAs } from './helpers/ui.js';

/** Words that read the same in every language: brands, formats, units and keys named on the keyboard. */
const ALLOWED = new Set(
  'Ananas OpenTravel OTA Google Booking com Expedia GDS Premium JPEG PNG WebP GIF PDF UTC API zip Ctrl Shift Delete Home End Enter'.split(
    ' ',
  ),
);

/**
 * The Latin words of the page's main content that are not allowed (after removing what the user
 * typed), each with the text around it: where to look.
 */
async function englishWords(page: Page, typed: readonly string[]): Promise<string[]> {
  let text = await page.locator('main').innerText();
  for (const t of typed) text = text.split(t).join(' ');
  const left = [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])].filter((w) => !ALLOWED.has(w));
  return left.map((w) => {
    const at = text.indexOf(w);
    return `${w} in "${text.slice(Math.max(0, at - 40), at + w.length + 40).replace(/\s+/g, ' ')}"`;
  });
}

const LANGUAGE_BUTTON = /^(Language|Язык|زبان|Idioma|Sprache):/;

async function choose(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: LANGUAGE_BUTTON }).click();
  await page.getByRole('menuitem', { name }).click();
}

describe.skipIf(!hasBrowser())('a hotel’s pages in Russian and Persian', () => {
  let browser: Browser;
  let portal: Portal;
  beforeAll(async () => {
    ({ browser, portal } = await startStage());
  }, 120_000);
  afterAll(async () => stopStage({ browser, portal }));

  it('leaves no English in the main content, and Persian fits 1280 px right to left', async () => {
    const hotel = await ownerWithProperty(portal, 'Отель Пальма');
    const { context, page } = await openPage(browser, portal.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, hotel.email);
    const pages: Array<[string, string]> = [
      ['/', 'dashboard'],
      ['/property-photos', 'property-photos'],
      [`/property-photos/${hotel.propertyId}`, 'gallery'],
      ['/property-stopsale', 'stop-sale'],
      ['/exportcentre', 'export-centre'],
      ['/audit-trail', 'audit-filters'],
    ];
    // What the user typed (the property's name and city, their own name and e-mail) is no English to translate.
    const typed = ['Отель Пальма', 'Palma', 'Test', hotel.email];
    const found: Record<string, string[]> = {};
    for (const [language, dir] of [
      ['Русский', 'ltr'],
      ['فارسی', 'rtl'],
    ] as const) {
      await choose(page, language);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(dir);
      for (const [path, testId] of pages) {
        await page.goto(path);
        await page.getByTestId(testId).first().waitFor();
        // Let the page's queries settle: the words checked are those of the finished page.
        await settled(page);
        const words = await englishWords(page, typed);
        if (words.length) found[`${language} ${path}`] = words;
        if (dir === 'rtl')
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(1280);
      }
    }
    expect(found).toEqual({});
    await context.close();
  }, 240_000);
});
