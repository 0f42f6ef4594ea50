/**
 * Issue 37: the language menu on every page, signed out and signed in. Russian and Persian chosen
 * from the menu: `<html lang dir>` follow, the choice outlives a reload (stored signed out, saved
 * to the profile signed in), and the shell and the signed-out pages show no English word.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { PASSWORD, createUser, signInApi } from './helpers/users.js';

/** Words that read the same in every language: the brand, and the language codes on the menu's button. */
const ALLOWED = new Set(['Ananas', 'EN', 'ES', 'RU', 'FA', 'DE']);

/**
 * The Latin words of what the selected parts of the page say, leaving out what is data rather
 * than words: isolated values (e-mails, codes, paths: <bdi>, <code>), the user's initials (the
 * avatar) and the server's own messages (the form-errors alert: translated on the server).
 */
async function englishWords(page: Page, selector = 'body'): Promise<string[]> {
  const text = await page.evaluate((sel) => {
    const skip = 'bdi, code, noscript, script, style, [data-testid="form-errors"], .MuiAvatar-root';
    const words: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest(skip)) words.push(node.textContent ?? '');
    }
    return words.join(' ');
  }, selector);
  return [...new Set(text.match(/[A-Za-z][A-Za-z'’-]+/g) ?? [])].filter((w) => !ALLOWED.has(w));
}

const html = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Opens the language menu (its button is named "Language: <name>" in the language on screen) and picks one. */
async function choose(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^(Language|Idioma|Язык|زبان|Sprache): / }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

const SIGNED_OUT_PAGES = [
  '/login',
  '/signup',
  '/reset',
  '/auth/account/resend/activation',
  '/auth/invite/MQ/abc',
  '/no-such-page',
];

describe.skipIf(!hasBrowser())('the interface in Russian and Persian', () => {
  const stage = useStage();

  it('signed out: Russian from the menu, kept after a reload, no English on the signed-out pages', async () => {
    const { context, page, problems } = await stage.page();
    await page.goto('/login');
    expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await choose(page, 'Русский');
    await page.getByRole('heading', { name: 'Вход в Ananas' }).waitFor();
    expect(await html(page)).toEqual({ lang: 'ru', dir: 'ltr' });

    await page.reload();
    await page.getByRole('heading', { name: 'Вход в Ananas' }).waitFor();
    expect(await html(page)).toEqual({ lang: 'ru', dir: 'ltr' });

    for (const path of SIGNED_OUT_PAGES) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await englishWords(page), path).toEqual([]);
    }
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('signed out: Persian lays out right to left, with no English and nothing wider than the window', async () => {
    const { context, page, problems } = await stage.page();
    await page.goto('/signup');
    await choose(page, 'فارسی');
    await page.getByRole('heading', { name: 'حساب Ananas خود را بسازید' }).waitFor();
    expect(await html(page)).toEqual({ lang: 'fa', dir: 'rtl' });
    // MUI's styles flipped by the right-to-left emotion cache.
    expect(await page.locator('style[data-emotion^="muirtl"]').count()).toBeGreaterThan(0);

    for (const path of SIGNED_OUT_PAGES) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await html(page), path).toEqual({ lang: 'fa', dir: 'rtl' });
      expect(await englishWords(page), path).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('signed in: the choice is saved to the profile and followed on the next sign-in; the shell speaks it', async () => {
    const user = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('dashboard').waitFor();

    await choose(page, 'Русский');
    await page.getByRole('navigation', { name: 'Главное меню' }).waitFor();
    expect(await html(page)).toEqual({ lang: 'ru', dir: 'ltr' });
    const token = await signInApi(stage.portal, user.email);
    const me = async () =>
      (await (
        await fetch(`${stage.portal.url}/api/auth/users/me/`, { headers: { authorization: `Token ${token}` } })
      ).json()) as {
        language: string;
      };
    await expect.poll(async () => (await me()).language).toBe('ru');

    await page.reload();
    await page.getByRole('navigation', { name: 'Главное меню' }).waitFor();
    // The shell: top bar, side menu, footer, and the account menu open.
    await page.getByRole('button', { name: 'Меню аккаунта' }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).waitFor();
    expect(await englishWords(page, 'header, nav, footer, [role="menu"]')).toEqual([]);
    await page.keyboard.press('Escape');

    await choose(page, 'فارسی');
    await page.getByRole('navigation', { name: 'منوی اصلی' }).waitFor();
    expect(await html(page)).toEqual({ lang: 'fa', dir: 'rtl' });
    await expect.poll(async () => (await me()).language).toBe('fa');
    await page.getByRole('button', { name: /^اعلان‌ها/ }).click();
    await page.getByRole('region', { name: 'اعلان‌ها' }).waitFor();
    expect(await englishWords(page, 'header, nav, footer, [role="region"]')).toEqual([]);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();

    // Another browser that chose German signed out: signing in brings the profile's Persian.
    const other = await stage.page();
    await other.page.goto('/login');
    await choose(other.page, 'Deutsch');
    await other.page.getByRole('heading', { name: 'Bei Ananas anmelden' }).waitFor();
    await other.page.locator('input[name="email"]').fill(user.email);
    await other.page.locator('input[name="password"]').fill(PASSWORD);
    await other.page.locator('form button[type="submit"]').click();
    await other.page.getByTestId('dashboard').waitFor();
    await other.page.getByRole('navigation', { name: 'منوی اصلی' }).waitFor();
    expect(await html(other.page)).toEqual({ lang: 'fa', dir: 'rtl' });
    await other.context.close();
  });
});
