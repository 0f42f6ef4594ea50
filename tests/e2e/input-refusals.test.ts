/**
 * What the editor shows for input the server refuses (issue 34 §2), in Chromium: a rule between
 * two fields (minimum adults above maximum adults) beside both fields as soon as one is left, and
 * in the list above the rooms on Save, with nothing sent; a room named only with blanks; and the
 * property form's hotel name of an invisible character, refused by the server and shown at the
 * field.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, openTab, optionLabel, ownerWithProperty, saveTab } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInUi } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

const ADULTS = 'Minimum adults must not be more than maximum adults.';

async function choose(page: Page, scope: Locator, name: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!hasBrowser())('input the server refuses, as the editor shows it', () => {
  const stage = useStage();

  it('rooms: minimum adults above maximum adults is marked beside both fields and not saved; fixed, it saves', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const { context, page, problems } = await stage.page();
    await signInUi(page, owner.email);
    await openTab(page, owner.propertyId, 'rooms');
    const rooms = page.locator('[data-section="room"]');
    await rooms.getByText('No rooms yet.').waitFor();
    await rooms.getByRole('button', { name: 'Add room' }).click();
    const editor = rooms.getByTestId('row-editor');
    const error = (field: string) => page.locator(`[id$="_${field}__error"]`);

    // A name of blanks is no name: the spec's words at the field, before anything is sent.
    await editor.getByRole('textbox', { name: 'Room name' }).fill(' \u00a0\u3000 ');
    await editor.getByRole('textbox', { name: 'Room name' }).press('Tab');
    await expect.poll(() => error('roomName').innerText()).toBe('room name required');
    await editor.getByRole('textbox', { name: 'Room name' }).fill('Garden Room');
    await choose(page, editor, 'Room type', optionLabel('roomTypes', 'apartment'));
    await choose(page, editor, 'View', optionLabel('roomViews', 'Sea view'));

    await editor.getByRole('textbox', { name: 'Minimum adults', exact: true }).fill('3');
    await editor.getByRole('textbox', { name: 'Maximum adults', exact: true }).fill('2');
    await editor.getByRole('textbox', { name: 'Maximum adults', exact: true }).press('Tab');
    // Leaving one field judges the rule: its words beside both.
    await expect.poll(() => error('roomMaxAdults').innerText()).toBe(ADULTS);
    await expect.poll(() => error('roomMinAdults').innerText()).toBe(ADULTS);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => rooms.getByTestId('section-errors').innerText()).toBe(`Room (1): ${ADULTS}`);
    expect((await apiCall(stage.portal, owner.token, 'GET', `/api/facts/rooms/${owner.propertyId}/`)).body).toEqual([]);

    // Fixed in one field: both messages go.
    await editor.getByRole('textbox', { name: 'Maximum adults', exact: true }).fill('3');
    await editor.getByRole('textbox', { name: 'Maximum adults', exact: true }).press('Tab');
    await expect.poll(() => error('roomMaxAdults').count()).toBe(0);
    await expect.poll(() => error('roomMinAdults').count()).toBe(0);
    await saveTab(page, 'Rooms');
    const stored = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/rooms/${owner.propertyId}/`))
      .body as unknown as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ room_name: 'Garden Room', room_min_adults: 3, room_max_adults: 3 });
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('the property form: a hotel name of an invisible character is refused at the field, and no property is added', async () => {
    const owner = await createUser(stage.portal);
    const token = await signInApi(stage.portal, owner.email);
    const { context, page } = await stage.page();
    await signInUi(page, owner.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Add Property' }).click();
    const form = page.getByRole('form', { name: 'Add property' });
    // A zero-width space: no white space to String.trim(), nothing to see either.
    await form.getByRole('textbox', { name: 'Hotel name' }).fill('\u200b');
    await form.getByRole('combobox', { name: 'Country' }).fill('Spain');
    await page.getByRole('option', { name: 'Spain', exact: true }).click();
    await form.getByRole('button', { name: 'Add property' }).click();
    // Beside the field: its helper text, which the input names as its description.
    const name = form.getByRole('textbox', { name: 'Hotel name' });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const described = await name.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).innerText()).toBe("Enter the hotel's name.");
    expect((await apiCall(stage.portal, token, 'GET', '/api/facts/properties/')).body).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!hasBrowser())('sign-up says everything at once', () => {
  const stage = useStage();

  it('an empty sign-up marks every missing field in one try, not one per submit (issue 38 §2)', async () => {
    const { context, page, problems } = await stage.page();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel(/^E-mail/).fill('not-an-address');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Sign up' }).click();
    // The browser's own checks would stop at the first empty field; the server names them all.
    for (const label of [/^First name/, /^Last name/, /^E-mail/, /^Password/])
      await expect
        .poll(() => form.getByLabel(label).first().getAttribute('aria-invalid'), { message: String(label) })
        .toBe('true');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
