import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';
import {
  createPropertyApi,
  createRoomsApi,
  expectServerOrder,
  expectTiles,
  galleryApi,
  imageCountApi,
  noisyJpeg,
  png,
  thumbnailsLoaded,
  tileIds,
} from './helpers/gallery.js';

const NOT_AN_IMAGE = '"notes.jpg" is not a JPEG, PNG, WebP or GIF image.';

describe.skipIf(!hasBrowser())('photo gallery in the browser', () => {
  const stage = useStage();

  it('uploads with progress (a refused file shows why), reorders by drag and keyboard, features, tags a room, edits, keeps it all, deletes', async () => {
    const owner = await createUser(stage.portal, { firstName: 'Gala' });
    const token = await signInApi(stage.portal, owner.email);
    const propertyId = await createPropertyApi(stage.portal, token, 'Hotel Galería');
    const [sea] = await createRoomsApi(stage.portal, token, propertyId, ['Sea double', 'Garden studio']);
    const { context, page, problems } = await stage.signedInPage(owner.email);
    expect(await page.getByTestId('photo-quota-text').innerText()).toBe('0 of 25 photos');

    // The chooser: the property, its publish state and photo count; into its gallery.
    await page.getByTestId('side-menu').getByRole('link', { name: 'Add Photos' }).click();
    const row = page.getByTestId('property-row').filter({ hasText: 'Hotel Galería' });
    await row.getByTestId('photo-count').getByText('0 photos').waitFor();
    expect(await row.getByTestId('publish-state').innerText()).toBe('Unpublished');
    await row.getByRole('link', { name: 'Photos of Hotel Galería' }).click();
    await page.waitForURL(`**/property-photos/${propertyId}`);
    await page.getByTestId('gallery-empty').waitFor();

    // Slow uploads down, so each file's own progress bar is seen part-way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const files = [
      { name: 'pool.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg(1200, 900, 90) },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo') },
      { name: 'lobby.png', mimeType: 'image/png', buffer: await png(800, 600) },
      { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg(1000, 750, 150) },
    ];
    await page.getByTestId('upload-input').setInputFiles(files);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="upload-progress"]')].some((e) => {
          const v = Number(e.getAttribute('aria-valuenow'));
          return v > 0 && v < 100;
        }),
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.getByTestId('upload-row').count()).toBe(4);
    await page.getByTestId('upload-list').getByText(NOT_AN_IMAGE).waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="upload-row"][data-status="done"]').length === 3,
      undefined,
      { timeout: 90_000 },
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await page.locator('[data-testid="upload-row"][data-status="failed"]').getAttribute('aria-label')).toBe(
      'notes.jpg',
    );

    // The gallery keeps the order the files were chosen in, whichever upload landed first.
    await expect
      .poll(async () => (await galleryApi(stage.portal, token, propertyId)).map((p) => p.name), { timeout: 15_000 })
      .toEqual(['pool', 'lobby', 'beach']);
    // Thumbnails in sequence order, as the server holds them.
    const uploaded = await galleryApi(stage.portal, token, propertyId);
    const ids = uploaded.map((p) => p.id);
    await expectTiles(page, ids);
    await thumbnailsLoaded(page, 3);
    expect(await page.getByTestId('gallery-count').innerText()).toBe('3 in this gallery');
    await page.getByTestId('image-count').getByText('Account: 3 of 25 photos').waitFor();
    expect(await page.getByTestId('quota-hint').innerText()).toBe('22 more photos may be added on the free plan.');

    // Reorder by dragging the first tile onto the last.
    const tile = (id: number) => page.locator(`[data-testid="photo-tile"][data-photo-id="${id}"]`);
    await tile(ids[0]!).dragTo(tile(ids[2]!));
    const dragged = [ids[1]!, ids[2]!, ids[0]!];
    await expectTiles(page, dragged);
    await expectServerOrder(stage.portal, token, propertyId, dragged);

    // Reorder by keyboard: the last tile, focused, moves left twice, keeping the focus.
    await tile(ids[0]!).focus();
    await page.keyboard.press('ArrowLeft');
    await expectTiles(page, [ids[1]!, ids[0]!, ids[2]!]);
    await page.keyboard.press('ArrowLeft');
    const keyed = [ids[0]!, ids[1]!, ids[2]!];
    await expectTiles(page, keyed);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-photo-id'))).toBe(String(ids[0]));
    expect(await page.getByTestId('gallery-announce').innerText()).toContain('moved to position 1 of 3');
    await expectServerOrder(stage.portal, token, propertyId, keyed);
    // And the explicit buttons of the side panel.
    await tile(ids[2]!).click();
    const panel = page.getByTestId('photo-panel');
    await panel.getByRole('button', { name: 'Move earlier' }).click();
    const final = [ids[0]!, ids[2]!, ids[1]!];
    await expectTiles(page, final);
    await expectServerOrder(stage.portal, token, propertyId, final);

    // Feature the photo now second.
    await panel.getByRole('button', { name: 'Set as featured' }).click();
    await panel.getByRole('button', { name: '★ Featured photo' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await tile(ids[2]!).and(page.locator('[data-featured="true"]')).waitFor();

    // Tag the third photo to a room, give it a title and a category.
    await tile(ids[1]!).click();
    await panel.getByRole('textbox', { name: 'Title' }).fill('Sunny lobby');
    await panel.getByRole('combobox', { name: 'Room' }).click();
    await page.getByRole('option', { name: 'Sea double' }).click();
    await panel.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Facilities' }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    await tile(ids[1]!).getByText('Sunny lobby').waitFor();

    // Reload: all of it kept, in the browser and on the server.
    await page.reload();
    await expectTiles(page, final);
    await thumbnailsLoaded(page, 3);
    expect(await tile(ids[2]!).getAttribute('data-featured')).toBe('true');
    expect(await page.locator('[data-featured="true"]').count()).toBe(1);
    await tile(ids[1]!).click();
    expect(await panel.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Sunny lobby');
    expect(await panel.getByRole('combobox', { name: 'Room' }).innerText()).toBe('Sea double');
    expect(await panel.getByRole('combobox', { name: 'Category' }).innerText()).toBe('Facilities');
    const kept = await galleryApi(stage.portal, token, propertyId);
    expect(kept.map((p) => [p.id, p.sequence, p.featured])).toEqual([
      [final[0], 1, false],
      [final[1], 2, true],
      [final[2], 3, false],
    ]);
    expect(kept[2]).toMatchObject({ name: 'Sunny lobby', alt: 'Sunny lobby', room: sea!.id, category: 'Facilities' });

    // The large preview shows the display size.
    await panel.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByTestId('photo-preview-image');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="photo-preview-image"]');
      return !!img && img.complete && img.naturalWidth > 400;
    });
    expect(await preview.getAttribute('src')).toBe(kept[2]!.display);
    await page.getByRole('dialog', { name: 'Sunny lobby' }).getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    // Delete asks first; Cancel keeps the photo, Delete removes it.
    await panel.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await galleryApi(stage.portal, token, propertyId)).toHaveLength(3);
    await panel.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this photo?' })
      .getByRole('button', { name: 'Delete photo' })
      .click();
    await expectTiles(page, final.slice(0, 2));
    expect((await galleryApi(stage.portal, token, propertyId)).map((p) => p.id)).toEqual(final.slice(0, 2));
    await page.getByTestId('image-count').getByText('Account: 2 of 25 photos').waitFor();
    expect(await imageCountApi(stage.portal, token)).toEqual({ images: 2, limit: 25 });

    // Files dropped on the upload zone upload the same way.
    const dropped = await page.evaluateHandle(async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], 'dropped.png', { type: 'image/png' }));
      return transfer;
    });
    await page.getByTestId('upload-zone').dispatchEvent('dragover', { dataTransfer: dropped });
    await page.getByTestId('upload-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByTestId('photo-tile').filter({ hasText: 'dropped' }).waitFor({ timeout: 60_000 });
    const withDropped = (await galleryApi(stage.portal, token, propertyId)).map((p) => p.id);
    expect(withDropped.slice(0, 2)).toEqual(final.slice(0, 2));
    expect(withDropped).toHaveLength(3);

    // The facts editor's gallery tab shows the same gallery.
    await page.goto(`/property/${propertyId}/gallery`);
    await page.getByTestId('tab-button-gallery').waitFor();
    await expectTiles(page, withDropped);
    expect(await tileIds(page)).toEqual(withDropped);
    // And the dashboard the account's quota.
    await page.goto('/');
    await page.getByTestId('photo-quota-text').getByText('3 of 25 photos').waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
