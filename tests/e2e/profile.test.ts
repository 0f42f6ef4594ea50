import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInUi } from './helpers/ui.js';
import { PASSWORD, createUser, uniqueEmail } from './helpers/users.js';

describe.skipIf(!hasBrowser())('user profile: password, e-mail, deactivation', () => {
  const stage = useStage();

  it('changes the password and the e-mail, then deactivates the account after confirming', async () => {
    const user = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await signInUi(page, user.email);
    await page.goto('/user-profile');

    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
    await password.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-Pineapple-77');
    await password.getByRole('textbox', { name: 'Repeat new password' }).fill('Fresh-Pineapple-77');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByTestId('form-errors').waitFor();
    expect(await password.getByText('Invalid password.').count()).toBe(2); // the list, and at the field
    await password.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();

    const newEmail = uniqueEmail('renamed');
    const email = page.getByRole('form', { name: 'Change e-mail' });
    await email.getByRole('textbox', { name: 'New e-mail', exact: true }).fill(newEmail);
    await email.getByRole('textbox', { name: 'Repeat new e-mail' }).fill(newEmail);
    await email.getByRole('textbox', { name: 'Current password' }).fill('Fresh-Pineapple-77');
    await email.getByRole('button', { name: 'Change e-mail' }).click();
    await page.getByText('Your e-mail address has been changed.').waitFor();
    await expect.poll(() => page.getByTestId('profile-email').innerText()).toBe(newEmail);

    await page.getByRole('button', { name: 'Deactivate account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog.getByRole('textbox', { name: 'Current password' }).fill('Fresh-Pineapple-77');
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your account has been deactivated.', { exact: true }).first().waitFor();

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(newEmail);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Fresh-Pineapple-77');
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('This account has been deactivated.', { exact: false }).waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the mailed link', async () => {
    const user = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    const request = page.getByRole('form', { name: 'Reset password' });
    await request.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('reset-sent').waitFor();

    const link = await stage.portal.outbox.link(user.email, 'reset');
    await page.goto(link);
    const confirm = page.getByRole('form', { name: 'New password' });
    await confirm.getByRole('textbox', { name: 'New password', exact: true }).fill('Second-Pineapple-88');
    await confirm.getByRole('textbox', { name: 'Repeat new password' }).fill('Second-Pineapple-88');
    await confirm.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('reset-done').waitFor();
    await signInUi(page, user.email, 'Second-Pineapple-88');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
