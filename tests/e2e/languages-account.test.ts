/**
 * Issue 37: the account pages (profile, security, team, mailing lists, settings, developer tools)
 * in Russian and in Persian, chosen from the language menu: no English word left in the main
 * content, and in Persian (right to left) nothing wider than the 1280 px window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ru from '../../locales/ru/messages.json';
import fa from '../../locales/fa/messages.json';
import { hasBrowser, openPage } from './helpers/browser.js';
import { settled } from './helpers/quiet.js';
import { createPropertyApi } from './helpers/gallery.js';
import type { Portal } from './helpers/portal.js';
import { startStage, stopStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

/**
 * Words every language writes in Latin letters: brand and product names, and the names of
 * standards and formats a developer types as they are (the glossary keeps them in Latin).
 */
const BRANDS = new Set([
  'Ananas',
  'OpenTravel',
  'OTA',
  'Google',
  'Microsoft',
  'Authenticator',
  '1Password',
  'Chrome',
  'Linux',
  'QR',
  'API',
  'PDF',
  'OpenAPI',
  'JSON',
  'XML',
  'IP',
  'IPv4',
  'IPv6',
  'CIDR',
  'iCal',
  'ETag',
  'HAC',
  'RMA',
  'MPT',
  'Standard',
  'Webhooks',
  '2xx',
  '2015A',
]);

/** Every page of the account folders; `:member` and `:group` are filled with the test's own. */
const PAGES = [
  '/user-profile',
  '/edit-securitysettings',
  '/authorized-users',
  '/addauth-users/:member',
  '/mailing-lists?group=:group',
  '/user-settings',
  '/edit-preference',
  '/edit-layoutsettings',
  '/edit-notifications',
  '/edit-mailingdetails',
  '/dev-tools',
  '/api-integrations',
];

/**
 * What stays as typed: code and isolated left-to-right runs (e-mails, keys, addresses, URLs).
 * `[data-form]` is the form engine's rendering of a schema (src/client/engine, translated from
 * locales/<lang>/schemas.json by the engine's own part of issue 37, not by these pages).
 */
const AS_TYPED = 'code, pre, bdi, [dir="ltr"], script, style, [data-form]';

/** The main content's text, word by word, less what stays as typed and the names the test typed. */
async function mainText(page: Page, typed: readonly string[]): Promise<string> {
  const text = await page.locator('main').evaluate((main, skip) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest(skip)) parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  }, AS_TYPED);
  return typed.reduce((t, name) => t.split(name).join(' '), text);
}

/** Latin-letter words that are not brand names. */
function englishWords(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}_.'-]*[\p{L}\p{N}]|[\p{L}]/gu) ?? [];
  // OpenTravel's message names (OTA_HotelAvailNotifRQ) are names, as the standard spells them.
  return words.filter((w) => /[A-Za-z]{2,}/.test(w) && !BRANDS.has(w) && !w.startsWith('OTA_'));
}

async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await settled(page);
  await page.locator('main [role="progressbar"]').first().waitFor({ state: 'detached' });
}

async function chooseLanguage(page: Page, current: string, name: string): Promise<void> {
  await page.getByRole('button', { name: current }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.waitForFunction((lang) => document.documentElement.lang.startsWith(lang), name === 'فارسی' ? 'fa' : 'ru');
}

describe.skipIf(!hasBrowser())('the account pages in Russian and Persian', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    ({ portal, browser } = await startStage());
  });
  afterAll(() => stopStage({ portal, browser }));

  it('leave no English word in the main content, and in Persian nothing overflows 1280 px', async () => {
    const owner = await createUser(portal, { firstName: 'Ольга' });
    const token = await signInApi(portal, owner.email);
    await createPropertyApi(portal, token, 'Отель Ананас');
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${portal.url}${url}`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as { id: number };
    };
    const member = await post('/api/auth/authorized-user/invite/', {
      email: `rosa-${owner.id}@example.com`,
      first_name: 'Роза',
      last_name: 'Рес',
    });
    const group = await post('/api/settings/mailing-list/create/', { name: 'Партнёры', description: 'Испания' });
    await post('/api/settings/contact-list/create/', {
      mailing_list: group.id,
      name: 'Луис',
      email_address: `luis-${owner.id}@example.com`,
    });
    // What the test typed and the fixtures' own last name: names stay as typed.
    const typed = ['Person'];
    const paths = PAGES.map((p) => p.replace(':member', String(member.id)).replace(':group', String(group.id)));

    const { context, page, problems } = await openPage(browser, portal.url);
    await signInAs(page, owner.email);
    await chooseLanguage(page, 'Language: English', 'Русский');
    const found: Record<string, string[]> = {};
    for (const lang of ['ru', 'fa'] as const) {
      if (lang === 'fa') await chooseLanguage(page, ru['shell.language'].replace('{name}', 'Русский'), 'فارسی');
      for (const path of paths) {
        await page.goto(path);
        await settle(page);
        const words = englishWords(await mainText(page, typed));
        if (words.length) found[`${lang} ${path}`] = words;
        if (lang === 'fa') {
          expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${path} is ${width} px wide in Persian`).toBeLessThanOrEqual(1280);
        }
      }
    }
    expect(found).toEqual({});
    // The Persian page names the language menu in Persian: the choice held across the pages.
    await page.getByRole('button', { name: fa['shell.language'].replace('{name}', 'فارسی') }).waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
