import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, openPage } from './helpers/browser.js';
import type { Portal } from './helpers/portal.js';
import { startStage, stopStage } from './helpers/stage.js';
import { menuEntries, portalOutput, signInUi } from './helpers/ui.js';
import { ownerWithSubUser } from './helpers/users.js';

describe.skipIf(!hasBrowser())('authorized (sub) users see only what the spec allows', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    ({ portal, browser } = await startStage());
  });
  afterAll(() => stopStage({ portal, browser }));

  it('without flags: Dashboard, Add Facts Info, User Profile, Partners, Developers tools', async () => {
    const { sub } = await ownerWithSubUser(portal, { properties: false, photos: false });
    const { context, page, problems } = await openPage(browser, portal.url);
    await signInUi(page, sub.email);
    const expected = [
      'Dashboard /',
      'Add Facts Info /property-facts',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools (disabled)',
    ];
    expect(await menuEntries(page)).toEqual(expected);
    // The dashboard offers the same destinations.
    const cards = await page.getByTestId('destination-cards').getByRole('link').allInnerTexts();
    expect(cards.map((c) => c.split('\n')[0])).toEqual(['Add Facts Info', 'User Profile', 'Partners']);
    // Developer tools need their permission: shown disabled with the reason, never a link to a refusal.
    const disabled = page.getByTestId('destination-cards').locator('[data-disabled-reason]');
    expect(await disabled.innerText()).toContain('Needs the developer tools permission: ask your account owner.');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('with the photos flag: Add Photos as well', async () => {
    const { sub } = await ownerWithSubUser(portal, { photos: true });
    const { context, page } = await openPage(browser, portal.url);
    await signInUi(page, sub.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Add Photos' }).waitFor();
    expect(await menuEntries(page)).toEqual([
      'Dashboard /',
      'Add Facts Info /property-facts',
      'Add Photos /property-photos',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools (disabled)',
    ]);
    await context.close();
  });
});
