/**
 * Many properties at once (issue 29 §2), as a hotel group's user works: the portfolio table (its
 * figures, sorting, filtering, CSV export), three properties chosen there and their check-in time
 * set in one bulk edit (preview, apply, progress, outcome), then the whole batch undone; and a new
 * property copied from one of them, landing in its editor.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { createPropertyApi } from './helpers/gallery.js';
import { useStage } from './helpers/stage.js';
import { giveSessionCookie, portalOutput, signInAs } from './helpers/ui.js';

describe.skipIf(!hasBrowser())('many properties at once', () => {
  const stage = useStage();

  it('the portfolio table, then a bulk edit of check-in time over three properties, undone', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Almond Bay');
    const ids = [
      hotel.propertyId,
      await createPropertyApi(stage.portal, hotel.token, 'Birch Court'),
      await createPropertyApi(stage.portal, hotel.token, 'Cedar Lodge'),
    ];
    expect(
      (
        await apiCall(stage.portal, hotel.token, 'POST', '/api/facts/main-info/create/', {
          hotel: ids[1],
          check_in_time: '15:00',
          email: 'desk@birch.test',
        })
      ).status,
    ).toBe(201);

    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    await h.page.goto('/property-facts');
    // The facts page's own link (the side menu, a chunk that may paint later, has one too).
    await h.page.getByRole('main').getByRole('link', { name: 'Portfolio' }).click();
    await h.page.waitForURL(/\/property-portfolio$/);
    const rows = h.page.getByTestId('portfolio-row');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    const names = async () => (await h.page.getByTestId('portfolio-name').allInnerTexts()).map((t) => t.trim());
    expect(await names()).toEqual(['Almond Bay', 'Birch Court', 'Cedar Lodge']);
    const birch = h.page.locator(`[data-testid="portfolio-row"][data-property-id="${ids[1]}"]`);
    expect(await birch.innerText()).toContain('Unpublished');
    expect(await birch.innerText()).toContain('No contract');

    // Sorted by name the other way, filtered by text, exported as shown.
    await h.page.getByRole('button', { name: 'Property', exact: true }).click();
    expect(await names()).toEqual(['Cedar Lodge', 'Birch Court', 'Almond Bay']);
    await h.page.getByLabel('Hotel or city').fill('birch');
    await h.page.getByTestId('portfolio-count').getByText('1 of 3 properties').waitFor();
    const [download] = await Promise.all([
      h.page.waitForEvent('download'),
      h.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Property,City,Country,Complete (%)');
    expect(csv).toContain('Birch Court');
    expect(csv).not.toContain('Cedar Lodge');
    await h.page.getByLabel('Hotel or city').fill('');
    await rows.nth(2).waitFor();

    // Choose all three and set their check-in time.
    await h.page.getByRole('checkbox', { name: 'Select every property shown' }).check();
    await h.page.getByRole('button', { name: 'Bulk edit (3)' }).click();
    await h.page.waitForURL(/\/bulk-edit\?properties=/);
    expect(await h.page.getByTestId('bulk-properties').innerText()).toContain('3 of 3 chosen');
    await h.page.getByTestId('bulk-fields').getByRole('checkbox', { name: 'Check-in time' }).check();
    await h.page.getByTestId('bulk-values').getByLabel('Check-in time').fill('14:00');
    await h.page.getByRole('button', { name: 'Preview' }).click();
    const preview = h.page.getByTestId('bulk-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('3 will change');
    expect(await preview.locator(`[data-property-id="${ids[1]}"]`).innerText()).toContain(
      'Check-in time: 15:00 → 14:00',
    );
    await h.page.getByRole('button', { name: 'Apply to 3 properties' }).click();
    await h.page.waitForURL(/\/bulk-edit\?batch=\d+$/);
    await h.page.locator('[data-testid="bulk-batch"][data-state="done"]').waitFor();
    // Finished: what happened, without the progress or the zero counts.
    expect(await h.page.getByTestId('bulk-summary').innerText()).toBe('3 changed');
    for (const id of ids)
      expect((await apiCall(stage.portal, hotel.token, 'GET', `/api/facts/main-info/${id}/`)).body.check_in_time).toBe(
        '14:00',
      );

    // Undo the whole batch: each property's previous value comes back.
    await h.page.getByRole('button', { name: 'Undo this bulk edit' }).click();
    await h.page.locator('[data-testid="bulk-batch"][data-state="undone"]').waitFor();
    expect(await h.page.getByTestId('bulk-summary').innerText()).toBe('3 restored');
    expect(await h.page.getByRole('button', { name: 'Undo this bulk edit' }).count()).toBe(0);
    const after = await Promise.all(
      ids.map(
        async (id) =>
          (await apiCall(stage.portal, hotel.token, 'GET', `/api/facts/main-info/${id}/`)).body.check_in_time,
      ),
    );
    expect(after).toEqual([null, '15:00', null]);

    // A new property from Birch Court (its sections, no photos): its editor opens with the facts filled.
    await h.page.goto('/property-portfolio');
    await h.page.getByRole('button', { name: 'New property from Birch Court' }).click();
    const dialog = h.page.getByRole('dialog');
    await dialog.getByLabel('Name of the new property').fill('Birch Court II');
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await h.page.waitForURL(/\/property\/\d+\/general$/);
    const copyId = Number(new URL(h.page.url()).pathname.split('/')[2]);
    expect(ids).not.toContain(copyId);
    const copied = (await apiCall(stage.portal, hotel.token, 'GET', `/api/facts/main-info/${copyId}/`)).body;
    expect(copied).toMatchObject({ check_in_time: '15:00', email: 'desk@birch.test', version: 1 });
    const list = (await apiCall(stage.portal, hotel.token, 'GET', '/api/facts/properties/')).body as unknown as {
      id: number;
      publish_date: string | null;
      photo_count: number;
    }[];
    expect(list.find((p) => p.id === copyId)).toMatchObject({ publish_date: null, photo_count: 0 });
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  }, 180_000);

  it('the facts list reads every completeness in one call; the portfolio comes with its rows, or asks for them while its code loads', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Dune Inn');
    await createPropertyApi(stage.portal, hotel.token, 'Elm House');
    await createPropertyApi(stage.portal, hotel.token, 'Fig Villa');
    const h = await stage.page();
    const calls: string[] = [];
    h.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/facts/')) calls.push(path);
    });
    await signInAs(h.page, hotel.email);
    await h.page.goto('/property-facts');
    await h.page.getByTestId('completeness').nth(2).waitFor();
    expect(await h.page.getByTestId('completeness').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/required fields? missing to publish|Ready to publish/)]),
    );
    expect(calls.filter((c) => c.startsWith('/api/facts/completeness/'))).toEqual([]);
    expect(calls.filter((c) => c === '/api/facts/portfolio/').length).toBe(1);

    // Fresh loads of the portfolio with its page's code held back.
    let release!: () => void;
    let chunkAsked = false;
    await h.page.route(/\/assets\/portfolio-table-page-[^/]*\.js$/, async (route) => {
      chunkAsked = true;
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    const portfolioCalls = () => calls.filter((c) => c === '/api/facts/portfolio/').length;

    // This browser has run the app (its view cookie is set): the server renders the page, its rows
    // come with the HTML, and the browser asks for none of them, before its code or after.
    calls.length = 0;
    chunkAsked = false;
    await h.page.goto('/property-portfolio', { waitUntil: 'commit' });
    await h.page.getByTestId('portfolio-row').nth(2).waitFor();
    await expect.poll(() => chunkAsked, { timeout: 15_000 }).toBe(true);
    release();
    await h.page.getByLabel('Hotel or city').fill('elm');
    await h.page.getByTestId('portfolio-count').getByText('1 of 3 properties').waitFor();
    expect(portfolioCalls()).toBe(0);

    // A browser that has not run the app (no view cookie) renders alone: the rows are asked for
    // while the code loads.
    const cold = await stage.freshPage();
    await giveSessionCookie(cold.page, hotel.email);
    const coldCalls: string[] = [];
    cold.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/facts/')) coldCalls.push(path);
    });
    const coldPortfolioCalls = () => coldCalls.filter((c) => c === '/api/facts/portfolio/').length;
    chunkAsked = false;
    await cold.page.route(/\/assets\/portfolio-table-page-[^/]*\.js$/, async (route) => {
      chunkAsked = true;
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    await cold.page.goto('/property-portfolio', { waitUntil: 'commit' });
    await expect.poll(() => chunkAsked, { timeout: 15_000 }).toBe(true);
    await expect.poll(coldPortfolioCalls, { timeout: 15_000 }).toBe(1);
    expect(await cold.page.getByTestId('portfolio-row').count()).toBe(0);
    release();
    await cold.page.getByTestId('portfolio-row').nth(2).waitFor();
    // The page shows what the navigation fetched: no second call.
    expect(coldPortfolioCalls()).toBe(1);
    expect(portalOutput(h.problems)).toEqual([]);
    expect(portalOutput(cold.problems)).toEqual([]);
    await h.context.close();
    await cold.context.close();
  }, 120_000);
});
