/**
 * Each partner's photo rules in the browser (issue 40 §4), as a hotel reads them in its gallery:
 * per channel its partner uses (here one tour operator on every channel of
 * schemas/partner-photo-rules.json) whether it takes the gallery, which photos it
 * refuses and why (too small for Booking.com, too short on the long edge for Expedia), the room
 * type rules (too few photos for Expedia, too many for GDS), and a photo uploaded in the browser
 * that is a resized re-encode of one already there, flagged with the other photo shown. Deleting
 * the eighth photo of a room type clears GDS's refusal. Real images, made with sharp.
 *
 * No channel of the data limits formats today, so the format rule is not seen here (its words
 * are shared with the other rules: src/shared/photo-rules/describe.ts).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { roomScene } from '../helpers/fixtures/look-alike-photos.js';
import { hasBrowser } from './helpers/browser.js';
import { contractedOperator, ok } from './helpers/contracts.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { createRoomsApi, galleryApi } from './helpers/gallery.js';
import type { Portal } from './helpers/portal.js';
import { settled } from './helpers/quiet.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';

const jpeg = (seed: number, width: number, height: number): Promise<Buffer> =>
  sharp(roomScene(seed, width, height))
    .jpeg({ quality: 90 })
    .toBuffer();

/** One upload call (the photos in one form), optionally tagged with a room type; answers the new ids. */
async function upload(
  portal: Portal,
  token: string,
  propertyId: number,
  files: { name: string; data: Buffer }[],
  room?: number,
): Promise<number[]> {
  const form = new FormData();
  for (const f of files) form.append('imagesArray', new Blob([new Uint8Array(f.data)], { type: 'image/jpeg' }), f.name);
  if (room !== undefined) form.set('room', String(room));
  const res = await fetch(`${portal.url}/api/facts/property/${propertyId}/gallery/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }[]).map((p) => p.id);
}

/** A tour operator in contract with the hotel that passes its photos on to every channel. */
async function partnerOnEveryChannel(portal: Portal, hotelToken: string): Promise<void> {
  const { token } = await contractedOperator(portal, hotelToken, 'Rita');
  await ok(
    apiCall(portal, token, 'PUT', '/api/settings/photo-channels/edit/', {
      channels: ['booking_com', 'expedia', 'gds'],
    }),
  );
}

/** A channel's section of the panel, opened (its details show only then, as for the hotel). */
async function channel(page: Page, key: string) {
  const section = page.locator(`[data-testid="partner-rules-channel"][data-channel="${key}"]`);
  const head = section.getByRole('button').first();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  return section;
}

const texts = async (section: ReturnType<Page['locator']>, testId: string): Promise<string[]> =>
  (await section.getByTestId(testId).allInnerTexts()).map((s) => s.trim());

describe.skipIf(!hasBrowser())('partner photo rules in the gallery', () => {
  const stage = useStage();

  it('shows per channel which photos pass and why not, the room type counts, and a look-alike at upload', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Reglas');
    // The panel shows the channels of the hotel's partners: one partner uses all three.
    await partnerOnEveryChannel(stage.portal, hotel.token);
    const [sea, garden] = await createRoomsApi(stage.portal, hotel.token, hotel.propertyId, [
      'Sea double',
      'Garden single',
    ]);
    const lobby = await jpeg(11, 3000, 2000);
    // Long enough for Expedia (3,000 px on the long edge), and big enough for Booking.com.
    const [lobbyId] = await upload(stage.portal, hotel.token, hotel.propertyId, [{ name: 'lobby.jpg', data: lobby }]);
    // Eight different photos of one room type: one more than GDS shows, each too short for Expedia.
    const seaFiles = [];
    for (let i = 1; i <= 8; i++) seaFiles.push({ name: `sea ${i}.jpg`, data: await jpeg(20 + i, 600, 400) });
    const seaIds = await upload(stage.portal, hotel.token, hotel.propertyId, seaFiles, sea!.id);
    // Smaller than Booking.com's 300 x 300.
    const [tinyId] = await upload(
      stage.portal,
      hotel.token,
      hotel.propertyId,
      [{ name: 'tiny.jpg', data: await jpeg(40, 280, 200) }],
      garden!.id,
    );
    expect((await galleryApi(stage.portal, hotel.token, hotel.propertyId)).map((p) => p.id)).toEqual([
      lobbyId,
      ...seaIds,
      tinyId,
    ]);

    const { context, page, problems } = await stage.signedInPage(hotel.email);
    await page.goto(`/property-photos/${hotel.propertyId}`);
    await page.getByTestId('partner-rules').waitFor();
    await settled(page);
    // Different photos are not flagged as look-alikes.
    expect(await page.getByTestId('similar-photos').count()).toBe(0);

    // The copy: the lobby resized to 1,200 px and re-encoded, uploaded in the browser.
    const copy = await sharp(lobby).resize(1200).jpeg({ quality: 70 }).toBuffer();
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'lobby copy.jpg', mimeType: 'image/jpeg', buffer: copy });
    const flagged = page.getByTestId('similar-photo');
    await flagged.waitFor();
    await settled(page);
    expect(await flagged.count()).toBe(1);
    expect((await flagged.innerText()).trim()).toBe('“lobby copy” looks like “lobby”, already in the gallery');
    // Both photos shown, the other one opens in the side panel.
    expect(await flagged.locator('img').count()).toBe(2);
    const copyId = (await galleryApi(stage.portal, hotel.token, hotel.propertyId)).find(
      (p) => p.name === 'lobby copy',
    )!.id;
    const thumbs = await flagged.locator('img').evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
    expect(thumbs[0]).toContain(`/${copyId}/`);
    expect(thumbs[1]).toContain(`/${lobbyId}/`);
    await flagged.getByRole('button', { name: 'Open “lobby”' }).click();
    const panel = page.getByTestId('photo-panel');
    expect(await panel.getAttribute('data-photo-id')).toBe(String(lobbyId));
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // Booking.com: only the tiny photo is refused, with both its figures.
    const booking = await channel(page, 'booking_com');
    expect(await booking.getByRole('button').first().innerText()).toContain('1 problem');
    expect(await texts(booking, 'partner-rules-photo')).toEqual([
      '“tiny”: 280 px wide, at least 300 px needed; 200 px high, at least 300 px needed',
    ]);
    expect(await texts(booking, 'partner-rules-count')).toEqual([]);

    // Expedia: every photo under 2,880 px on the long edge, and no room type reaches 4 photos.
    const expedia = await channel(page, 'expedia');
    expect(await texts(expedia, 'partner-rules-photo')).toEqual([
      ...seaFiles.map((f) => `“${f.name.replace('.jpg', '')}”: 600 px on the long edge, at least 2,880 px needed`),
      '“tiny”: 280 px on the long edge, at least 2,880 px needed',
      '“lobby copy”: 1,200 px on the long edge, at least 2,880 px needed',
    ]);
    expect(await texts(expedia, 'partner-rules-count')).toEqual([
      'Sea double: 0 photos pass, at least 4 needed',
      'Garden single: 0 photos pass, at least 4 needed',
    ]);
    expect(await expedia.getByRole('button').first().innerText()).toContain('12 problems');

    // GDS: every photo passes, but the sea double has one photo more than it shows.
    const gds = await channel(page, 'gds');
    expect(await gds.getByRole('button').first().innerText()).toContain('1 problem');
    expect(await gds.innerText()).toContain('Every photo passes.');
    expect(await texts(gds, 'partner-rules-count')).toEqual(['Sea double: 8 photos, at most 7 shown']);

    // A refused photo's title opens it; from there the eighth sea photo is deleted.
    await expedia.getByRole('button', { name: '“sea 8”' }).click();
    expect(await panel.getAttribute('data-photo-id')).toBe(String(seaIds[7]));
    await panel.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this photo?' })
      .getByRole('button', { name: 'Delete photo' })
      .click();
    await page.locator(`[data-testid="photo-tile"][data-photo-id="${seaIds[7]}"]`).waitFor({ state: 'detached' });
    await settled(page);

    // GDS now takes the gallery; Expedia refuses one photo fewer, the room type counts one fewer.
    expect(await gds.getByRole('button').first().innerText()).toContain('Passes');
    expect(await texts(gds, 'partner-rules-count')).toEqual([]);
    expect(await texts(expedia, 'partner-rules-photo')).toHaveLength(9);
    expect(await expedia.getByRole('button').first().innerText()).toContain('11 problems');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
