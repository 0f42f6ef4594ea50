/**
 * Two people, two browsers: a hotel proposes a contract to a tour operator from the partner
 * directory, the operator counters, the hotel accepts; each side's bell tells it every step;
 * both see the contract as current, with two versions and the diff between them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

/** The company profile, through the API (multipart, as the company page sends it). */
async function company(portal: Portal, token: string, fields: Record<string, string>): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${portal.url}/api/settings/company/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The bell after a reload: its unread count, then the newest notification opened (it leads to the contract). */
async function openFromBell(page: Page, unread: number, message: string): Promise<void> {
  await page.goto('/home');
  await page.getByRole('button', { name: `Notifications (${unread} unread)` }).click();
  const item = page
    .getByRole('region', { name: 'Notifications' })
    .getByTestId('notification')
    .filter({ hasText: message });
  await item.getByRole('button', { name: new RegExp(message) }).click();
  await page.waitForURL(/\/contract-view\/\d+$/);
}

/** Confirm the move in its dialog and wait until it is done. */
async function confirm(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!hasBrowser())('partners and contracts, as two people would', () => {
  const stage = useStage();

  it('a hotel proposes, the operator counters, the hotel accepts; both see it current with two versions and the diff', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Sunset Beach Resort');
    await company(stage.portal, hotel.token, { company: 'Sunset Hotels', country: 'ES', city: 'Palma' });
    const operator = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    await company(stage.portal, await signInApi(stage.portal, operator.email), {
      company: 'Blue Sky Tours',
      country: 'DE',
      city: 'Hamburg',
    });

    const h = await stage.page();
    const o = await stage.page();
    await signInAs(h.page, hotel.email);
    await signInAs(o.page, operator.email);

    // The hotel finds the operator in the directory and proposes, with a 14-day notice period.
    await h.page.goto('/partners');
    // Enter searches as the button does (issue 38 §2; the first-week journey presses the button).
    const search = h.page.getByRole('textbox', { name: 'Hotel, company or city' });
    await search.fill('hamburg');
    await search.press('Enter');
    await expect.poll(() => h.page.url()).toContain('hamburg');
    const row = h.page.getByRole('row').filter({ hasText: 'Blue Sky Tours' });
    await row.getByText('Not connected').waitFor();
    await row.getByRole('link', { name: 'Propose a contract to Blue Sky Tours' }).click();
    await h.page.getByText('With Blue Sky Tours.').waitFor();
    await h.page.getByRole('textbox', { name: 'Notice period before terminating (days)' }).fill('14');
    await h.page.getByRole('button', { name: 'Send proposal' }).click();
    await h.page.getByRole('dialog').getByText('Send this proposal to Blue Sky Tours?').waitFor();
    await confirm(h.page, 'Send proposal');
    await h.page.waitForURL(/\/contract-view\/\d+$/);
    const summary = h.page.getByTestId('contract-summary');
    await summary.getByText('Pending').waitFor();
    await summary.getByText('Waiting on the partner').waitFor();

    // The operator's bell leads to the proposal; it counters with a 24-hour stop-sale deadline.
    await openFromBell(o.page, 1, 'Sunset Hotels proposed a contract');
    await o.page.getByTestId('contract-summary').getByText('Waiting on you').waitFor();
    await o.page.getByRole('button', { name: 'Counter-propose' }).click();
    await o.page.getByRole('heading', { name: 'Counter-proposal' }).waitFor();
    await o.page.getByRole('combobox', { name: 'Deadline to apply stop-sale manually' }).click();
    await o.page.getByRole('option', { name: '24 hours', exact: true }).click();
    await o.page.getByRole('button', { name: 'Send counter-proposal' }).click();
    await confirm(o.page, 'Send counter-proposal');
    await o.page.waitForURL(/\/contract-view\/\d+$/);
    await o.page.getByTestId('contract-summary').getByText('Changed').waitFor();

    // The hotel's bell leads to the counter-proposal: it sees the change and accepts.
    await openFromBell(h.page, 1, 'Blue Sky Tours sent a counter-proposal');
    const change = h.page.getByLabel('Changes in version 2');
    await change.getByText('Deadline to apply stop-sale manually: 8 hours → 24 hours').waitFor();
    await h.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await h.page.getByRole('dialog').getByText('Accept version 2?').waitFor();
    await confirm(h.page, 'Accept');
    await h.page.getByTestId('contract-summary').getByText('Accepted', { exact: true }).waitFor();

    // The operator's bell tells it; both sides see the contract current, two versions, the diff.
    await openFromBell(o.page, 1, 'Sunset Hotels accepted the contract');
    for (const [page, partner] of [
      [h.page, 'Blue Sky Tours'],
      [o.page, 'Sunset Hotels'],
    ] as const) {
      await page.goto('/contract-details?tab=current');
      const current = page.getByRole('table', { name: 'Current contracts' });
      await current.getByRole('row').filter({ hasText: partner }).getByText('Accepted').waitFor();
      await current.getByRole('link', { name: partner }).click();
      await page.getByTestId('contract-summary').getByText('In force').first().waitFor();
      const versions = page.getByRole('list', { name: 'Versions' }).locator(':scope > li');
      await expect.poll(() => versions.count()).toBe(2);
      await versions.nth(0).getByText('Answered with a counter-proposal').waitFor();
      await versions.nth(1).getByText('Accepted').waitFor();
      await page
        .getByLabel('Changes in version 2')
        .getByText('Deadline to apply stop-sale manually: 8 hours → 24 hours')
        .waitFor();
      // The form fills from the contract after the versions list shows: poll for its values.
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Deadline to apply stop-sale manually' }).first().innerText())
        .toBe('24 hours');
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Notice period before terminating (days)' }).first().inputValue())
        .toBe('14');
    }
    // The bell told each step: two to the operator, one to the hotel, newest first.
    await o.page.goto('/home');
    await o.page.getByRole('button', { name: /^Notifications/ }).click();
    const told = o.page.getByRole('region', { name: 'Notifications' }).getByTestId('notification');
    await expect
      .poll(async () => (await told.allInnerTexts()).map((t) => t.split('\n')[0]))
      .toEqual(['Sunset Hotels accepted the contract', 'Sunset Hotels proposed a contract']);
    expect(portalOutput(h.problems)).toEqual([]);
    expect(portalOutput(o.problems)).toEqual([]);
    await h.context.close();
    await o.context.close();
  });

  it('amends and cancels from the contract view, each move confirmed; a member without the permission only reads', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Harbour Inn');
    await company(stage.portal, hotel.token, { company: 'Harbour Hotels', country: 'PT', city: 'Porto' });
    const operator = await createUser(stage.portal, { accountType: 'to' });
    const opToken = await signInApi(stage.portal, operator.email);
    await company(stage.portal, opToken, { company: 'Wave Travel', country: 'PT', city: 'Lisbon' });
    const api = (token: string, method: string, url: string, body?: unknown) =>
      fetch(`${stage.portal.url}${url}`, {
        method,
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const proposal = await api(opToken, 'POST', '/api/partners/contract/create/', {
      partner: hotel.id,
      notice_period: 30,
    });
    await api(hotel.token, 'PUT', `/api/partners/contract/edit/${proposal.id as number}/`, { status: 'A' });

    const reader = await createUser(stage.portal, { manager: { id: hotel.id, token: hotel.token } });
    const r = await stage.page();
    await signInAs(r.page, reader.email);
    await r.page.goto(`/contract-view/${proposal.id as number}`);
    await r.page.getByText('Answering and changing contracts needs the “partner connections” permission.').waitFor();
    expect(await r.page.getByRole('group', { name: 'Contract actions' }).count()).toBe(0);
    await r.context.close();

    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    await h.page.goto(`/contract-view/${proposal.id as number}`);
    await h.page.getByRole('button', { name: 'Propose an amendment' }).click();
    await h.page.getByRole('heading', { name: 'Propose an amendment' }).waitFor();
    await h.page.getByRole('combobox', { name: 'Tour Operator may add own photos of the property' }).click();
    await h.page.getByRole('option', { name: 'No', exact: true }).click();
    await h.page.getByRole('button', { name: 'Propose amendment' }).click();
    await confirm(h.page, 'Propose amendment');
    await h.page.waitForURL(/\/contract-view\/\d+$/);
    await h.page.getByTestId('contract-state').getByText('an amendment is being discussed', { exact: false }).waitFor();
    await h.page.getByRole('heading', { name: 'Terms in force (version 1)' }).waitFor();
    await h.page.getByRole('button', { name: 'Cancel contract' }).click();
    await h.page
      .getByRole('dialog')
      .getByText('It stays in force for its notice period of 30 days, then ends.')
      .waitFor();
    await confirm(h.page, 'Cancel contract');
    await h.page.getByTestId('contract-state').getByText('Cancelled: in force until', { exact: false }).waitFor();
    expect(await h.page.getByRole('group', { name: 'Contract actions' }).count()).toBe(0);
    // In its notice period the contract is still current; the lists filter by the partner's name.
    await h.page.goto('/contract-details?tab=current');
    const current = h.page.getByRole('table', { name: 'Current contracts' });
    await current
      .getByRole('row')
      .filter({ hasText: 'Wave Travel' })
      .getByText('In force until', { exact: false })
      .waitFor();
    await h.page.getByRole('textbox', { name: 'Partner' }).fill('nobody');
    await h.page.getByRole('button', { name: 'Filter', exact: true }).click();
    await h.page.getByText('No contract matches these filters.').waitFor();
    await h.page.getByRole('textbox', { name: 'Partner' }).fill('wave');
    await h.page.getByRole('button', { name: 'Filter', exact: true }).click();
    await current.getByRole('link', { name: 'Wave Travel' }).waitFor();
    expect(new URL(h.page.url()).search).toBe('?tab=current&search=wave');
    expect(portalOutput(h.problems)).toEqual([]);
    await h.context.close();
  });
});
