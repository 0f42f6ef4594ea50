import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, launchBrowser, openPage } from './helpers/browser.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { portalOutput, signInUi } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';
import { createPropertyApi, expectTiles, galleryApi, noisyJpeg, thumbnailsLoaded } from './helpers/gallery.js';

/** Upload through the API, one file per request as the gallery page sends them. */
async function uploadApi(portal: Portal, token: string, propertyId: number, name: string): Promise<void> {
  const form = new FormData();
  form.append('imagesArray', new Blob([new Uint8Array(await noisyJpeg(320, 240, 120))], { type: 'image/jpeg' }), name);
  const res = await fetch(`${portal.url}/api/facts/property/${propertyId}/gallery/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(res.status, await res.text()).toBe(201);
}

describe.skipIf(!hasBrowser())('photo gallery: who sees and changes what', () => {
  let portal: Portal;
  let browser: Browser;
  let owner: { id: number; email: string };
  let token: string;
  let propertyId: number;
  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    owner = await createUser(portal);
    token = await signInApi(portal, owner.email);
    propertyId = await createPropertyApi(portal, token, 'Secret Cove Hotel');
    await uploadApi(portal, token, propertyId, 'private-pool.jpg');
    await uploadApi(portal, token, propertyId, 'private-spa.jpg');
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('shows another account nothing of a gallery it may not see, not even through the image URL', async () => {
    const other = await createUser(portal);
    const { context, page, problems } = await openPage(browser, portal.url);
    await signInUi(page, other.email);
    await page.goto(`/property-photos/${propertyId}`);
    await page.getByTestId('gallery-not-found').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('Secret Cove');
    expect(text).not.toContain('private-');
    expect(await page.locator('img[src*="/gallery/"], img[src*="/api/photos/"]').count()).toBe(0);
    // The editor's gallery tab says the same.
    await page.goto(`/property/${propertyId}/gallery`);
    await page.getByText('This property does not exist, or you may not see it.').waitFor();
    expect(await page.getByTestId('photo-tile').count()).toBe(0);
    // The signed-in image routes answer 404 to this session's cookie, as to anyone else's (the
    // gallery answer's signed URLs, which this account never gets, are tests/e2e/signed-photo-url.test.ts).
    const [photo] = await galleryApi(portal, token, propertyId);
    for (const variant of ['thumbnail', 'display', 'original'])
      expect(
        (await page.request.get(`/api/facts/property/${propertyId}/gallery/${photo!.id}/${variant}/`)).status(),
      ).toBe(404);
    // The chooser lists only the user's own properties.
    await page.goto('/property-photos');
    await page.getByText('No property yet.').waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('is read-only for an authorized user without the photos flag', async () => {
    const sub = await createUser(portal, { manager: { id: owner.id, token } });
    const res = await fetch(`${portal.url}/api/auth/permissions/create/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: sub.id, facts: true, photos: false, properties_allowed: [propertyId] }),
    });
    expect(res.status, await res.text()).toBe(201);
    const ids = (await galleryApi(portal, token, propertyId)).map((p) => p.id);
    const { context, page, problems } = await openPage(browser, portal.url);
    await signInUi(page, sub.email);
    await page.goto(`/property-photos/${propertyId}`);
    await page.getByTestId('gallery-read-only').waitFor();
    await expectTiles(page, ids);
    await thumbnailsLoaded(page, 2);
    expect(await page.getByTestId('upload-zone').count()).toBe(0);
    expect(await page.getByTestId('photo-tile').first().getAttribute('draggable')).toBe('false');
    // Arrow keys move nothing; the panel shows the fields without Save or actions.
    await page.getByTestId('photo-tile').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('photo-panel');
    await panel.waitFor();
    expect(await panel.getByRole('textbox', { name: 'Title' }).isDisabled()).toBe(true);
    for (const name of ['Save', 'Set as featured', 'Delete', 'Move later'])
      expect(await panel.getByRole('button', { name, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectTiles(page, ids);
    expect((await galleryApi(portal, token, propertyId)).map((p) => p.id)).toEqual(ids);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
