/**
 * The first week of a new hotel and a new tour operator, part 2 (issue 25 §2): a contract the
 * operator proposes and the hotel accepts works at once, with no step that changes an account
 * setting (the hotel's caps are in the contract's acceptance, already allowing overrides); the
 * operator maps the hotel's codes and its dashboard shows the mapping at once; it proposes an
 * override, the hotel approves it; and where the contract refuses something, the page says why
 * and who can change it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInUi } from './helpers/ui.js';
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

/** Every section filled, one room, published (setup: the hotel's own first days are part 1). */
async function published(portal: Portal, token: string, property: number): Promise<void> {
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
    apiCall(portal, token, 'POST', `/api/facts/rooms/update/${property}/`, [
      { id: 0, room_name: 'Double Sea View', room_name_type: 'double room', room_view: 'Sea view' },
    ]),
  );
  await ok(apiCall(portal, token, 'POST', `/api/facts/property/${property}/publish/create/`));
}

/** In-app navigation (the router, no reload): what the pages hold in their caches stays, as when a user clicks the menu. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe.skipIf(!hasBrowser())('the first week of two new companies: a contract that works at once', () => {
  const stage = useStage();

  it('proposes and accepts a contract allowing overrides, maps codes seen at once, overrides with approval, and shows refusals with their reason', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Sol de Prova');
    await company(stage.portal, hotel.token, 'Sol de Prova Hotels');
    await published(stage.portal, hotel.token, hotel.propertyId);
    const operatorUser = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    await company(stage.portal, await signInApi(stage.portal, operatorUser.email), 'Blue Sky Tours');

    const o = await stage.page();
    const h = await stage.page();
    await signInUi(o.page, operatorUser.email);
    await signInUi(h.page, hotel.email);

    // The operator proposes the default terms: it may edit facts (every change waits for the hotel). The hotel's caps are not its to set.
    await o.page.goto(`/contract-edit?partner=${hotel.id}`);
    await o.page.getByRole('button', { name: 'Send proposal' }).waitFor();
    await expect(o.page.getByText('The hotel lets this partner override facts').count()).resolves.toBe(0);
    await o.page.getByRole('button', { name: 'Send proposal' }).click();
    await o.page.getByRole('dialog').getByRole('button', { name: 'Send proposal' }).click();
    await o.page.waitForURL(/\/contract-view\/\d+/);
    const contractId = Number(/\/contract-view\/(\d+)/.exec(o.page.url())![1]);

    // The hotel accepts; its caps are part of the acceptance and already let the partner override facts.
    await h.page.goto(`/contract-view/${contractId}`);
    await h.page
      .getByRole('group', { name: 'Contract actions' })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    const accept = h.page.getByRole('dialog');
    await expect(accept.getByLabel('Let this partner override facts as the contract allows').isChecked()).resolves.toBe(
      true,
    );
    await accept.getByRole('button', { name: 'Accept', exact: true }).click();
    await accept.waitFor({ state: 'detached' });
    await h.page
      .getByTestId('contract-state')
      .getByText(/^In force: version 1/)
      .waitFor();

    // The operator's dashboard says the hotel is not mapped yet; it maps the hotel code from there.
    await o.page.goto('/home');
    const row = o.page.getByTestId('mapping-row').filter({ hasText: 'Hotel Sol de Prova' });
    await row.getByText('(not mapped)').waitFor();
    await row.getByRole('link', { name: 'Hotel Sol de Prova' }).click();
    await o.page.getByRole('heading', { name: 'Codes for Hotel Sol de Prova' }).waitFor();
    await o.page.getByRole('textbox', { name: 'Hotel code' }).fill('SOL-PROVA');
    await o.page.getByRole('checkbox', { name: 'Map Double Sea View' }).check();
    await o.page.getByRole('textbox', { name: 'Room code of Double Sea View' }).fill('DBL-SV');
    await o.page.getByRole('button', { name: 'Save mapping' }).click();
    await o.page.getByText('Mapping saved.').waitFor();
    // Back on the dashboard without a reload: mapped at once (its report is not a minute stale).
    await navigate(o.page, '/home');
    await row.getByText('1 of 1').waitFor();
    await expect(row.innerText()).resolves.not.toContain('(not mapped)');

    // The override page says what the contract refuses and who can change it; the name change waits for the hotel.
    await o.page.goto(`/overridefact/${hotel.propertyId}`);
    await o.page
      .getByTestId('allowance')
      .getByTestId('refusal-reason')
      .filter({
        hasText:
          "Your contract with Sol de Prova Hotels does not let you remove the property's logo from its fact sheets: ask Sol de Prova Hotels to change the contract",
      })
      .waitFor();
    await o.page.getByRole('textbox', { name: 'Hotel name' }).fill('Sol de Prova Beach');
    await o.page.getByRole('button', { name: 'Save overrides' }).click();
    await o.page
      .locator('[data-override="hotel_name"][data-status="pending"]')
      .getByText('Waiting for the hotel')
      .waitFor();

    // The hotel approves it on its review page.
    await h.page.goto('/fact-reviews');
    const review = h.page.locator('[data-review="Hotel name"]');
    await review.getByText('Sol de Prova Beach').waitFor();
    await review.getByRole('button', { name: /^Approve Hotel name/ }).click();
    const dialog = h.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await h.page.getByText('Nothing waits for your review.').waitFor();

    // The operator's sheet carries its name now.
    await o.page.goto(`/fact-sheet/${hotel.propertyId}`);
    await o.page.getByTestId('fact-sheet').getByRole('heading', { level: 1, name: 'Sol de Prova Beach' }).waitFor();

    // No step changed an account setting: the hotel never saved preferences.
    expect((await ok(apiCall(stage.portal, hotel.token, 'GET', '/api/settings/preferences/'))).user).toBe(0);
    expect(portalOutput(o.problems)).toEqual([]);
    expect(portalOutput(h.problems)).toEqual([]);
  });
});
