import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, openTab, optionLabel, ownerWithProperty, saveTab } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';

async function choose(page: Page, scope: Locator, name: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!hasBrowser())('list editors', () => {
  const stage = useStage();

  it('rooms: add two, the unnamed one is named exactly, fix, copy shared features, save, delete one', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const { context, page, problems } = await stage.signedInPage(owner.email);
    await openTab(page, owner.propertyId, 'rooms');
    const rooms = page.locator('[data-section="room"]');
    await rooms.getByText('No rooms yet.').waitFor();
    await rooms.getByRole('button', { name: 'Add room' }).click();
    let editor = rooms.getByTestId('row-editor');
    await editor.getByRole('textbox', { name: 'Room name' }).fill('Deluxe double');
    await choose(page, editor, 'Room type', optionLabel('roomTypes', 'apartment'));
    await choose(page, editor, 'View', optionLabel('roomViews', 'Sea view'));
    await rooms.getByRole('button', { name: 'Add room' }).click();
    // One editor at a time: the new room's.
    expect(await rooms.getByTestId('row-editor').count()).toBe(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => rooms.getByTestId('section-errors').innerText())
      .toBe('Room (2): room name required - room type required - room view required');
    editor = rooms.getByTestId('row-editor');
    await expect.poll(() => page.locator('[id$="_roomName__error"]').innerText()).toBe('room name required');
    await editor.getByRole('textbox', { name: 'Room name' }).fill('Family suite');
    await choose(page, editor, 'Room type', optionLabel('roomTypes', 'apartment'));
    await choose(page, editor, 'View', optionLabel('roomViews', 'Pool side'));
    await editor.getByRole('textbox', { name: 'Maximum infants allowed' }).fill('2');
    // Bulk action: the open room's shared features go to the selected rooms.
    await editor.getByRole('combobox', { name: 'Room features', exact: true }).click();
    const feature = (await page.getByRole('option').first().innerText()).trim();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await rooms.getByRole('checkbox', { name: 'Select Room (1)' }).check();
    await rooms.getByRole('button', { name: 'Copy shared features to selected (1)' }).click();
    await rooms.getByText('Shared features copied to 1 room.').waitFor();
    await saveTab(page, 'Rooms');
    expect(await rooms.getByTestId('section-errors').count()).toBe(0);

    let stored = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/rooms/${owner.propertyId}/`))
      .body as unknown as Record<string, unknown>[];
    expect(stored.map((r) => r.room_name)).toEqual(['Deluxe double', 'Family suite']);
    expect(stored.every((r) => Number(r.id) > 0)).toBe(true);
    expect(stored[1]).toMatchObject({ room_allowed_infant_count: 2, room_view: 'Pool side' });
    expect(stored[0]!.room_features).toEqual(stored[1]!.room_features);
    expect((stored[0]!.room_features as string[]).length).toBe(1);
    expect(stored.some((r) => 'isSelected' in r || 'is_selected' in r)).toBe(false);
    expect(feature.length).toBeGreaterThan(0);

    // Delete: gone from the list at once, and on the server.
    await rooms.getByRole('button', { name: 'Delete Room (1)' }).click();
    await expect.poll(() => rooms.getByTestId('list-row').count()).toBe(1);
    await expect
      .poll(
        async () =>
          (
            (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/rooms/${owner.propertyId}/`))
              .body as unknown as unknown[]
          ).length,
      )
      .toBe(1);
    await page.reload();
    await openTab(page, owner.propertyId, 'rooms');
    await expect.poll(() => rooms.getByTestId('row-summary').first().innerText()).toContain('Family suite');
    // The infant fields come back as they were saved.
    await rooms.getByRole('button', { name: 'Edit Room (1)' }).click();
    await expect
      .poll(() =>
        rooms.getByTestId('row-editor').getByRole('textbox', { name: 'Maximum infants allowed' }).inputValue(),
      )
      .toBe('2');
    stored = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/rooms/${owner.propertyId}/`))
      .body as unknown as Record<string, unknown>[];
    expect(stored[0]).toMatchObject({ room_name: 'Family suite', room_allowed_infant_count: 2 });
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('maintenance: a blank row gets the spec messages; filled, it is saved', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const { context, page } = await stage.signedInPage(owner.email);
    await openTab(page, owner.propertyId, 'maintenance');
    const list = page.locator('[data-section="maintenance"]');
    await list.getByRole('button', { name: 'Add maintenance' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => list.getByTestId('section-errors').innerText())
      .toBe(
        'Maintenance (1): Maintenance type is required. - Maintenance zone is required. - Maintenance disturbance level is required. - Maintenance starting time is required. - Maintenance ending time is required.',
      );
    const editor = list.getByTestId('row-editor');
    const first = async (name: string) => {
      await editor.getByRole('combobox', { name, exact: true }).click();
      // The first choice: a short list's menu starts with "Not set"; a long one (the maintenance
      // type's 20) is a field to search, which has none.
      await page.getByRole('option').filter({ hasNotText: 'Not set' }).first().click();
    };
    await first('Maintenance type');
    await first('Disturbance level');
    await first('Zone');
    // Required fields carry a star in their label.
    await editor.getByLabel(/^From/).fill('2026-11-02');
    await editor.getByLabel(/^To/).fill('2026-11-20');
    await saveTab(page, 'Maintenance');
    const stored = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/maintenance/${owner.propertyId}/`))
      .body as unknown as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ maintenance_from: '2026-11-02', maintenance_to: '2026-11-20' });
    expect(Number(stored[0]!.id)).toBeGreaterThan(0);
    await context.close();
  });

  it('restaurants and bars inside facilities: rows added with id 0 and saved together with the tab', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const { context, page } = await stage.signedInPage(owner.email);
    await openTab(page, owner.propertyId, 'facilities');
    const restaurants = page.locator('[data-section="restaurant"]');
    const bars = page.locator('[data-section="bar"]');
    await restaurants.getByRole('button', { name: 'Add restaurant' }).click();
    await restaurants.getByTestId('row-editor').getByRole('textbox', { name: 'Restaurant name' }).fill('Sa Terrassa');
    await restaurants.getByRole('button', { name: 'Add restaurant' }).click();
    await restaurants.getByTestId('row-editor').getByRole('textbox', { name: 'Restaurant name' }).fill('El Moll');
    await bars.getByRole('button', { name: 'Add bar' }).click();
    await bars.getByTestId('row-editor').getByRole('textbox', { name: 'Bar name' }).fill('Pool bar');
    await saveTab(page, 'Facilities');
    const r = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/facility/restaurants/${owner.propertyId}/`))
      .body as unknown as Record<string, unknown>[];
    const b = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/facility/bars/${owner.propertyId}/`))
      .body as unknown as Record<string, unknown>[];
    expect(r.map((x) => x.restaurant_name)).toEqual(['Sa Terrassa', 'El Moll']);
    expect(b.map((x) => x.bar_name)).toEqual(['Pool bar']);
    expect([...r, ...b].every((x) => Number(x.id) > 0)).toBe(true);
    // A removed restaurant goes with the next save (the saved array is the whole list).
    await restaurants.getByRole('button', { name: 'Delete Restaurant (1)' }).click();
    await saveTab(page, 'Facilities');
    const after = (
      await apiCall(stage.portal, owner.token, 'GET', `/api/facts/facility/restaurants/${owner.propertyId}/`)
    ).body as unknown as Record<string, unknown>[];
    expect(after.map((x) => x.restaurant_name)).toEqual(['El Moll']);
    await context.close();
  });
});
