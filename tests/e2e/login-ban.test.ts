import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser } from './helpers/users.js';

/** Its own server: the ban covers the whole address (127.0.0.1), which would block other tests. */
describe.skipIf(!hasBrowser())('sign-in ban after repeated failures (429)', () => {
  const stage = useStage();

  it("blocks the form until reload, with the time left from the server's ban", async () => {
    const user = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    const submit = form.getByRole('button', { name: 'Sign in', exact: true });
    let answered429 = false;
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/token/login/') && r.status() === 429) answered429 = true;
    });
    for (let attempt = 1; attempt <= 6 && !answered429; attempt++) {
      await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(`wrong-password-${attempt}`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/token/login/'));
      await submit.click();
      await answer;
    }
    expect(answered429).toBe(true);

    const notice = page.getByTestId('login-ban');
    await notice.waitFor();
    expect(await page.getByTestId('ban-time-left').innerText()).toMatch(/^1[45]:\d\d$/);
    expect(await submit.isDisabled()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Password', exact: true }).isDisabled()).toBe(true);
    // The countdown itself (each second, then the reload offer): tests/component/login/ban-notice.test.tsx.

    // Still blocked after moving around in the app (no reload)...
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await notice.waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // ...and free again after a reload (the server still has the last word).
    await page.reload();
    await form.waitFor();
    expect(await page.getByTestId('login-ban').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
