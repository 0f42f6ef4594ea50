import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInUi, signOutUi } from './helpers/ui.js';
import { PASSWORD, createUser } from './helpers/users.js';

/** The authenticator app's code for a key, `ahead` 30-second steps from now. */
const code = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

/** The password step of sign-in, which (two-factor on) leads to the code step. */
async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('form', { name: 'Two-factor code' }).waitFor();
}

async function codeStep(page: Page, value: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Two-factor code' });
  await form.getByRole('textbox', { name: 'Code' }).fill(value);
  await form.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** Signed in: the page asked for before signing out (or the dashboard), with the side menu. */
async function signedIn(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByTestId('side-menu').waitFor();
}

describe.skipIf(!hasBrowser())('two-factor sign-in', () => {
  const stage = useStage();

  it('enrols with the key the page shows and a code computed here; sign-in then asks for the code; a recovery code works once', async () => {
    const user = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await signInUi(page, user.email);
    await page.goto('/edit-securitysettings');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    const confirm = page.getByTestId('two-factor-enrol');
    await confirm.getByRole('textbox', { name: /^Code from the app/ }).fill('12345');
    await confirm.getByRole('button', { name: 'Confirm and turn on' }).click();
    await confirm.getByText('Enter the 6-digit code from your authenticator app.').first().waitFor();
    await confirm.getByRole('textbox', { name: /^Code from the app/ }).fill(await code(secret));
    await confirm.getByRole('button', { name: 'Confirm and turn on' }).click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('two-factor-status').getByText('10 unused recovery codes left.', { exact: false }).waitFor();
    await signOutUi(page);

    // The code of the next 30-second step: the confirming code used up this one.
    await passwordStep(page, user.email);
    await codeStep(page, await code(secret, 1));
    await signedIn(page);
    await signOutUi(page);

    // A recovery code stands in for the app's code, once.
    await passwordStep(page, user.email);
    await codeStep(page, codes[0]!);
    await signedIn(page);
    await signOutUi(page);
    await passwordStep(page, user.email);
    await codeStep(page, codes[0]!);
    await page.getByText('The code is not valid.', { exact: false }).first().waitFor();
    await codeStep(page, codes[1]!);
    await signedIn(page);

    // Turning it off needs the password.
    await page.goto('/edit-securitysettings');
    await page.getByTestId('two-factor-status').getByText('8 unused recovery codes left.', { exact: false }).waitFor();
    const off = page.locator('[data-form="two-factor-disable"]');
    await off.getByLabel(/^Current password/).fill('Wrong-Horse-42');
    await page.getByRole('button', { name: 'Turn two-factor sign-in off' }).click();
    await off.getByText('Invalid password.').first().waitFor();
    await off.getByLabel(/^Current password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn two-factor sign-in off' }).click();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).waitFor();
    await signOutUi(page);
    // Off again: the password alone signs in.
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signedIn(page);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('with a stale session, turning it on asks for the password first; new recovery codes and turning it off then ask for a code', async () => {
    const user = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await signInUi(page, user.email);
    const db = stage.portal.services.db.kysely;
    // Signed in long ago: the sign-in no longer counts as a proof.
    const stale = () =>
      db
        .updateTable('auth_tokens')
        .set({ proved_at: '2000-01-01T00:00:00.000Z' })
        .where('user_id', '=', user.id)
        .execute();
    await stale();
    await page.goto('/edit-securitysettings');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const ask = page.getByRole('dialog', { name: 'Confirm it is you' });
    await ask.getByText('This change needs your password again.').waitFor();
    // No key is handed out before the proof.
    expect(await page.getByTestId('two-factor-secret').count()).toBe(0);
    expect(await db.selectFrom('two_factor').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    await ask.getByTestId('step-up-input').fill(PASSWORD);
    await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    const confirm = page.getByTestId('two-factor-enrol');
    await confirm.getByRole('textbox', { name: /^Code from the app/ }).fill(await code(secret));
    await confirm.getByRole('button', { name: 'Confirm and turn on' }).click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    const first = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    await page.getByRole('button', { name: 'I have saved them' }).click();

    // Stale again; the factor is on, so the proof is now its code (the password is not enough).
    await stale();
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await page
      .getByRole('dialog', { name: 'Make new recovery codes?' })
      .getByRole('button', { name: 'Make new codes' })
      .click();
    await ask.getByText('This change needs a fresh code from your authenticator app (or a recovery code).').waitFor();
    await ask.getByTestId('step-up-input').fill(PASSWORD);
    await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
    await ask.getByText('The code is not valid.', { exact: false }).waitFor();
    // The code of the next 30-second step: the confirming code used up this one.
    await ask.getByTestId('step-up-input').fill(await code(secret, 1));
    await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    await list.waitFor();
    const second = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(second).toHaveLength(10);
    expect(second.filter((c) => first.includes(c))).toEqual([]);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('two-factor-status').getByText('10 unused recovery codes left.', { exact: false }).waitFor();

    // Turning it off: the password in the form, and (stale) a proof first: one of the new recovery codes.
    await stale();
    const off = page.locator('[data-form="two-factor-disable"]');
    await off.getByLabel(/^Current password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn two-factor sign-in off' }).click();
    await ask.getByTestId('step-up-input').fill(second[0]!);
    await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).waitFor();
    expect(await db.selectFrom('two_factor').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('lists my sessions and ends another one', async () => {
    const user = await createUser(stage.portal);
    const other = await stage.page();
    await signInUi(other.page, user.email);
    const { context, page, problems } = await stage.page();
    await signInUi(page, user.email);
    await page.goto('/edit-securitysettings');
    const sessions = page.getByRole('table', { name: 'Active sessions' });
    await sessions.locator('[data-session="other"]').waitFor();
    expect(await sessions.locator('[data-session="current"]').count()).toBe(1);
    await sessions.locator('[data-session="other"]').getByRole('button', { name: 'End' }).click();
    await page.getByText('The session has ended.').waitFor();
    await expect.poll(() => sessions.locator('[data-session="other"]').count()).toBe(0);
    // The other browser is signed out at its next call.
    await other.page.goto('/user-profile');
    await other.page.waitForURL((url) => url.pathname === '/login');
    expect(portalOutput(problems)).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
