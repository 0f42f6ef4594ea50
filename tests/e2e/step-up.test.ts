/**
 * Step-up in the browser: a user whose sign-in is no longer a fresh proof makes a change of who
 * can get in or of what leaves the account (accepting a contract; changing the e-mail, inviting a
 * team member, resuming a webhook, deactivating); the portal asks for the password in a dialog
 * and sends the change again by itself. Two-factor enrolment: tests/e2e/two-factor.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, PASSWORD, signInApi, uniqueEmail } from './helpers/users.js';

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

/** The user's sessions signed in long ago: none is a fresh proof any more. */
async function staleSessions(portal: Portal, userId: number): Promise<void> {
  await portal.services.db.kysely
    .updateTable('auth_tokens')
    .set({ proved_at: '2000-01-01T00:00:00.000Z' })
    .where('user_id', '=', userId)
    .execute();
}

/** The "Confirm it is you" dialog asks for the password; it is given and the dialog goes. */
async function givePassword(page: Page): Promise<void> {
  const ask = page.getByRole('dialog', { name: 'Confirm it is you' });
  await ask.getByText('This change needs your password again.').waitFor();
  await ask.getByTestId('step-up-input').fill(PASSWORD);
  await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
  await ask.waitFor({ state: 'detached' });
}

describe.skipIf(!hasBrowser())('step-up for sensitive changes, in the browser', () => {
  const stage = useStage();

  it('accepting a contract asks for the password in a dialog, then the acceptance goes through', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Step Up Resort');
    await company(stage.portal, hotel.token, { company: 'Step Up Hotels', country: 'ES', city: 'Palma' });
    const operator = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    const operatorToken = await signInApi(stage.portal, operator.email);
    await company(stage.portal, operatorToken, { company: 'Careful Tours', country: 'DE', city: 'Hamburg' });
    const proposed = await apiCall(stage.portal, operatorToken, 'POST', '/api/partners/contract/create/', {
      partner: hotel.id,
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const id = proposed.body.id as number;

    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    // The sign-in was a while ago: its proof no longer counts.
    const db = stage.portal.services.db.kysely;
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
  it('a stale session changes the e-mail, invites a member, resumes a webhook and deactivates, each after the password', async () => {
    const owner = await createUser(stage.portal);
    const db = stage.portal.services.db.kysely;
    const now = new Date().toISOString();
    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({
        account_id: owner.id,
        url: 'https://hooks.example/down',
        events: '["facts.updated"]',
        active: true,
        secret: stage.portal.services.secrets.seal(
          `whsec_${Buffer.alloc(24, 5).toString('base64')}`,
          `webhook-secret:${owner.id}`,
        ),
        date_created: now,
        created_by: owner.id,
        paused_at: now,
        consecutive_failures: 24,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { context, page, problems } = await stage.signedInPage(owner.email);

    // The e-mail: the form's password is not the proof; the dialog asks for it first.
    await staleSessions(stage.portal, owner.id);
    await page.goto('/user-profile');
    const newEmail = uniqueEmail('stepped');
    const email = page.getByRole('form', { name: 'Change e-mail' });
    await email.getByRole('textbox', { name: 'New e-mail', exact: true }).fill(newEmail);
    await email.getByRole('textbox', { name: 'Repeat new e-mail' }).fill(newEmail);
    await email.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
    await email.getByRole('button', { name: 'Change e-mail' }).click();
    await givePassword(page);
    await page.getByText('Your e-mail address has been changed.').waitFor();
    const user = () => db.selectFrom('users').select(['email', 'is_active']).where('id', '=', owner.id);
    expect((await user().executeTakeFirstOrThrow()).email).toBe(newEmail);

    // A team invitation: cancelled once (nothing sent, a plain message), then given.
    await staleSessions(stage.portal, owner.id);
    await page.goto('/authorized-users');
    await page.getByRole('button', { name: 'Invite a user' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite an authorized user' });
    const invitee = uniqueEmail('stepped-member');
    await invite.getByRole('textbox', { name: /^E-mail/ }).fill(invitee);
    await invite.getByRole('textbox', { name: /^First name/ }).fill('Sam');
    await invite.getByRole('textbox', { name: /^Last name/ }).fill('Proof');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const ask = page.getByRole('dialog', { name: 'Confirm it is you' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await invite.getByText('Not done: confirming it is you was cancelled.').first().waitFor();
    const members = () => db.selectFrom('users').select('email').where('manager_id', '=', owner.id).execute();
    expect(await members()).toEqual([]);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await givePassword(page);
    await page.waitForURL((url) => url.pathname.startsWith('/addauth-users/'));
    expect(await members()).toEqual([{ email: invitee }]);

    // Resuming a paused webhook sends the account's events again.
    await staleSessions(stage.portal, owner.id);
    await page.goto('/dev-tools');
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByRole('button', { name: 'Resume' }).click();
    await givePassword(page);
    await page.getByText('Resumed: the waiting deliveries are being sent.').waitFor();
    const hook = db.selectFrom('webhook_endpoints').select('paused_at').where('id', '=', endpoint.id);
    expect((await hook.executeTakeFirstOrThrow()).paused_at).toBeNull();

    // Deactivation: its own dialog is open and the app is covered while it waits; the proof is asked above both.
    await staleSessions(stage.portal, owner.id);
    await page.goto('/user-profile');
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Deactivate your account?' });
    await deactivate.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
    await deactivate.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await givePassword(page);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your account has been deactivated.', { exact: true }).first().waitFor();
    expect((await user().executeTakeFirstOrThrow()).is_active).toBeFalsy();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
