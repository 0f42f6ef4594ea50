import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { createPropertyApi } from './helpers/gallery.js';
import { useStage } from './helpers/stage.js';
import { menuEntries, portalOutput, signInAs } from './helpers/ui.js';
import { PASSWORD, createUser, signInApi, uniqueEmail } from './helpers/users.js';

/** A yes/no flag of an engine form: its group is named by the field's title. */
const flag = (page: Page, title: string, answer: 'Yes' | 'No') =>
  page.getByRole('group', { name: title, exact: true }).getByRole('button', { name: answer }).click();

describe.skipIf(!hasBrowser())('team: invitations, permissions, and what a team member sees', () => {
  const stage = useStage();

  it('invites a user, who accepts from the mail, signs in and sees only the permitted menu entries and properties', async () => {
    const owner = await createUser(stage.portal);
    const token = await signInApi(stage.portal, owner.email);
    await createPropertyApi(stage.portal, token, 'Hotel Allowed');
    await createPropertyApi(stage.portal, token, 'Hotel Hidden');
    const invitee = uniqueEmail('frontdesk');

    const { context, page, problems } = await stage.signedInPage(owner.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Authorized users' }).click();
    await page.getByText('No authorized users yet.').waitFor();
    await page.getByRole('button', { name: 'Invite a user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite an authorized user' });
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(invitee);
    await dialog.getByRole('textbox', { name: /^First name/ }).fill('Fran');
    await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Desk');
    await dialog.getByRole('textbox', { name: /^Job title/ }).fill('Front office');
    await dialog.getByRole('combobox', { name: /^Country/ }).fill('Spa');
    await page.getByRole('option', { name: 'Spain' }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();

    // The member's page: details, then the permissions editor.
    await page.waitForURL((url) => url.pathname.startsWith('/addauth-users/'));
    await page.getByText(`Invitation sent to ${invitee}.`, { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Fran Desk' }).waitFor();
    await flag(page, 'Add / Edit Property Photos', 'Yes');
    await flag(page, 'Manage Company Details, contact, logo', 'Yes');
    await page.getByRole('combobox', { name: /^Role in hotel/ }).click();
    await page.getByRole('option', { name: 'Front Office' }).click();
    await page.getByRole('combobox', { name: /^Allowed properties/ }).click();
    await page.getByRole('option', { name: 'Hotel Allowed' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await page.getByText('The permissions are saved.').waitFor();

    await page.getByRole('link', { name: 'Authorized users' }).first().click();
    const row = page.locator(`[data-member="${invitee}"]`);
    await row.getByText('Invitation pending').waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();

    // The invitee reads the mail, chooses a password, signs in.
    const link = await stage.portal.outbox.link(invitee, 'invite');
    const guest = await stage.page();
    await guest.page.goto(link);
    const accept = guest.page.getByRole('form', { name: 'Accept the invitation' });
    await accept.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await accept.getByRole('textbox', { name: 'Repeat password' }).fill(PASSWORD);
    await accept.getByRole('button', { name: 'Set password and activate' }).click();
    await guest.page.getByTestId('invitation-accepted').waitFor();
    await signInAs(guest.page, invitee);
    await guest.page.getByTestId('side-menu').getByRole('link', { name: 'Add Photos' }).waitFor();
    expect(await menuEntries(guest.page)).toEqual([
      'Dashboard /',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Fact reviews /fact-reviews',
      'Add Photos /property-photos',
      'User Profile /user-profile',
      'Partners /partners',
      'Developers tools (disabled)',
    ]);
    await guest.page.getByTestId('side-menu').getByRole('link', { name: 'Add Facts Info' }).click();
    const properties = guest.page.getByRole('table', { name: 'Properties' });
    await properties.getByText('Hotel Allowed').waitFor();
    expect(await properties.getByText('Hotel Hidden').count()).toBe(0);
    // The team is the owner's: a member is told so, and the server refuses anyway.
    await guest.page.goto('/authorized-users');
    await guest.page.getByText('Only the account owner manages its authorized users.').waitFor();
    expect(portalOutput(guest.problems)).toEqual([]);
    await guest.context.close();
  });

  it('edits a member, then removes one after confirming', async () => {
    const owner = await createUser(stage.portal);
    const token = await signInApi(stage.portal, owner.email);
    const email = uniqueEmail('reservations');
    const res = await fetch(`${stage.portal.url}/api/auth/authorized-user/invite/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, first_name: 'Rosa', last_name: 'Res' }),
    });
    expect(res.status).toBe(201);

    const { context, page, problems } = await stage.signedInPage(owner.email);
    await page.goto('/authorized-users');
    await page.getByRole('link', { name: 'Edit Rosa Res' }).click();
    await page.getByRole('heading', { name: 'Rosa Res' }).waitFor();
    const title = page.getByRole('textbox', { name: /^Job title/ });
    await title.fill('Reservations');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('call me');
    await page.getByRole('button', { name: 'Save user' }).click();
    await page.getByText('Enter a valid phone number.').first().waitFor();
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+34 600 000 000');
    await page.getByRole('button', { name: 'Save user' }).click();
    await page.getByText('The user is saved.').waitFor();

    await page.getByRole('link', { name: 'Authorized users' }).first().click();
    const row = page.locator(`[data-member="${email}"]`);
    await row.getByText('Reservations', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Remove Rosa Res' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Rosa Res?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Remove Rosa Res' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No authorized users yet.').waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
