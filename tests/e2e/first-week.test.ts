/**
 * The first week of two brand-new companies (issue 25), through the UI only: a hotel signs up
 * (with its company name), adds a property and lands in its editor, fills what publishing needs
 * and publishes; a tour operator signs up, finds the hotel in the partner directory by the
 * hotel's name and by its city (accents aside), and proposes a contract; the hotel accepts.
 * Each first dashboard is a checklist of these steps. Then the operator maps the hotel's code,
 * overrides its name (the hotel approves) and exports it from its Export Center, with no step that
 * changes a setting the contract already decided.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, waitForTab } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInUi } from './helpers/ui.js';
import { PASSWORD, signInApi, uniqueEmail } from './helpers/users.js';

/** Sign up through the sign-up page, open the mailed activation link, sign in. */
async function signUpUi(
  page: Page,
  portal: Portal,
  who: { type: 'Accommodation' | 'Tour operator'; first: string; last: string; company: string; email: string },
): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel(who.type).check();
  await form.getByLabel('First name').fill(who.first);
  await form.getByLabel('Last name').fill(who.last);
  await form.getByLabel('Company name').fill(who.company);
  await form.getByLabel('E-mail').fill(who.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByLabel('Repeat password').fill(PASSWORD);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Sign up' }).click();
  await page.getByTestId('signup-done').waitFor();
  await page.goto(await portal.outbox.link(who.email, 'activate'));
  await page.getByTestId('activation-done').waitFor();
  await signInUi(page, who.email);
}

/** Confirm a move in its dialog and wait until it is done. */
async function confirm(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!hasBrowser())('the first week of a new hotel and a new tour operator', () => {
  const stage = useStage();

  it('sign up, add and publish a hotel, find it by name and city, agree a contract, map, override and export', async () => {
    const hotelEmail = uniqueEmail('mirador');
    const operatorEmail = uniqueEmail('tramuntana');
    const h = await stage.page();
    const o = await stage.page();

    // The hotel signs up; its first dashboard is its checklist, nothing done.
    await signUpUi(h.page, stage.portal, {
      type: 'Accommodation',
      first: 'Marga',
      last: 'Ferrer',
      company: 'Mirador Hotels',
      email: hotelEmail,
    });
    const checklist = h.page.getByTestId('getting-started');
    await checklist.waitFor();
    expect(await checklist.locator('[data-done="true"]').count()).toBe(0);
    await checklist.getByRole('link', { name: 'Add your first property' }).click();

    // Adding the property lands in its facts editor.
    const form = h.page.getByRole('form', { name: 'Add property' });
    await form.getByRole('textbox', { name: 'Hotel name' }).fill('Hotel Mirador del Port');
    await form.getByRole('combobox', { name: 'Country' }).fill('Spain');
    await h.page.getByRole('option', { name: 'Spain', exact: true }).click();
    await form.getByRole('combobox', { name: 'State / region' }).fill('Balearic');
    await h.page.getByRole('option', { name: 'Balearic Islands' }).click();
    await form.getByRole('combobox', { name: 'City' }).fill('Sóller');
    await h.page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Add property' }).click();
    await h.page.waitForURL(/\/property\/\d+\/general$/);
    const propertyId = Number(/\/property\/(\d+)\//.exec(h.page.url())![1]);
    await waitForTab(h.page, 'general');

    // What publishing needs, tab by tab (switching tabs saves the one left), then publish.
    const info = h.page.locator('[data-section="main-info"]');
    await info.getByRole('combobox', { name: 'Accommodation type' }).click();
    await h.page.getByRole('option', { name: 'Hotel', exact: true }).click();
    await info.getByRole('combobox', { name: 'Rating' }).click();
    await h.page.getByRole('option', { name: '4 stars' }).click();
    await info.getByRole('textbox', { name: 'Address' }).fill('Carrer de la Marina 7');
    await info.getByRole('textbox', { name: 'E-mail' }).fill('desk@mirador.example');
    await info.getByRole('textbox', { name: 'Phone' }).fill('+34 971 630 000');
    await info.getByRole('textbox', { name: 'Zip code' }).fill('07108');
    await h.page.getByTestId('tab-button-location').click();
    await h.page.getByText('Main info saved.').first().waitFor();
    await waitForTab(h.page, 'location');
    await h.page
      .locator('[data-section="location"]')
      .getByRole('textbox', { name: 'Closest airport' })
      .fill('Palma (PMI)');
    await h.page.getByTestId('tab-button-facilities').click();
    await waitForTab(h.page, 'facilities');
    await h.page.locator('[data-section="facility"]').getByRole('combobox', { name: 'Hotel characteristics' }).click();
    await h.page.getByRole('option').first().click();
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('tab-button-food-beverage').click();
    await waitForTab(h.page, 'food-beverage');
    await h.page.locator('[data-section="food"]').getByRole('combobox', { name: 'Boards available' }).click();
    await h.page.getByRole('option', { name: 'without board' }).click();
    await h.page.keyboard.press('Escape');
    await h.page.getByRole('button', { name: 'Save & publish' }).click();
    await h.page.getByText('Published: the property is Live.').waitFor();
    await expect.poll(() => h.page.getByTestId('publish-state').innerText()).toBe('Live');
    // Back on the dashboard the steps done are ticked; photos are still to add.
    await h.page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
    await checklist.locator('[data-step="publish"][data-done="true"]').waitFor();
    expect(
      await checklist.locator('[data-done="false"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-step'))),
    ).toEqual(['add_photos']);

    // The operator signs up and goes from its checklist to the directory.
    await signUpUi(o.page, stage.portal, {
      type: 'Tour operator',
      first: 'Tomeu',
      last: 'Vidal',
      company: 'Tramuntana Travel',
      email: operatorEmail,
    });
    const theirs = o.page.getByTestId('getting-started');
    await theirs.getByRole('link', { name: 'Find hotels in the partner directory' }).click();
    await o.page.waitForURL(/\/partners$/);
    const search = o.page.getByRole('textbox', { name: 'Hotel, company or city' });
    // By the hotel's name (words in any order, any case), then by its city without the accent.
    for (const words of ['port MIRADOR', 'soller']) {
      await search.fill(words);
      await o.page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => o.page.getByTestId('partner-count').innerText()).toBe('1 company');
      const row = o.page.getByRole('row').filter({ hasText: 'Mirador Hotels' });
      await row.locator('[data-matched="true"]').filter({ hasText: 'Hotel Mirador del Port' }).waitFor();
      expect(await row.innerText()).toContain('Sóller');
      // Never a sign-in address in place of a name.
      expect(await row.innerText()).not.toContain(hotelEmail);
    }
    await o.page
      .getByRole('row')
      .filter({ hasText: 'Mirador Hotels' })
      .getByRole('link', { name: 'Propose a contract to Mirador Hotels' })
      .click();
    await o.page.getByText('With Mirador Hotels.').waitFor();
    await o.page.getByRole('button', { name: 'Send proposal' }).click();
    await confirm(o.page, 'Send proposal');
    await o.page.waitForURL(/\/contract-view\/\d+$/);
    const contractUrl = new URL(o.page.url()).pathname;
    await o.page.getByTestId('contract-summary').getByText('Waiting on the partner').waitFor();

    // The hotel's bell leads to the proposal; it accepts.
    await h.page.goto('/home');
    await h.page.getByRole('button', { name: /^Notifications/ }).click();
    const told = h.page
      .getByRole('region', { name: 'Notifications' })
      .getByTestId('notification')
      .filter({ hasText: 'Tramuntana Travel proposed a contract' });
    await told.getByRole('button', { name: /Tramuntana Travel proposed a contract/ }).click();
    await h.page.waitForURL(new RegExp(`${contractUrl}$`));
    await h.page.getByTestId('contract-summary').getByText('Waiting on you').waitFor();
    await h.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await confirm(h.page, 'Accept');
    await h.page.getByTestId('contract-summary').getByText('Accepted', { exact: true }).waitFor();

    // The operator sees the contract in force and the hotel among its fact sheets.
    await o.page.goto('/contract-details?tab=current');
    await o.page
      .getByRole('table', { name: 'Current contracts' })
      .getByRole('row')
      .filter({ hasText: 'Mirador Hotels' })
      .getByText('Accepted')
      .waitFor();
    await o.page.goto('/fact-sheet');
    await o.page.getByText('Hotel Mirador del Port').first().waitFor();
    expect(o.page.url()).toContain('/fact-sheet');

    // It maps the hotel's code from its dashboard (nothing to set first: the contract decided).
    await o.page.goto('/home');
    const mapping = o.page.getByTestId('mapping-row').filter({ hasText: 'Hotel Mirador del Port' });
    await mapping.getByText('(not mapped)').waitFor();
    await mapping.getByRole('link', { name: 'Hotel Mirador del Port' }).click();
    await o.page.getByRole('heading', { name: 'Codes for Hotel Mirador del Port' }).waitFor();
    await o.page.getByRole('textbox', { name: 'Hotel code' }).fill('MIR-PORT');
    await o.page.getByRole('button', { name: 'Save mapping' }).click();
    await o.page.getByText('Mapping saved.').waitFor();

    // It overrides the hotel's name as the accepted contract allows; the hotel approves.
    await o.page.goto(`/overridefact/${propertyId}`);
    await o.page.getByRole('textbox', { name: 'Hotel name' }).fill('Mirador del Port Sóller');
    await o.page.getByRole('button', { name: 'Save overrides' }).click();
    await o.page
      .locator('[data-override="hotel_name"][data-status="pending"]')
      .getByText('Waiting for the hotel')
      .waitFor();
    await h.page.goto('/fact-reviews');
    const review = h.page.locator('[data-review="Hotel name"]');
    await review.getByText('Mirador del Port Sóller').waitFor();
    await review.getByRole('button', { name: /^Approve Hotel name/ }).click();
    await confirm(h.page, 'Approve');
    await h.page.getByText('Nothing waits for your review.').waitFor();
    await o.page.goto(`/fact-sheet/${propertyId}`);
    await o.page
      .getByTestId('fact-sheet')
      .getByRole('heading', { level: 1, name: 'Mirador del Port Sóller' })
      .waitFor();

    // And exports the hotel from its Export Center: a zip with the fact sheet as PDF.
    await o.page.getByTestId('side-menu').getByRole('link', { name: 'Export Center' }).click();
    await o.page.waitForURL('**/toexportcentre');
    const centre = o.page.getByTestId('operator-export-centre');
    // Listed by the operator's own name for the hotel (its approved override), the hotel's under it (issue 38 §1).
    await centre.getByText("Hotel's name: Hotel Mirador del Port").waitFor();
    await centre.getByRole('checkbox', { name: 'Export Mirador del Port Sóller' }).check();
    await centre.getByRole('button', { name: 'Export 1 hotel' }).click();
    const exported = centre.getByRole('table', { name: 'Exports' }).locator('tbody tr').first();
    await exported.getByText(/^Ready/).waitFor({ timeout: 120_000 });
    const [download] = await Promise.all([
      o.page.waitForEvent('download'),
      exported.getByRole('button', { name: 'Download' }).click(),
    ]);
    const file = (await download.path())!;
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(
      // Named by the operator's own name for the hotel (its approved override).
      names.some(
        (n) => n.startsWith(`${propertyId}-`) && /\/mirador-del-port-sóller-fact-sheet-[a-z]{2}\.pdf$/.test(n),
      ),
      names.join(', '),
    ).toBe(true);

    // No step changed a setting the contract had decided: neither side saved preferences.
    for (const email of [hotelEmail, operatorEmail]) {
      const preferences = await apiCall(
        stage.portal,
        await signInApi(stage.portal, email),
        'GET',
        '/api/settings/preferences/',
      );
      expect(preferences.status).toBe(200);
      expect((preferences.body as unknown as { user: number }).user, email).toBe(0);
    }
    expect(portalOutput(h.problems)).toEqual([]);
    expect(portalOutput(o.problems)).toEqual([]);
    await h.context.close();
    await o.context.close();
  });
});
