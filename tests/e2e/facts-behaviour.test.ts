import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, openTab, ownerWithProperty, saveTab, waitForTab } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

type Owner = Awaited<ReturnType<typeof ownerWithProperty>>;

const yes = (page: Page, scope: string, name: string, answer: 'Yes' | 'No') =>
  page
    .locator(`[data-section="${scope}"]`)
    .getByRole('group', { name, exact: true })
    .getByRole('button', { name: answer })
    .click();

describe.skipIf(!hasBrowser())('facts editor behaviour', () => {
  const stage = useStage();

  async function editor(owner: Owner, tab = 'general') {
    const opened = await stage.page();
    await signInAs(opened.page, owner.email);
    await openTab(opened.page, owner.propertyId, tab);
    return opened;
  }

  // One section alone (dependents shown and sent as null, a card that never submits, dense tables,
  // seasonal dates): tests/component/engine/document-section.test.tsx. Here: the editor page with
  // the real server (its errors, conflicts, publishing, the tab in the URL, read-only access).

  it('shows a server 400 above the section and at its field', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const { context, page } = await editor(owner);
    // The browser checks what the server checks; a body changed on its way shows the server's own answer.
    await page.route('**/api/facts/main-info/create/', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, email: 'not-an-address' }) });
    });
    const info = page.locator('[data-section="main-info"]');
    await info.getByRole('textbox', { name: 'E-mail' }).fill('desk@example.com');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => info.getByTestId('section-errors').innerText())
      .toContain('E-mail: Enter a valid email address.');
    await expect
      .poll(() => page.locator('[id="main-info_email__error"]').innerText())
      .toBe('Enter a valid email address.');
    await expect.poll(() => page.getByTestId('tab-button-general').getAttribute('data-error')).toBe('true');
    await page.unroute('**/api/facts/main-info/create/');
    await info.getByRole('textbox', { name: 'E-mail' }).fill('front@example.com');
    await saveTab(page, 'Main info');
    expect(await page.locator('[id="main-info_email__error"]').count()).toBe(0);
    await context.close();
  });

  it('a stale save shows who changed the section and when; keep mine, or reload theirs', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const colleague = await createUser(stage.portal, {
      manager: { id: owner.id, token: owner.token },
      firstName: 'Ana',
    });
    expect(
      (
        await apiCall(stage.portal, owner.token, 'POST', '/api/auth/permissions/create/', {
          user: colleague.id,
          facts: true,
          properties_allowed: [owner.propertyId],
        })
      ).status,
    ).toBe(201);
    const colleagueToken = await signInApi(stage.portal, colleague.email);
    expect(
      (
        await apiCall(stage.portal, owner.token, 'POST', '/api/facts/main-info/create/', {
          hotel: owner.propertyId,
          address: 'First street 1',
        })
      ).status,
    ).toBe(201);
    const { context, page } = await editor(owner);
    const info = page.locator('[data-section="main-info"]');
    const change = async (address: string) => {
      const doc = (await apiCall(stage.portal, colleagueToken, 'GET', `/api/facts/main-info/${owner.propertyId}/`))
        .body;
      expect(
        (
          await apiCall(stage.portal, colleagueToken, 'PUT', `/api/facts/main-info/update/${owner.propertyId}/`, {
            ...doc,
            address,
          })
        ).status,
      ).toBe(200);
    };
    await change('Their street 2');
    await info.getByRole('textbox', { name: 'Zip code' }).fill('07001');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Main info was changed meanwhile' });
    await expect
      .poll(() => dialog.getByTestId('conflict-who').innerText())
      .toContain(`Ana Person (${colleague.email}) saved Main info on`);
    await dialog.getByRole('button', { name: 'Keep my values and save' }).click();
    await expect
      .poll(
        async () =>
          (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/main-info/${owner.propertyId}/`)).body.zip_code,
      )
      .toBe('07001');
    const mine = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/main-info/${owner.propertyId}/`)).body;
    expect(mine).toMatchObject({ version: 3, address: 'First street 1' });

    await change('Their street 3');
    await info.getByRole('textbox', { name: 'Zip code' }).fill('07002');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('button', { name: 'Reload their version' }).click();
    await expect.poll(() => info.getByRole('textbox', { name: 'Address' }).inputValue()).toBe('Their street 3');
    await expect.poll(() => info.getByRole('textbox', { name: 'Zip code' }).inputValue()).toBe('07001');
    await context.close();
  });

  it('publishing is refused naming each section that misses something, then accepted once filled', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const { context, page } = await editor(owner);
    await expect.poll(() => page.getByTestId('publish-state').innerText()).toBe('Unpublished');
    await page.getByRole('button', { name: 'Save & publish' }).click();
    const refusal = page.getByTestId('publish-problems');
    await expect.poll(() => refusal.innerText()).toContain('Fill in what is missing before publishing:');
    const text = await refusal.innerText();
    for (const line of [
      'Main info: Accommodation type, Rating, Address, E-mail, Phone, Zip code',
      'Location & environment: Closest airport',
      'Facilities:',
      'Food & beverage:',
    ]) {
      expect(text).toContain(line);
    }
    for (const tab of ['general', 'location', 'facilities', 'food-beverage']) {
      expect(await page.getByTestId(`tab-button-${tab}`).getAttribute('data-error')).toBe('true');
    }
    // The open section marks its missing fields.
    await expect.poll(() => page.locator('[id="main-info_rating__error"]').innerText()).toBe('This field is required.');

    const info = page.locator('[data-section="main-info"]');
    await info.getByRole('combobox', { name: 'Accommodation type' }).click();
    await page.getByRole('option', { name: 'Hotel', exact: true }).click();
    await info.getByRole('combobox', { name: 'Rating' }).click();
    await page.getByRole('option', { name: '4 stars' }).click();
    await info.getByRole('textbox', { name: 'Address' }).fill('Passeig 1');
    await info.getByRole('textbox', { name: 'E-mail' }).fill('desk@example.com');
    await info.getByRole('textbox', { name: 'Phone' }).fill('+34 971 000 000');
    await info.getByRole('textbox', { name: 'Zip code' }).fill('07001');
    // Switching tabs saves the tab that is left.
    await page.getByTestId('tab-button-location').click();
    await page.getByText('Main info saved.').first().waitFor();
    await waitForTab(page, 'location');
    await page
      .locator('[data-section="location"]')
      .getByRole('textbox', { name: 'Closest airport' })
      .fill('Palma (PMI)');
    await page.getByTestId('tab-button-facilities').click();
    await waitForTab(page, 'facilities');
    const facilities = page.locator('[data-section="facility"]');
    await facilities.getByRole('combobox', { name: 'Hotel characteristics' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-button-food-beverage').click();
    await waitForTab(page, 'food-beverage');
    await page.locator('[data-section="food"]').getByRole('combobox', { name: 'Boards available' }).click();
    await page.getByRole('option', { name: 'without board' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save & publish' }).click();
    await page.getByText('Published: the property is Live.').waitFor();
    await expect.poll(() => page.getByTestId('publish-state').innerText()).toBe('Live');
    // Saved after publishing: partners still see the publication, and the editor says so (not "Live").
    await page.locator('[data-section="food"]').getByRole('combobox', { name: 'Boards available' }).click();
    await page.getByRole('option').nth(1).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('publish-state').innerText()).toBe('Saved, not published');
    const properties = (await apiCall(stage.portal, owner.token, 'GET', '/api/facts/properties/')).body as unknown as {
      id: number;
      publish_date: string | null;
    }[];
    expect(properties.find((p) => p.id === owner.propertyId)?.publish_date).toBeTruthy();
    await context.close();
  });

  it('keeps the tab in the URL (back and forward), opens ruled tabs as their rule allows, asks before leaving with changes', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const { context, page } = await editor(owner);
    expect(await page.getByTestId('tab-button-all-inclusive').isDisabled()).toBe(true);
    expect(await page.getByTestId('tab-button-partner-hotel').isDisabled()).toBe(true);
    // Main info: guests check in at a partner hotel -> the partner-hotel tab opens, before saving.
    await yes(page, 'main-info', 'Check-in at a partner hotel', 'Yes');
    await expect.poll(() => page.getByTestId('tab-button-partner-hotel').isDisabled()).toBe(false);
    await page.getByTestId('tab-button-food-beverage').click();
    await page.waitForURL(`**/property/${owner.propertyId}/food-beverage`);
    await waitForTab(page, 'food-beverage');
    // Leaving the tab saved it; the save may still be on its way when the next tab is shown.
    await expect
      .poll(
        async () => (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/main-info/${owner.propertyId}/`)).body,
        { timeout: 10_000 },
      )
      .toMatchObject({ check_in_partner_hotel: true });
    await page.locator('[data-section="food"]').getByRole('combobox', { name: 'Boards available' }).click();
    await page.getByRole('option', { name: 'All Inclusive Light' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('tab-button-all-inclusive').isDisabled()).toBe(false);
    await page.getByTestId('tab-button-all-inclusive').click();
    await waitForTab(page, 'all-inclusive');
    await page.goBack();
    await page.waitForURL(`**/food-beverage`);
    await waitForTab(page, 'food-beverage');
    await page.goForward();
    await page.waitForURL(`**/all-inclusive`);
    await waitForTab(page, 'all-inclusive');

    // Leaving with unsaved changes asks; "Save and leave" saves them.
    await yes(page, 'all-inclusive', 'Snacks', 'Yes');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
    const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
    await ask.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/all-inclusive');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
    await ask.getByRole('button', { name: 'Save and leave' }).click();
    await page.getByTestId('dashboard').waitFor();
    expect(
      (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/all-inclusive/${owner.propertyId}/`)).body,
    ).toMatchObject({ snacks_available: true });
    await context.close();
  });

  it('an authorized user without the facts flag reads the facts but cannot change them', async () => {
    const owner = await ownerWithProperty(stage.portal);
    expect(
      (
        await apiCall(stage.portal, owner.token, 'POST', '/api/facts/main-info/create/', {
          hotel: owner.propertyId,
          address: 'Read-only street',
        })
      ).status,
    ).toBe(201);
    const reader = await createUser(stage.portal, { manager: { id: owner.id, token: owner.token } });
    expect(
      (
        await apiCall(stage.portal, owner.token, 'POST', '/api/auth/permissions/create/', {
          user: reader.id,
          facts: false,
          properties_allowed: [owner.propertyId],
        })
      ).status,
    ).toBe(201);
    const { context, page } = await stage.signedInPage(reader.email);
    await openTab(page, owner.propertyId, 'general');
    await page.getByText('You can read these facts; changing them needs the Facts permission.').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save & publish' }).count()).toBe(0);
    const address = page.locator('[data-section="main-info"]').getByRole('textbox', { name: 'Address' });
    expect(await address.inputValue()).toBe('Read-only street');
    expect(await address.isDisabled()).toBe(true);
    await openTab(page, owner.propertyId, 'rooms');
    expect(await page.getByRole('button', { name: 'Add room' }).count()).toBe(0);
    await context.close();
  });
});
