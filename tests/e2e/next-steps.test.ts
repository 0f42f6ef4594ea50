/**
 * What to do next, as the hotel sees it: a to-do list per partner on the dashboard (its own items
 * linked to where they are fixed, the partner's shown as the partner's), a section not confirmed
 * for longer than the period flagged, and "Still correct" in the editor tab clearing the flag;
 * the operator sees the same gaps on its dashboard and the hotel's fact sheet.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

async function company(portal: Portal, token: string, name: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ company: name, country: 'ES', city: 'Palma' })) form.set(k, v);
  const res = await fetch(`${portal.url}/api/settings/company/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

describe.skipIf(!hasBrowser())('next steps', () => {
  const stage = useStage();

  it("the hotel's to-do list per partner, and 'Still correct' for a section not confirmed lately", async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Juniper Inn');
    await company(stage.portal, hotel.token, 'Juniper Hotels');
    const operator = await createUser(stage.portal, { accountType: 'to' });
    const opToken = await signInApi(stage.portal, operator.email);
    await company(stage.portal, opToken, 'Birch Tours');
    const proposal = await apiCall(stage.portal, opToken, 'POST', '/api/partners/contract/create/', {
      partner: hotel.id,
    });
    expect(proposal.status).toBe(201);
    expect(
      (
        await apiCall(stage.portal, hotel.token, 'PUT', `/api/partners/contract/edit/${proposal.body.id as number}/`, {
          status: 'A',
        })
      ).status,
    ).toBe(200);
    expect(
      (await apiCall(stage.portal, hotel.token, 'POST', '/api/facts/location/create/', { hotel: hotel.propertyId }))
        .status,
    ).toBe(201);
    // Saved long ago: older than the default period of 180 days.
    await stage.portal.services.db.kysely
      .updateTable('fact_sections')
      .set({ updated_at: '2025-01-02T10:00:00.000Z' })
      .where('property_id', '=', hotel.propertyId)
      .where('section', '=', 'location')
      .execute();

    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    await h.page.goto('/');
    const steps = h.page.getByTestId('hotel-next-steps');
    const partner = steps.getByTestId('partner-todo');
    await partner.waitFor();
    expect(await partner.innerText()).toContain('Birch Tours');
    // The hotel's own items lead where they are fixed; the operator's say who does them.
    await partner.getByRole('link', { name: 'Publish the facts: partners see only published facts' }).waitFor();
    await partner.getByRole('link', { name: 'Add 3 photos to the gallery (0 of 3)' }).waitFor();
    const mapping = partner.getByTestId('todo-item').filter({ hasText: 'Map the hotel to your code' });
    expect(await mapping.innerText()).toContain('Your partner does this');
    expect(await mapping.getByRole('link').count()).toBe(0);
    const stale = steps.getByTestId('stale-item');
    expect(await stale.count()).toBe(1);
    expect(await stale.innerText()).toContain('Location & environment: last confirmed 2 January 2025');

    await stale.getByRole('link').click();
    await h.page.waitForURL(new RegExp(`/property/${hotel.propertyId}/location$`));
    const flag = h.page.getByTestId('freshness-stale');
    await flag.waitFor();
    expect(await flag.innerText()).toContain('more than 180 days ago');
    await flag.getByRole('button', { name: 'Still correct' }).click();
    await h.page.getByText('Location & environment confirmed as still correct.').waitFor();
    await h.page.getByTestId('freshness-ok').waitFor();
    expect(await h.page.getByTestId('freshness-stale').count()).toBe(0);

    await h.page.goto('/');
    await steps.getByTestId('partner-todo').waitFor();
    expect(await steps.getByTestId('stale-item').count()).toBe(0);
    const trail = await apiCall(stage.portal, hotel.token, 'GET', '/api/settings/audit-trail/?kind=facts');
    expect(JSON.stringify(trail.body)).toContain('Location & environment confirmed as still correct');
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();

    // The operator: the same gaps per hotel, its own linked, on its dashboard and the fact sheet.
    const o = await stage.page();
    await signInAs(o.page, operator.email);
    await o.page.goto('/');
    const theirs = o.page.getByTestId('operator-next-steps');
    await theirs.getByRole('link', { name: 'Map the hotel to your code' }).waitFor();
    expect(await theirs.getByTestId('todo-item').filter({ hasText: 'Publish the facts' }).innerText()).toContain(
      'The hotel does this',
    );
    await o.page.goto(`/fact-sheet/${hotel.propertyId}`);
    const sheet = o.page.getByTestId('sheet-next-steps');
    await sheet.getByRole('button', { name: /Still missing or to check/ }).click();
    await sheet.getByRole('link', { name: 'Map the hotel to your code' }).click();
    await o.page.waitForURL(new RegExp(`/datamapping/${hotel.propertyId}$`));
    expect(portalOutput(o.problems)).toEqual([]);
    await o.context.close();
  });

  it("a new account's first dashboard is its checklist of first steps, each linking where it is done and ticked when done", async () => {
    const hotel = await createUser(stage.portal);
    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    await h.page.goto('/');
    const list = h.page.getByTestId('getting-started');
    await list.waitFor();
    const items = list.locator('li');
    expect(await items.allInnerTexts()).toEqual([
      'Add your first property',
      'Fill in what publishing needs',
      'Add photos to the gallery',
      'Publish the facts, so partners see them',
    ]);
    expect(await list.locator('[data-done="true"]').count()).toBe(0);
    // Never "nothing to do" while nothing is done.
    expect(await h.page.getByText(/Nothing to do/).count()).toBe(0);
    await list.getByRole('link', { name: 'Add your first property' }).click();
    await h.page.waitForURL(/\/add-property$/);
    const token = await signInApi(stage.portal, hotel.email);
    const form = new FormData();
    for (const [k, v] of Object.entries({ hotel_name: 'Rowan House', country: 'ES', state: 'PM', city: 'Palma' }))
      form.set(k, v);
    const created = await fetch(`${stage.portal.url}/api/facts/property/create/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const property = { body: (await created.json()) as { id: number } };
    await h.page.goto('/');
    await list.locator('[data-step="add_property"][data-done="true"]').waitFor();
    expect(await list.getByRole('link', { name: 'Add your first property' }).count()).toBe(0);
    await list.getByRole('link', { name: 'Fill in what publishing needs' }).click();
    await h.page.waitForURL(new RegExp(`/property/${property.body.id}/[a-z-]+$`));
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();

    const operator = await createUser(stage.portal, { accountType: 'to' });
    const o = await stage.page();
    await signInAs(o.page, operator.email);
    await o.page.goto('/');
    const theirs = o.page.getByTestId('getting-started');
    await theirs.waitFor();
    expect(await theirs.locator('li').allInnerTexts()).toEqual([
      'Find hotels in the partner directory',
      'Propose a contract to a hotel',
    ]);
    expect(await o.page.getByText(/Nothing missing/).count()).toBe(0);
    await theirs.getByRole('link', { name: 'Find hotels in the partner directory' }).click();
    await o.page.waitForURL(/\/partners$/);
    expect(portalOutput(o.problems)).toEqual([]);
    await o.context.close();
  });
});
