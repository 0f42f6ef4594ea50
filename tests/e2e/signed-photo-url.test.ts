/**
 * A photo URL the API gives renders in a plain <img> (issue 28 §4): on a page of another origin,
 * in a browser that never signed in (no header, no cookie), the gallery's signed URLs load and
 * decode; the same URL with its signature changed does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, launchBrowser } from './helpers/browser.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { createUser, signInApi } from './helpers/users.js';
import { createPropertyApi, galleryApi, noisyJpeg } from './helpers/gallery.js';

describe.skipIf(!hasBrowser())('signed photo URLs in an <img>', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it("renders the gallery answer's URLs on another site's page without any sign-in, and not a tampered one", async () => {
    const owner = await createUser(portal);
    const token = await signInApi(portal, owner.email);
    const propertyId = await createPropertyApi(portal, token, 'Signed Cove Hotel');
    const form = new FormData();
    form.append(
      'imagesArray',
      new Blob([new Uint8Array(await noisyJpeg(640, 480, 120))], { type: 'image/jpeg' }),
      'terrace.jpg',
    );
    const up = await fetch(`${portal.url}/api/facts/property/${propertyId}/gallery/create/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(up.status, await up.text()).toBe(201);
    const [photo] = await galleryApi(portal, token, propertyId);
    const url = (path: string) => `${portal.url}${path}`;
    const tampered = url(photo!.thumbnail).replace(
      /signature=(.)/,
      (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );

    // A fresh context: no session cookie, no storage; the page is not the portal's origin.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(
      `<img id="thumb" src="${url(photo!.thumbnail)}"><img id="display" src="${url(photo!.display)}"><img id="bad" src="${tampered}">`,
    );
    // Every image loaded or failed.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const width = (id: string) => page.locator(`#${id}`).evaluate((el) => (el as HTMLImageElement).naturalWidth);
    expect(await width('thumb')).toBe(400);
    expect(await width('display')).toBe(640);
    expect(await width('bad')).toBe(0);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });
});
