import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { ownerWithSubUser } from './helpers/users.js';

/** The side menu's background colour, as the browser paints it. */
const sidebarColour = (page: Page) =>
  page.getByTestId('side-menu').evaluate((el) => getComputedStyle(el.closest('.MuiDrawer-paper')!).backgroundColor);
const bodyColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** The top bar's height: 64 px comfortable, 48 px (a dense toolbar) compact. */
const topBarHeight = (page: Page) =>
  page.locator('header .MuiToolbar-root').evaluate((el) => Math.round(el.getBoundingClientRect().height));

const PURPLE = 'rgb(91, 63, 140)'; // SIDEBAR_COLORS.purple, #5b3f8c
const ANANAS = 'rgb(47, 93, 58)'; // #2f5d3a
const DARK_BACKGROUND = 'rgb(18, 21, 18)'; // #121512

describe.skipIf(!hasBrowser())('appearance: the account preferences drive the shell', () => {
  const stage = useStage();

  it('changes the sidebar colour, theme and layout: the shell follows at once, after a reload, and for the team', async () => {
    const { owner, sub } = await ownerWithSubUser(stage.portal, {});
    const { context, page, problems } = await stage.signedInPage(owner.email);
    expect(await sidebarColour(page)).toBe(ANANAS);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: /^Preferences and appearance/ }).click();
    await page.getByRole('button', { name: 'Purple' }).click();
    await page.getByRole('combobox', { name: /^Theme/ }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await page.getByRole('combobox', { name: /^Layout/ }).click();
    await page.getByRole('option', { name: 'Compact' }).click();
    expect(await topBarHeight(page)).toBe(64);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your preferences are saved.').waitFor();
    await expect.poll(() => sidebarColour(page)).toBe(PURPLE);
    await expect.poll(() => bodyColour(page)).toBe(DARK_BACKGROUND);
    await expect.poll(() => topBarHeight(page)).toBe(48);

    await page.reload();
    await page.getByRole('button', { name: 'Purple' }).waitFor();
    await expect.poll(() => sidebarColour(page)).toBe(PURPLE);
    expect(await page.getByRole('button', { name: 'Purple' }).getAttribute('aria-pressed')).toBe('true');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();

    // The preferences are the account's: a team member's shell has them too, read-only for them.
    const member = await stage.page();
    await signInAs(member.page, sub.email);
    await expect.poll(() => sidebarColour(member.page)).toBe(PURPLE);
    await member.page.goto('/edit-preference');
    await member.page.getByText('Only the account owner changes these preferences.').waitFor();
    expect(await member.page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await member.context.close();
  });

  it('opens menus with a transition, and at once for a person whose system asks for reduced motion', async () => {
    const { owner } = await ownerWithSubUser(stage.portal, {});
    /** The CSS transition of the account menu's panel as it opens. */
    const menuTransition = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await stage.browser.newContext({ baseURL: stage.portal.url, reducedMotion });
      const page = await context.newPage();
      await signInAs(page, owner.email);
      await page.getByRole('button', { name: 'Account menu' }).click();
      const paper = page.getByRole('menu').locator('xpath=ancestor::*[contains(@class, "MuiPaper-root")][1]');
      const transition = await paper.evaluate((el) => getComputedStyle(el).transitionDuration);
      await context.close();
      return transition;
    };
    expect(await menuTransition('no-preference')).not.toMatch(/^0s(, 0s)*$/);
    expect(await menuTransition('reduce')).toBe('0s');
  });
});
