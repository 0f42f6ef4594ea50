/**
 * Photo channels in the browser (issue 40 §4): a tour operator chooses on /edit-photochannels the
 * channels it passes hotels' photos on to (the settings form drawn by the engine from
 * settings/photo-channels.schema.json, its choices the channels of partner-photo-rules.json); the
 * hotel in contract then sees, in its gallery's rules panel, that operator with exactly those
 * channels, and the other channels only when it asks.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { contractedOperator, ok } from './helpers/contracts.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { settled } from './helpers/quiet.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';

describe.skipIf(!hasBrowser())('photo channels', () => {
  const stage = useStage();

  it('the operator chooses its channels; the hotel’s gallery shows that partner with them', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Canales');
    const { user: operatorUser, token: operator } = await contractedOperator(stage.portal, hotel.token);

    // The operator: none chosen yet; it picks Expedia and GDS and saves.
    const op = await stage.signedInPage(operatorUser.email);
    await op.page.goto('/edit-photochannels');
    await settled(op.page);
    const field = op.page.getByRole('combobox', { name: /^Channels you pass hotels. photos on to/ });
    expect(await field.locator('.chip').count()).toBe(0);
    await field.click();
    await op.page.getByRole('option', { name: 'Expedia' }).click();
    await op.page.getByRole('option', { name: 'GDS' }).click();
    await op.page.keyboard.press('Escape');
    const saved = op.page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/settings/photo-channels/edit/'),
    );
    await op.page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await op.page.getByText('Photo channels saved.').waitFor();
    // Stored: after a reload the form holds them (once the reloaded page has asked for them: on a
    // busy machine its call may start after the page has first looked settled).
    await op.page.reload();
    await settled(op.page);
    const chips = op.page
      .getByRole('combobox', { name: /^Channels you pass hotels. photos on to/ })
      .getByRole('button');
    await expect.poll(() => chips.allInnerTexts()).toEqual(['Expedia', 'GDS']);
    expect(await ok(apiCall(stage.portal, operator, 'GET', '/api/settings/photo-channels/'))).toEqual({
      channels: ['expedia', 'gds'],
    });
    expect(portalOutput(op.problems)).toEqual([]);
    await op.context.close();

    // The hotel: its partner with Expedia and GDS; Booking.com only on demand.
    const h = await stage.signedInPage(hotel.email);
    await h.page.goto(`/property-photos/${hotel.propertyId}`);
    await settled(h.page);
    const partner = h.page.locator(`[data-testid="partner-rules-partner"][data-operator="${operatorUser.id}"]`);
    await partner.waitFor();
    const channelsIn = (scope: typeof partner) =>
      scope.getByTestId('partner-rules-channel').evaluateAll((els) => els.map((e) => e.getAttribute('data-channel')));
    expect(await channelsIn(partner)).toEqual(['expedia', 'gds']);
    expect(await h.page.getByTestId('partner-rules-others').count()).toBe(0);
    await h.page.getByRole('button', { name: 'Show the channel no partner uses' }).click();
    expect(await channelsIn(h.page.getByTestId('partner-rules-others'))).toEqual(['booking_com']);
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  });
});
