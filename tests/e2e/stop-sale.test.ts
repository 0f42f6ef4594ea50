/**
 * The availability chart as a hotel and its tour operator would use it (issue 14 §5): paint a
 * week of stop sale over three rooms by dragging, set on request with the keyboard, save, reload
 * and see it; switch months and back without a second request (the month cache); the contracted
 * operator sees the same days with its own event codes; a change stays "sent, not confirmed"
 * until the syncing partner's webhook receiver acknowledges it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { hasBrowser, openPage } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { startStage, stopStage } from './helpers/stage.js';
import { portalOutput, signInUi } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

async function ok(p: Promise<{ status: number; body: unknown }>, status = 200): Promise<Record<string, unknown> & unknown[]> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown> & unknown[];
}

const cell = (grid: Locator, row: number, day: number) => grid.locator(`[data-row="${row}"][data-col="${day - 1}"]`);

async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** The state names of one room's days, as a screen reader hears them. */
async function statesOf(grid: Locator, row: number, days: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const d of days) out.push(((await cell(grid, row, d).getAttribute('aria-label')) ?? '').split(', ').slice(2).join(', '));
  return out;
}

describe.skipIf(!hasBrowser())('the availability chart in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    ({ portal, browser } = await startStage());
  });
  afterAll(() => stopStage({ portal, browser }));

  it('paints, keys, saves, reloads, caches months, and shows the operator the same days with its codes', async () => {
    const hotel = await ownerWithProperty(portal, 'Hotel Disponible');
    const rooms = (await ok(
      apiCall(portal, hotel.token, 'POST', `/api/facts/rooms/update/${hotel.propertyId}/`, ['Double', 'Suite', 'Single', 'Family'].map((room_name) => ({ id: 0, room_name, room_name_type: 'double room', room_view: 'Sea view' }))),
    )) as unknown as { id: number }[];
    expect(rooms).toHaveLength(4);

    const { context, page, problems } = await openPage(browser, portal.url);
    const monthLoads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/stop-sale/${hotel.propertyId}/?`)) monthLoads.push(r.url());
    });
    await signInUi(page, hotel.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Availability Chart' }).click();
    await page.waitForURL('**/property-stopsale');
    const grid = page.getByRole('grid');
    await cell(grid, 3, 1).waitFor();

    // A week of stop sale over three rooms, by dragging (Stop Sale is the chosen state).
    await page.getByRole('button', { name: '3 Stop Sale' }).click();
    await drag(page, cell(grid, 0, 10), cell(grid, 2, 16));
    for (const row of [0, 1, 2]) expect(await statesOf(grid, row, [9, 10, 16, 17])).toEqual(['no state', 'Stop Sale', 'Stop Sale', 'no state']);
    expect(await statesOf(grid, 3, [10])).toEqual(['no state']);
    const save = page.getByRole('button', { name: 'Save Changes' });
    expect(await save.isEnabled()).toBe(true);

    // On request with the keyboard: from the fourth room's day 20, extend two days right, key 4.
    await page.getByRole('button', { name: '1 Free Sale' }).click();
    await cell(grid, 3, 20).click();
    await page.keyboard.press('4');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('4');
    expect(await statesOf(grid, 3, [19, 20, 21, 22, 23])).toEqual(['no state', 'On Request', 'On Request', 'On Request', 'no state']);
    // Undo takes back the last change only.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await statesOf(grid, 3, [20, 21, 22])).toEqual(['On Request', 'no state', 'no state']);
    // A click sets the chosen state (Free Sale) and takes the focus; the arrow moves on, 4 sets on request.
    await cell(grid, 3, 21).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('4');
    expect(await statesOf(grid, 3, [20, 21, 22])).toEqual(['On Request', 'Free Sale', 'On Request']);

    await save.click();
    await page.getByText('Availability saved').waitFor();
    await expect.poll(() => save.isEnabled()).toBe(false);
    await page.reload();
    await cell(grid, 3, 1).waitFor();
    for (const row of [0, 1, 2]) expect(await statesOf(grid, row, [10, 13, 16])).toEqual(['Stop Sale', 'Stop Sale', 'Stop Sale']);
    expect(await statesOf(grid, 3, [20, 21, 22])).toEqual(['On Request', 'Free Sale', 'On Request']);

    // Months once loaded are not asked again.
    const loadsBefore = monthLoads.length;
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => monthLoads.length).toBe(loadsBefore + 1);
    await cell(grid, 0, 1).waitFor();
    expect(await statesOf(grid, 0, [10])).toEqual(['no state']);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect.poll(() => statesOf(grid, 0, [10])).toEqual(['Stop Sale']);
    expect(monthLoads.length).toBe(loadsBefore + 1);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();

    // The operator with a contract sees the same days, with its codes from its mapping.
    const operatorUser = await createUser(portal, { accountType: 'to', firstName: 'Olga' });
    const operator = await signInApi(portal, operatorUser.email);
    const contract = await ok(apiCall(portal, hotel.token, 'POST', '/api/partners/contract/create/', { partner: operatorUser.id, to_sync_ss: 'Y' }), 201);
    await ok(apiCall(portal, operator, 'PUT', `/api/partners/contract/edit/${contract.id}/`, { status: 'A' }));
    await ok(apiCall(portal, operator, 'POST', '/api/tour-operator/mapping/hotel/create/', { hotel: hotel.propertyId, stop_event_code: 'XS', request_event_code: 'RQ' }), 201);
    const o = await openPage(browser, portal.url);
    await signInUi(o.page, operatorUser.email);
    await o.page.goto(`/fact-sheet/${hotel.propertyId}`);
    await o.page.getByRole('tab', { name: 'Availability' }).click();
    const seen = o.page.getByTestId('operator-availability').getByRole('grid');
    await cell(seen, 0, 10).waitFor();
    expect(await cell(seen, 0, 10).getAttribute('aria-label')).toMatch(/^Double, .+, Stop Sale \(code XS\)$/);
    expect(await cell(seen, 0, 10).innerText()).toBe('XS');
    expect(await cell(seen, 3, 20).getAttribute('aria-label')).toMatch(/On Request \(code RQ\)$/);
    expect(await cell(seen, 3, 21).getAttribute('aria-label')).toMatch(/Free Sale$/);
    await o.page.getByTestId('operator-availability').getByText('Stop Sale (XS)').waitFor();
    expect(portalOutput(o.problems)).toEqual([]);
    await o.context.close();
  });

  it("shows a saved change as sent, not confirmed until the partner's system acknowledges it", async () => {
    // The partner's receiver: refuses until told otherwise.
    let answer = 503;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hotel = await ownerWithProperty(portal, 'Hotel Sincronía');
    await ok(apiCall(portal, hotel.token, 'POST', `/api/facts/rooms/update/${hotel.propertyId}/`, [{ id: 0, room_name: 'Double', room_name_type: 'double room', room_view: 'Sea view' }]));
    const partnerUser = await createUser(portal, { accountType: 'to', firstName: 'Rita' });
    const partner = await signInApi(portal, partnerUser.email);
    const contract = await ok(apiCall(portal, hotel.token, 'POST', '/api/partners/contract/create/', { partner: partnerUser.id, to_sync_ss: 'Y' }), 201);
    await ok(apiCall(portal, partner, 'PUT', `/api/partners/contract/edit/${contract.id}/`, { status: 'A' }));
    const hook = await ok(apiCall(portal, partner, 'POST', '/api/settings/webhook/create/', { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, events: ['stop_sale.updated'] }), 201);

    const { context, page, problems } = await openPage(browser, portal.url);
    await signInUi(page, hotel.email);
    await page.goto('/property-stopsale');
    const grid = page.getByRole('grid');
    const panel = page.getByTestId('partner-sync');
    await panel.getByRole('listitem', { name: 'Rita Person: Nothing sent yet' }).waitFor();

    // Next month's 12th: beyond any stop-sale deadline (at most 72 hours), so the save asks nothing.
    await cell(grid, 0, 1).waitFor();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: '3 Stop Sale' }).click();
    await cell(grid, 0, 12).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Availability saved').waitFor();
    const item = panel.getByRole('listitem', { name: /^Rita Person: / });
    await panel.getByRole('listitem', { name: 'Rita Person: Sent, not confirmed' }).waitFor();
    await item.getByText(/Hotel Sincronía stop-sale: Double \d{4}-\d{2}-12 Stop Sale/).waitFor();
    // The worker tried and the receiver refused: the hotel sees the attempt and the answer.
    await item.getByText(/\d+ attempts? so far, last answer 503; retrying/).waitFor({ timeout: 30_000 });

    // The partner fixes its receiver and has the change sent again: confirmed, without a reload.
    answer = 204;
    const deliveries = (await ok(apiCall(portal, partner, 'GET', `/api/settings/webhook/deliveries/${hook.id}/`))) as unknown as { id: number }[];
    await ok(apiCall(portal, partner, 'POST', `/api/settings/webhook/delivery/${deliveries[0]!.id}/redeliver/`), 202);
    await panel.getByRole('listitem', { name: 'Rita Person: Confirmed' }).waitFor({ timeout: 30_000 });
    await item.getByText(/Its system acknowledged the latest change at /).waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("downloads and sends the month's availability chart from the Export Center", async () => {
    const hotel = await ownerWithProperty(portal, 'Hotel Gráfico');
    await ok(apiCall(portal, hotel.token, 'POST', `/api/facts/rooms/update/${hotel.propertyId}/`, [{ id: 0, room_name: 'Double', room_name_type: 'double room', room_view: 'Sea view' }]));
    const group = await ok(apiCall(portal, hotel.token, 'POST', '/api/settings/mailing-list/create/', { name: 'Partners' }), 201);
    await ok(apiCall(portal, hotel.token, 'POST', '/api/settings/contact-list/create/', { mailing_list: group.id, name: 'Ops', email_address: 'chart-ops@example.com' }), 201);
    const { context, page, problems } = await openPage(browser, portal.url);
    await signInUi(page, hotel.email);
    await page.goto('/exportcentre');
    const card = page.getByRole('region', { name: 'Availability chart' });
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download availability chart' }).click()]);
    expect(download.suggestedFilename()).toBe(`Stopsale-${hotel.propertyId}.pdf`);
    await card.getByRole('button', { name: 'Send availability chart' }).click();
    await page.getByText('Please Select Group Mail').waitFor();
    await page.getByRole('combobox', { name: 'Send to mailing group' }).click();
    await page.getByRole('option', { name: 'Partners (1 contact)' }).click();
    await card.getByRole('button', { name: 'Send availability chart' }).click();
    await page.getByText('Sending to 1 contact of "Partners".').waitFor();
    const row = page.getByTestId('send-row').first();
    await row.getByText('Availability chart (PDF)').waitFor();
    await row.getByText('Sent to 1 of 1').waitFor({ timeout: 60_000 });
    const mails = await portal.outbox.messagesTo('chart-ops@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Availability \w+ \d{4}: Hotel Gráfico$/)]);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
