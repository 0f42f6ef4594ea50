/**
 * Step-up in the browser: a hotel whose sign-in is no longer a fresh proof accepts a contract;
 * the portal asks for the password in a dialog and sends the acceptance again by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, openPage } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { startStage, stopStage } from './helpers/stage.js';
import { signInUi } from './helpers/ui.js';
import { createUser, PASSWORD, signInApi } from './helpers/users.js';

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

describe.skipIf(!hasBrowser())('step-up for sensitive changes, in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    ({ portal, browser } = await startStage());
  });
  afterAll(() => stopStage({ portal, browser }));

  it('accepting a contract asks for the password in a dialog, then the acceptance goes through', async () => {
    const hotel = await ownerWithProperty(portal, 'Step Up Resort');
    await company(portal, hotel.token, { company: 'Step Up Hotels', country: 'ES', city: 'Palma' });
    const operator = await createUser(portal, { accountType: 'to', firstName: 'Olga' });
    const operatorToken = await signInApi(portal, operator.email);
    await company(portal, operatorToken, { company: 'Careful Tours', country: 'DE', city: 'Hamburg' });
    const proposed = await apiCall(portal, operatorToken, 'POST', '/api/partners/contract/create/', {
      partner: hotel.id,
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const id = proposed.body.id as number;

    const h = await openPage(browser, portal.url);
    await signInUi(h.page, hotel.email);
    // The sign-in was a while ago: its proof no longer counts.
    const db = portal.services.db.kysely;
    const user = await db.selectFrom('users').select('id').where('email', '=', hotel.email).executeTakeFirstOrThrow();
    await db
      .updateTable('auth_tokens')
      .set({ proved_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.id)
      .execute();

    await h.page.goto(`/contract-view/${id}`);
    await h.page.getByTestId('contract-summary').getByText('Waiting on you').waitFor();
    await h.page.getByRole('button', { name: 'Accept', exact: true }).click();
    const confirmMove = h.page.getByRole('dialog').filter({ hasText: 'Accept version 1?' });
    await confirmMove.getByRole('button', { name: 'Accept', exact: true }).click();

    const ask = h.page.getByRole('dialog', { name: 'Confirm it is you' });
    await ask.getByText('This change needs your password again.').waitFor();
    await ask.getByTestId('step-up-input').fill('Wrong-Password-1');
    await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
    await ask.getByText('Invalid password.').waitFor();
    await ask.getByTestId('step-up-input').fill(PASSWORD);
    await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
    await ask.waitFor({ state: 'detached' });

    await h.page.getByTestId('contract-summary').getByText('Accepted', { exact: true }).waitFor();
    const row = await db.selectFrom('contracts').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('A');
    const actions = await db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_id', '=', user.id)
      .where('kind', 'in', ['account', 'sign-in'])
      .execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['step-up-failure', 'step-up']));
  });
});
