import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty, waitForTab } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

interface PropertyWire {
  id: number;
  hotel_name: string;
  country: string;
  state: string;
  city: string;
  hotel_logo: string | null;
  publish_date: string | null;
}

describe.skipIf(!hasBrowser())('properties and the section pages', () => {
  const stage = useStage();

  it('adds a property with cascading country, state and city and a logo; edits and deletes it', async () => {
    const owner = await createUser(stage.portal);
    const token = await signInApi(stage.portal, owner.email);
    const { context, page, problems } = await stage.signedInPage(owner.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Add Property' }).click();
    const form = page.getByRole('form', { name: 'Add property' });
    await form.getByRole('textbox', { name: 'Hotel name' }).fill('Hotel Sol');
    expect(await form.getByRole('combobox', { name: 'State / region' }).isDisabled()).toBe(true);
    await form.getByRole('combobox', { name: 'Country' }).fill('Spain');
    await page.getByRole('option', { name: 'Spain', exact: true }).click();
    await form.getByRole('combobox', { name: 'State / region' }).fill('Balearic');
    await page.getByRole('option', { name: 'Balearic Islands' }).click();
    await form.getByRole('combobox', { name: 'City' }).fill('Palma');
    await page.getByRole('option', { name: 'Palma', exact: true }).click();
    // A file that is not an image is refused before it is sent; a PNG is previewed.
    await form
      .getByLabel('Logo file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await form.getByText('The logo must be a PNG, JPEG or WebP image.').waitFor();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7d44' } })
      .png()
      .toBuffer();
    await form.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => form.getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toMatch(/^blob:/);
    await form.getByRole('button', { name: 'Add property' }).click();
    await page.getByText('Hotel Sol added.').waitFor();
    let list = (await apiCall(stage.portal, token, 'GET', '/api/facts/properties/')).body as unknown as PropertyWire[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ hotel_name: 'Hotel Sol', country: 'ES', state: 'PM', city: 'Palma' });
    expect(list[0]!.hotel_logo).toBeTruthy();
    // Adding lands in the new property's facts editor: its facts are the next step.
    await page.waitForURL(new RegExp(`/property/${list[0]!.id}/[a-z-]+$`));
    await page.getByRole('tab').first().waitFor();

    await page.goto('/add-property');
    await page.getByRole('button', { name: 'Edit Hotel Sol' }).click();
    const edit = page.getByRole('form', { name: 'Edit Hotel Sol' });
    await edit.getByRole('textbox', { name: 'Hotel name' }).fill('Hotel Sol y Mar');
    await edit.getByRole('checkbox', { name: 'Remove the logo' }).check();
    await edit.getByRole('button', { name: 'Save property' }).click();
    await page.getByText('Hotel Sol y Mar saved.').waitFor();
    list = (await apiCall(stage.portal, token, 'GET', '/api/facts/properties/')).body as unknown as PropertyWire[];
    expect(list[0]).toMatchObject({ hotel_name: 'Hotel Sol y Mar', hotel_logo: null, city: 'Palma' });

    await page.getByRole('button', { name: 'Delete Hotel Sol y Mar' }).click();
    await page.getByRole('dialog', { name: 'Delete Hotel Sol y Mar?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Hotel Sol y Mar deleted.').waitFor();
    await expect
      .poll(
        async () =>
          ((await apiCall(stage.portal, token, 'GET', '/api/facts/properties/')).body as unknown as unknown[]).length,
      )
      .toBe(0);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('a sub-user without the properties flag sees the properties but no form', async () => {
    const owner = await ownerWithProperty(stage.portal, 'Hotel Vista');
    const sub = await createUser(stage.portal, { manager: { id: owner.id, token: owner.token } });
    expect(
      (
        await apiCall(stage.portal, owner.token, 'POST', '/api/auth/permissions/create/', {
          user: sub.id,
          properties: false,
          facts: true,
          properties_allowed: [owner.propertyId],
        })
      ).status,
    ).toBe(201);
    const { context, page } = await stage.signedInPage(sub.email);
    await page.goto('/add-property');
    await page.getByText('adding, editing and deleting them needs the Properties permission').waitFor();
    await page.getByTestId('property-item').getByText('Hotel Vista').waitFor();
    expect(await page.getByRole('form', { name: 'Add property' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Hotel Vista' }).count()).toBe(0);
    await context.close();
  });

  it('Add Facts Info lists the properties with their state and completeness and leads into the editor', async () => {
    const owner = await ownerWithProperty(stage.portal, 'Hotel Norte');
    const { context, page } = await stage.signedInPage(owner.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Add Facts Info' }).click();
    const row = page.getByTestId('property-row').filter({ hasText: 'Hotel Norte' });
    await expect.poll(() => row.getByTestId('publish-state').innerText()).toBe('Unpublished');
    await expect
      .poll(() => row.getByTestId('completeness').innerText())
      .toMatch(/0\s?%[\s\S]*required fields missing to publish/);
    await row.getByRole('link', { name: 'Edit facts of Hotel Norte' }).click();
    await page.waitForURL(`**/property/${owner.propertyId}/general`);
    await waitForTab(page, 'general');
    await context.close();
  });

  it('the stand-alone section pages edit one section of the chosen property', async () => {
    const owner = await ownerWithProperty(stage.portal, 'Hotel Uno');
    const form = new FormData();
    form.set('hotel_name', 'Hotel Dos');
    form.set('country', 'ES');
    const second = (await (
      await fetch(`${stage.portal.url}/api/facts/property/create/`, {
        method: 'POST',
        headers: { authorization: `Token ${owner.token}` },
        body: form,
      })
    ).json()) as { id: number };
    const { context, page } = await stage.signedInPage(owner.email);
    await page.goto('/environment-facts');
    await page.getByTestId('fact-section-page').waitFor();
    const choose = async (name: string, id: number) => {
      await page.getByRole('combobox', { name: 'Property' }).click();
      await page.getByRole('option', { name }).click();
      await page.waitForURL(
        (url) => url.pathname === '/environment-facts' && url.searchParams.get('property') === String(id),
      );
      // The router renders a navigation as a transition: the URL changes first, and the page of
      // the property before stays on screen until it commits. Typing then would edit that one.
      await expect.poll(() => page.getByRole('combobox', { name: 'Property' }).textContent()).toBe(name);
    };
    await choose('Hotel Uno', owner.propertyId);
    await choose('Hotel Dos', second.id);
    await waitForTab(page, 'location');
    await page
      .locator('[data-section="location"]')
      .getByRole('textbox', { name: 'Closest airport' })
      .fill('Menorca (MAH)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Location & environment saved.').waitFor();
    expect((await apiCall(stage.portal, owner.token, 'GET', `/api/facts/location/${second.id}/`)).body).toMatchObject({
      closest_airport: 'Menorca (MAH)',
    });
    // The first property's section was never saved: it reads as a new section, every field empty.
    expect(
      (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/location/${owner.propertyId}/`)).body,
    ).toMatchObject({
      id: null,
      version: null,
      closest_airport: null,
    });
    await context.close();
  });
});
