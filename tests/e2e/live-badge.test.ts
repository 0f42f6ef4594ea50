/**
 * The badge rises live: the operator's page, open and untouched, shows the hotel's answer as it
 * happens (server-sent events), without a reload; the panel then reads it, and reading it in one
 * tab lowers the badge in the other.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

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

/** Counts page loads: a reload would show here. */
async function loads(page: Page): Promise<() => number> {
  let n = 0;
  page.on('load', () => n++);
  return () => n;
}

describe.skipIf(!hasBrowser())('live badge', () => {
  const stage = useStage();

  it("the hotel accepts a proposal and the operator's badge rises in the other browser without a reload", async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Lagoon Resort');
    await company(stage.portal, hotel.token, { company: 'Lagoon Hotels', country: 'ES', city: 'Palma' });
    const operator = await createUser(stage.portal, { accountType: 'to', firstName: 'Omar' });
    const opToken = await signInApi(stage.portal, operator.email);
    await company(stage.portal, opToken, { company: 'Coral Tours', country: 'DE', city: 'Berlin' });
    const created = await fetch(`${stage.portal.url}/api/partners/contract/create/`, {
      method: 'POST',
      headers: { authorization: `Token ${opToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ partner: hotel.id, notice_period: 30 }),
    });
    expect(created.status).toBe(201);
    const contractId = ((await created.json()) as { id: number }).id;

    const o = await stage.page();
    const o2 = await o.context.newPage();
    const h = await stage.page();
    await signInAs(o.page, operator.email);
    await signInAs(h.page, hotel.email);
    await o.page.goto('/home');
    await o2.goto('/home');
    await o.page.getByRole('button', { name: 'Notifications (0 unread)' }).waitFor();
    await o2.getByRole('button', { name: 'Notifications (0 unread)' }).waitFor();
    // The stream is open before the hotel acts.
    await expect.poll(() => stage.portal.services.live.listening).toBeGreaterThanOrEqual(2);
    const pageLoads = await loads(o.page);

    await h.page.goto(`/contract-view/${contractId}`);
    await h.page.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = h.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await h.page.getByTestId('contract-summary').getByText('Accepted', { exact: true }).waitFor();

    // Untouched, the operator's tabs show it.
    await o.page.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor();
    await o2.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor();
    expect(pageLoads()).toBe(0);
    await o.page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const item = o.page
      .getByRole('region', { name: 'Notifications' })
      .getByTestId('notification')
      .filter({ hasText: 'Lagoon Hotels accepted the contract' });
    // Hovering marks it read (spec 000 §4): the other tab's badge falls too.
    await item.hover();
    await o2.getByRole('button', { name: 'Notifications (0 unread)' }).waitFor();
    expect(portalOutput(o.problems)).toEqual([]);
    expect(portalOutput(h.problems)).toEqual([]);
    await o.context.close();
    await h.context.close();
  });
});
