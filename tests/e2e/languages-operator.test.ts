/**
 * Issue 37: the tour operator's pages (operator workspace, partners and contracts, the operator
 * Export Center, Premium) and the hotel's fact reviews and widget, in Russian and in Persian
 * chosen from the language menu: no English word left in the main content, and in Persian (right
 * to left) no horizontal overflow at a 1280 px window.
 *
 * "English" is the vocabulary of the English catalogue of these pages' areas plus common English
 * words, less the words the portal's data holds (names the users typed: "Hotel Sol Playa") and
 * the brand and format names every language writes in Latin letters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasBrowser, launchBrowser } from './helpers/browser.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { demoIds } from './helpers/sweep-paths.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/accounts.js';

const root = path.resolve(import.meta.dirname, '../..');
const AREAS = ['operator.', 'operator-exports.', 'partners.', 'premium.', 'widget.'];
/** Brands and format names, written in Latin letters in every language (locales/glossary.md). */
const BRANDS = new Set(['ananas', 'ota', 'opentravel', 'google', 'booking', 'json', 'csv', 'pdf', 'zip', 'api']);
const COMMON = ['the', 'and', 'of', 'to', 'your', 'you', 'is', 'are', 'for', 'with', 'not', 'yet', 'all', 'no'];
/**
 * The server's words shown as they come (plan titles and features, the contract's refusal
 * reasons, field labels of an override): translated by the server, not by these pages.
 */
const SERVER_TEXT = ['[data-testid="payment-note"]', '[data-plan]', '[data-testid="refusal-reason"]'];
/** Left out: code blocks (what a developer copies). The fact sheet's next steps are the server's words, in the reader's language. */
const LEFT_OUT = ['pre', 'code'];
const words = (text: string): string[] => text.toLowerCase().match(/[a-z]{2,}/g) ?? [];

function englishVocabulary(): Set<string> {
  const en = JSON.parse(readFileSync(path.join(root, 'locales/en/messages.json'), 'utf8')) as Record<string, string>;
  const vocabulary = new Set(COMMON);
  for (const [key, message] of Object.entries(en))
    if (AREAS.some((a) => key.startsWith(a)))
      // ICU syntax (argument names, plural keywords) is not text.
      for (const w of words(
        message.replace(/\{[^{}]*\}/g, ' ').replace(/\b(plural|select|one|other|few|many)\b/g, ' '),
      ))
        vocabulary.add(w);
  return vocabulary;
}

/** Every word of the data users typed (names, cities, rooms, photo names, comments). */
async function dataWords(portal: Portal): Promise<Set<string>> {
  const db = portal.services.db.kysely;
  const tables = [
    'users',
    'properties',
    'companies',
    'fact_rows',
    'fact_sections',
    'photos',
    'overrides',
    'room_mappings',
    'hotel_mappings',
    'operator_photos',
    'contract_versions',
  ] as const;
  const out = new Set<string>();
  for (const table of tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    for (const w of words(JSON.stringify(rows))) out.add(w);
  }
  return out;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('dashboard').waitFor();
}

/** The language menu of the top bar, named "Language: …" in whichever language it is in now. */
async function choose(page: Page, name: string, lang: string): Promise<void> {
  await page.getByRole('button', { name: /^(Language|Idioma|Язык|زبان|Sprache): / }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  // The choice is saved to the profile: let the save land before the next page is opened.
  await page.waitForLoadState('networkidle');
}

/** The main content's text without isolated codes (<bdi>), the server's words and form values. */
function mainText(page: Page): Promise<string> {
  return page.evaluate(
    (skip) => {
      const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
      for (const el of main.querySelectorAll(['bdi', 'input', 'textarea', 'script', 'style', ...skip].join(',')))
        el.remove();
      const labels = [...document.querySelectorAll('main [aria-label], main [title]')].map(
        (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`,
      );
      return `${main.innerText}\n${labels.join('\n')}`;
    },
    [...SERVER_TEXT, ...LEFT_OUT],
  );
}

/** Until no request is in flight for a moment: the page has loaded what it shows. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('main [role="progressbar"]'), undefined, {
    timeout: 15_000,
  });
}

describe.skipIf(!hasBrowser())('the operator pages in Russian and Persian', () => {
  let portal: Portal;
  let browser: Browser;
  let english: Set<string>;
  let ids: { property: number; contract: number };
  beforeAll(async () => {
    portal = await startPortal();
    await seedDemo(portal.services);
    browser = await launchBrowser();
    const typed = await dataWords(portal);
    english = new Set([...englishVocabulary()].filter((w) => !typed.has(w) && !BRANDS.has(w)));
    ids = await demoIds(portal);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const pagesOf = (who: 'operator' | 'hotel'): string[] =>
    who === 'operator'
      ? [
          '/fact-sheet',
          `/fact-sheet/${ids.property}`,
          `/overridefact/${ids.property}`,
          '/mapping',
          `/datamapping/${ids.property}`,
          '/toexportcentre',
          '/partners',
          '/contract-details',
          '/contract-details?tab=current',
          `/contract-view/${ids.contract}`,
          '/premium-account',
          '/packageitem',
          '/edit-paymentdetails',
          '/edit-photochannels',
        ]
      : [
          '/fact-reviews',
          '/fact-reviews?status=all',
          `/display-widgets/${ids.property}`,
          `/contract-view/${ids.contract}`,
        ];

  const LANGS = [
    { lang: 'ru', name: 'Русский', rtl: false },
    { lang: 'fa', name: 'فارسی', rtl: true },
  ];
  for (const { lang, name, rtl } of LANGS)
    for (const who of ['operator', 'hotel'] as const)
      it(
        `${who}: no English word on its pages in ${lang}${rtl ? ', no overflow at 1280 px' : ''}`,
        {
          timeout: 300_000,
        },
        async () => {
          const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 800 } });
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          await signIn(page, DEMO_ACCOUNTS[who].email);
          await choose(page, name, lang);
          const found: string[] = [];
          for (const p of pagesOf(who)) {
            await page.goto(p);
            await settle(page);
            expect(await page.evaluate(() => document.documentElement.dir)).toBe(rtl ? 'rtl' : 'ltr');
            const text = await mainText(page);
            const left = [...new Set(words(text).filter((w) => english.has(w)))];
            // Each word with the text around it: where to look.
            for (const w of left) {
              const at = text.toLowerCase().search(new RegExp(`(^|[^a-z])${w}([^a-z]|$)`));
              const around = text.slice(Math.max(0, at - 40), at + w.length + 40).replace(/\s+/g, ' ');
              found.push(`${p}: ${w} in "${around}"`);
            }
            if (rtl) {
              const width = await page.evaluate(() => document.documentElement.scrollWidth);
              if (width > 1280) found.push(`${p}: ${width}px wide`);
            }
          }
          expect(found.join('\n')).toBe('');
          await context.close();
        },
      );
});
