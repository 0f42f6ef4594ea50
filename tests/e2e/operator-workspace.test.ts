/**
 * The tour operator's day, as two people would (issue 13 §4): the operator opens the fact sheet
 * of a contracted hotel and sees the hotel's change marked, overrides the hotel name (it waits:
 * the contract asks for the hotel's approval), the hotel approves it on its review page, the
 * operator sees it applied; then maps the hotel and two rooms, one by a suggestion.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

async function ok(
  p: Promise<{ status: number; body: unknown }>,
  status = 200,
): Promise<Record<string, unknown> & unknown[]> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown> & unknown[];
}

/** Every section filled, these rooms, published. */
async function publishedWith(
  portal: Portal,
  token: string,
  property: number,
  rooms: { room_name: string; room_name_type: string; room_view: string }[],
): Promise<void> {
  for (const s of testSections().filter((x) => x.kind === 'document')) {
    await ok(
      apiCall(portal, token, 'POST', url(s.routes.create!, property), {
        ...filledDocument(registry.resolved(s.ref)),
        hotel: property,
      }),
      201,
    );
  }
  await ok(
    apiCall(
      portal,
      token,
      'POST',
      `/api/facts/rooms/update/${property}/`,
      rooms.map((r) => ({ id: 0, ...r })),
    ),
  );
  await ok(apiCall(portal, token, 'POST', `/api/facts/property/${property}/publish/create/`));
}

describe.skipIf(!hasBrowser())("the tour operator's workspace, as two people would", () => {
  const stage = useStage();

  it('reads the marked change, overrides the name, the hotel approves, the operator sees it; maps the hotel and two rooms', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Sol Playa');
    const second = new FormData();
    for (const [k, v] of Object.entries({ hotel_name: 'Hotel Sol Monte', country: 'ES', state: 'PM', city: 'Sóller' }))
      second.set(k, v);
    const monte = (await (
      await fetch(`${stage.portal.url}/api/facts/property/create/`, {
        method: 'POST',
        headers: { authorization: `Token ${hotel.token}` },
        body: second,
      })
    ).json()) as { id: number };
    await publishedWith(stage.portal, hotel.token, hotel.propertyId, [
      { room_name: 'Double Sea View', room_name_type: 'double room', room_view: 'Sea view' },
      { room_name: 'Junior Suite', room_name_type: 'juniorsuite', room_view: 'Pool side' },
    ]);
    await publishedWith(stage.portal, hotel.token, monte.id, [
      { room_name: 'Double room sea view', room_name_type: 'double room', room_view: 'Sea view' },
    ]);
    await ok(
      apiCall(stage.portal, hotel.token, 'POST', '/api/settings/preferences/create/', { partner_override_facts: true }),
      201,
    );

    const operatorUser = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    const operator = await signInApi(stage.portal, operatorUser.email);
    const contract = await ok(
      apiCall(stage.portal, hotel.token, 'POST', '/api/partners/contract/create/', {
        partner: operatorUser.id,
        to_edit_facts: 'O',
      }),
      201,
    );
    await ok(apiCall(stage.portal, operator, 'PUT', `/api/partners/contract/edit/${contract.id}/`, { status: 'A' }));
    // The operator has looked once; then the hotel changes its zip code and publishes again.
    await ok(apiCall(stage.portal, operator, 'GET', `/api/partners/fact-sheet/${hotel.propertyId}/`));
    const main = await ok(apiCall(stage.portal, hotel.token, 'GET', `/api/facts/main-info/${hotel.propertyId}/`));
    await ok(
      apiCall(stage.portal, hotel.token, 'PUT', `/api/facts/main-info/update/${hotel.propertyId}/`, {
        ...main,
        zip_code: '07999',
      }),
    );
    await ok(apiCall(stage.portal, hotel.token, 'POST', `/api/facts/property/${hotel.propertyId}/publish/create/`));
    // At the other hotel the operator mapped a room already: the source of a suggestion.
    const monteRooms = (
      await ok(apiCall(stage.portal, operator, 'GET', `/api/tour-operator/mapping/hotel/get/${monte.id}/`))
    ).rooms as { room: number }[];
    await ok(
      apiCall(stage.portal, operator, 'POST', '/api/tour-operator/mapping/hotel/create/', {
        hotel: monte.id,
        override_code: 'SOL-M',
        rooms: [{ room: monteRooms[0]!.room, override_code: 'DBL-SV', new_name: 'Double Sea View' }],
      }),
      201,
    );

    const o = await stage.page();
    const h = await stage.page();
    await signInAs(o.page, operatorUser.email);
    await signInAs(h.page, hotel.email);

    // The fact sheet list says what needs attention; the sheet marks the change.
    await o.page.goto('/fact-sheet');
    // The row of that hotel by its link: the other hotel's row names its partner by this hotel's
    // name (a company without details is shown by its first property).
    const row = o.page
      .getByRole('row')
      .filter({ has: o.page.getByRole('link', { name: 'Hotel Sol Playa', exact: true }) });
    await row.getByText('Changed since you looked').waitFor();
    await row.getByRole('link', { name: 'Hotel Sol Playa' }).click();
    await o.page.getByText('1 change since you last looked (publication 1): marked below.').waitFor();
    const zip = o.page.getByTestId('fact-sheet').getByRole('row').filter({ hasText: 'Zip code' });
    await zip.getByText('07999').waitFor();
    await expect(zip.locator('[data-mark="changed"]').innerText()).resolves.toMatch(/^changed, was: /);

    // The operator's own name for the hotel waits for the hotel's approval.
    await o.page.getByRole('link', { name: /Your overrides/ }).click();
    await o.page
      .getByTestId('allowance')
      .getByText(/Changes to Hotel name.* wait for the hotel’s approval/)
      .waitFor();
    await o.page.getByRole('textbox', { name: 'Hotel name' }).fill('Sol Playa Beach Resort');
    await o.page.getByRole('textbox', { name: 'Note to the hotel' }).fill('Our catalogue name');
    await o.page.getByRole('button', { name: 'Save overrides' }).click();
    const waiting = o.page.locator('[data-override="hotel_name"][data-status="pending"]');
    await waiting.getByText('Waiting for the hotel').waitFor();

    // The hotel's bell leads to its review page; it approves.
    await h.page.goto('/home');
    await h.page.getByRole('button', { name: /Notifications \(\d+ unread\)/ }).click();
    await h.page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/asks you to review a change of Hotel Sol Playa/)
      .click();
    await h.page.waitForURL(/\/fact-reviews/);
    const review = h.page.locator('[data-review="Hotel name"]');
    await review.getByText('Sol Playa Beach Resort').waitFor();
    await review.getByRole('button', { name: /^Approve Hotel name/ }).click();
    const dialog = h.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Note to the partner' }).fill('Fine by us');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await h.page.getByText('Nothing waits for your review.').waitFor();

    // The operator's view has its name now; the hotel's own stays.
    await o.page.goto(`/fact-sheet/${hotel.propertyId}`);
    await o.page.getByTestId('fact-sheet').getByRole('heading', { level: 1, name: 'Sol Playa Beach Resort' }).waitFor();
    await o.page.getByRole('heading', { level: 1, name: 'Sol Playa Beach Resort' }).first().waitFor();
    await o.page.getByText('the hotel calls it Hotel Sol Playa').waitFor();
    expect(
      ((await ok(apiCall(stage.portal, hotel.token, 'GET', '/api/facts/properties/'))) as { hotel_name: string }[]).map(
        (p) => p.hotel_name,
      ),
    ).toContain('Hotel Sol Playa');

    // Its own photo of the hotel (the contract allows them at once).
    await o.page.getByRole('tab', { name: /Photos/ }).click();
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    await o.page
      .getByLabel('Your photos to add')
      .setInputFiles({ name: 'our-view.png', mimeType: 'image/png', buffer: png });
    await o.page.locator('[data-own-photo="our-view"]').getByText('In your views').waitFor();

    // Map the hotel and two rooms: one by hand, one by the suggestion from the other hotel.
    await o.page.getByRole('link', { name: 'Codes' }).click();
    await o.page.getByRole('heading', { name: 'Codes for Hotel Sol Playa' }).waitFor();
    await o.page.getByRole('textbox', { name: 'Hotel code' }).fill('SOL-P');
    await o.page.getByRole('textbox', { name: 'Event code: Stop Sale' }).fill('SS');
    // The operator's room at the other hotel, its code made free here (DBL-SV is taken there).
    await o.page
      .locator('[data-room="Double Sea View"]')
      .getByRole('button', { name: 'Use Double Sea View DBL-SV-2' })
      .click();
    await o.page.getByRole('checkbox', { name: 'Map Junior Suite' }).check();
    await o.page.getByRole('textbox', { name: 'Room code of Junior Suite' }).fill('JS-1');
    await o.page.getByRole('button', { name: 'Save mapping' }).click();
    await o.page.getByText('Mapping saved.').waitFor();
    await o.page.reload();
    await expect(o.page.getByRole('textbox', { name: 'Room code of Junior Suite' }).inputValue()).resolves.toBe('JS-1');
    await expect(o.page.getByRole('textbox', { name: 'Room code of Double Sea View' }).inputValue()).resolves.toBe(
      'DBL-SV-2',
    );
    await expect(o.page.getByRole('textbox', { name: 'Your name for Double Sea View' }).inputValue()).resolves.toBe(
      'Double Sea View',
    );
    await expect(o.page.getByRole('textbox', { name: 'Hotel code' }).inputValue()).resolves.toBe('SOL-P');
    expect(portalOutput(o.problems)).toEqual([]);
    expect(portalOutput(h.problems)).toEqual([]);
  });
});
