import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portal } from './portal.js';

export interface PhotoJson {
  id: number;
  name: string | null;
  alt: string | null;
  category: string | null;
  description: string | null;
  sequence: number;
  room: number | null;
  featured: boolean;
  thumbnail: string;
  display: string;
  image: string;
}

const auth = (token: string) => ({ authorization: `Token ${token}` });

/** A property through the API (multipart, as the add-property page sends it). */
export async function createPropertyApi(portal: Portal, token: string, name: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ hotel_name: name, country: 'ES', state: 'PM', city: 'Palma' })) form.set(k, v);
  const res = await fetch(`${portal.url}/api/facts/property/create/`, {
    method: 'POST',
    headers: auth(token),
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Rooms through the rooms save call; answers the saved rooms (ids and names). */
export async function createRoomsApi(
  portal: Portal,
  token: string,
  propertyId: number,
  names: string[],
): Promise<{ id: number; room_name: string }[]> {
  const body = names.map((room_name) => ({ id: 0, room_name, room_name_type: 'double room', room_view: 'Sea view' }));
  const res = await fetch(`${portal.url}/api/facts/rooms/update/${propertyId}/`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: number; room_name: string }[];
}

export async function galleryApi(portal: Portal, token: string, propertyId: number): Promise<PhotoJson[]> {
  const res = await fetch(`${portal.url}/api/facts/property/${propertyId}/gallery/`, { headers: auth(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as PhotoJson[];
}

export async function imageCountApi(portal: Portal, token: string): Promise<{ images: number; limit: number | null }> {
  return (await (await fetch(`${portal.url}/api/facts/count-images/`, { headers: auth(token) })).json()) as {
    images: number;
    limit: number | null;
  };
}

/** A real JPEG with noise (so it is a few hundred KB and its upload takes a moment under throttling). */
export const noisyJpeg = (width: number, height: number, mean: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();

export const png = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 0.7 } } })
    .png()
    .toBuffer();

/** The photo ids of the grid, in the order shown. */
export async function tileIds(page: Page): Promise<number[]> {
  return await page
    .getByTestId('photo-tile')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-photo-id'))));
}

/** Wait until the grid shows this order. */
export async function expectTiles(page: Page, ids: number[]): Promise<void> {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid="photo-tile"]')].map((e) =>
          Number(e.getAttribute('data-photo-id')),
        ),
      ) === JSON.stringify(want),
    ids,
    { timeout: 30_000 },
  );
}

/** Wait until the server holds this order (the order call runs in the background). */
export async function expectServerOrder(
  portal: Portal,
  token: string,
  propertyId: number,
  ids: number[],
): Promise<void> {
  await expect
    .poll(async () => (await galleryApi(portal, token, propertyId)).map((p) => p.id), {
      timeout: 30_000,
      interval: 200,
    })
    .toEqual(ids);
}

/** Every thumbnail of the grid has loaded and decoded. */
export async function thumbnailsLoaded(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="photo-tile"] img')];
      return imgs.length === n && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    count,
    { timeout: 60_000 },
  );
}
