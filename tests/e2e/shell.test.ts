import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, launchBrowser, openPage } from './helpers/browser.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { portalOutput, signInUi } from './helpers/ui.js';
import { createUser } from './helpers/users.js';

describe.skipIf(!hasBrowser())("the shell: top bar, What's new, announcement", () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const now = new Date().toISOString();
    const db = portal.services.db.kysely;
    await db
      .insertInto('announcements')
      .values({ message: 'Maintenance on Sunday at 02:00 UTC.', active: true, created_at: now })
      .execute();
    await db
      .insertInto('feature_updates')
      .values([
        {
          message_date: '2026-10-15',
          message_category: 'Improved',
          message_header: 'Older update',
          message_body: 'Older body.',
          created_at: now,
        },
        {
          message_date: '2026-11-20',
          message_category: 'New',
          message_header: 'Newest update',
          message_body: 'Newest body.',
          created_at: now,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('dark mode is remembered across reloads; languages are listed by their own names', async () => {
    const { context, page, problems } = await openPage(browser, portal.url);
    await page.goto('/about');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await background()).not.toBe(light);

    await page.getByRole('button', { name: /^Language/ }).click();
    const items = page.getByRole('menuitem');
    expect(await items.allInnerTexts()).toEqual(['English', 'Español', 'Русский', 'فارسی', 'Deutsch']);
    for (const item of await items.all()) expect(await item.getAttribute('aria-disabled')).toBeNull();
    expect(await page.getByRole('menuitem', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it("opens What's new from the user menu, newest first, dates as day MonthName year", async () => {
    const user = await createUser(portal);
    const { context, page, problems } = await openPage(browser, portal.url);
    await signInUi(page, user.email);
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Profile',
      'Upgrade',
      'Features',
      'Help',
      'Sign Out',
    ]);
    await page.getByRole('menuitem', { name: 'Features' }).click();
    const dialog = page.getByRole('dialog', { name: "What's new" });
    const updates = dialog.getByTestId('feature-update');
    await updates.first().waitFor();
    const texts = await updates.allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('20 November 2026');
    expect(texts[0]).toContain('New');
    expect(texts[0]).toContain('Newest update');
    expect(texts[0]).toContain('Newest body.');
    expect(texts[1]).toContain('15 October 2026');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('shows the announcement until it is closed, and keeps it closed', async () => {
    const user = await createUser(portal);
    const { context, page } = await openPage(browser, portal.url);
    await signInUi(page, user.email);
    const banner = page.getByTestId('announcement');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Maintenance on Sunday at 02:00 UTC.');
    await banner.getByRole('button', { name: 'Close' }).click();
    expect(await banner.count()).toBe(0);
    await page.goto('/home');
    await page.getByTestId('dashboard').waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    expect(await page.getByTestId('announcement').count()).toBe(0);
    await context.close();
  });
});
