import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { writePublication } from '../../src/server/features/publications/store.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';

/** A hotel's own site: one page embedding the widget from the portal. */
function hostSite(portalUrl: string, token: string): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><html><head><title>Hotel site</title></head><body>
<div data-ananas-widget="${token}"></div><script async src="${portalUrl}/widget.js"></script></body></html>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

describe.skipIf(!hasBrowser())('the embeddable widget', () => {
  const stage = useStage();
  let site: http.Server | undefined;
  afterAll(async () => {
    site?.close();
  });

  it('is created on its page with a live preview, and shows the facts only on a whitelisted origin', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Widget Playa');
    const { context, page } = await stage.signedInPage(hotel.email);
    // Reached from the developer tools, where each property has its widget.
    await page.goto('/dev-tools');
    await page
      .getByRole('region', { name: 'Website widgets' })
      .getByRole('link', { name: 'Widget of Hotel Widget Playa' })
      .click();
    await page.waitForURL(`**/display-widgets/${hotel.propertyId}`);
    await page.getByRole('heading', { name: 'Widget', exact: true }).waitFor();
    await page.getByText('Create the widget to get the code to embed.').waitFor();

    // The preview follows the form before anything is saved.
    const preview = page.getByTestId('widget-preview');
    expect(await preview.evaluate((e) => getComputedStyle(e).fontSize)).toBe('10px');
    await page.getByLabel(/^Font size \(px\)/).fill('18');
    await page.getByLabel(/^Header colour/).fill('#ff0000');
    await expect.poll(() => preview.evaluate((e) => getComputedStyle(e).fontSize)).toBe('18px');
    await expect
      .poll(() => page.getByTestId('widget-preview-header').evaluate((e) => getComputedStyle(e).color))
      .toBe('rgb(255, 0, 0)');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    const snippet = await page.locator('pre').filter({ hasText: 'data-ananas-widget' }).innerText();
    const token = /data-ananas-widget="([^"]+)"/.exec(snippet)?.[1] ?? '';
    expect(token).toMatch(/^wg_/);
    expect(snippet).toContain('/widget.js');
    const saved = await apiCall(stage.portal, hotel.token, 'GET', `/api/settings/widget/${hotel.propertyId}/`);
    expect(saved.body).toMatchObject({ token, font_size: 18, header_color: '#ff0000' });
    await context.close();

    // A pool (hotel amenity code HAC 71) among the facts, then published, and the site's origin whitelisted.
    expect(
      (
        await apiCall(stage.portal, hotel.token, 'POST', '/api/facts/facility/create/', {
          hotel: hotel.propertyId,
          hotel_has_swimming_pool: true,
        })
      ).status,
    ).toBe(201);
    const now = new Date().toISOString();
    await stage.portal.services.db.kysely
      .transaction()
      .execute((trx) =>
        writePublication(trx, hotel.propertyId, hotel.id, now, 50, stage.portal.services.schemas).then(() => undefined),
      );
    await stage.portal.services.db.kysely
      .updateTable('properties')
      .set({ publish_date: now })
      .where('id', '=', hotel.propertyId)
      .execute();
    const host = await hostSite(stage.portal.url, token);
    site = host.server;
    const allowed = `http://127.0.0.1:${host.port}`;
    expect(
      (
        await apiCall(stage.portal, hotel.token, 'POST', '/api/settings/whitelist/create/', {
          name: 'Our site',
          domain: allowed,
        })
      ).status,
    ).toBe(201);

    const visitor = await stage.browser.newContext();
    const shown = await visitor.newPage();
    await shown.goto(`${allowed}/`);
    const widget = shown.locator('[data-ananas-widget]');
    await shown.locator('[data-ananas-state="shown"]').waitFor();
    expect(await widget.innerText()).toContain('Hotel Widget Playa');
    expect(await widget.innerText()).toContain('Palma');
    // Labelled by the schema's titles; the JSON-LD takes the raw values.
    expect(await widget.innerText()).toContain('City: Palma');
    const ld = JSON.parse(await shown.locator('head script[type="application/ld+json"]').innerText()) as Record<
      string,
      unknown
    >;
    expect(ld).toMatchObject({ '@type': 'Hotel', name: 'Hotel Widget Playa', address: { addressLocality: 'Palma' } });
    // The hotel's coded amenities as schema.org location features (the same declarations as the OTA content).
    expect(ld.amenityFeature).toEqual([
      {
        '@type': 'LocationFeatureSpecification',
        name: 'Swimming pool available at the hotel',
        value: true,
        propertyID: 'OTA HAC 71',
      },
    ]);

    // The same page from another origin (localhost is not in the whitelist): refused.
    const refused = await visitor.newPage();
    await refused.goto(`http://localhost:${host.port}/`);
    // Refused leaves the element empty, so it is attached but never visible.
    await refused.locator('[data-ananas-state="refused"]').waitFor({ state: 'attached' });
    expect(await refused.locator('[data-ananas-widget]').innerText()).not.toContain('Hotel Widget Playa');
    await visitor.close();
  });
});
