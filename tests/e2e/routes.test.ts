import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInUi } from './helpers/ui.js';
import { createUser } from './helpers/users.js';

describe.skipIf(!hasBrowser())('routes', () => {
  const stage = useStage();

  it('opening / directly loads the app (deep link to the dashboard)', async () => {
    const { context, page } = await stage.page();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('an unknown path shows the not-found page', async () => {
    const { context, page, problems } = await stage.page();
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('a page whose code cannot load shows the ChunkLoadError with a Reload button', async () => {
    const { context, page, problems } = await stage.page();
    await page.route('**/assets/about-page-*.js', (route) => route.abort('connectionfailed'));
    await page.goto('/about');
    const error = page.getByTestId('page-error');
    await error.waitFor();
    const text = await error.innerText();
    expect(text).toContain('This page could not be loaded');
    expect(text).toContain('ChunkLoadError: Loading chunk "about" failed:');
    // The shell around the page still works.
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await page.unroute('**/assets/about-page-*.js');
    await error.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'About Ananas' }).waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('signed out: a page that needs sign-in goes to /login, public pages open, and sign-in returns to the page asked for', async () => {
    const user = await createUser(stage.portal);
    const { context, page } = await stage.page();
    await page.goto('/about');
    await page.getByRole('heading', { name: 'About Ananas' }).waitFor();
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await page.goto('/user-profile');
    await page.waitForURL((url) => url.pathname === '/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Correct-Horse-42');
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/user-profile');
    await page.getByTestId('profile-summary').waitFor();
    await context.close();
  });

  it('signed in: an unknown path shows the not-found page inside the shell', async () => {
    const user = await createUser(stage.portal);
    const { context, page } = await stage.page();
    await signInUi(page, user.email);
    await page.goto('/no-such-page');
    await page.getByTestId('not-found').waitFor();
    // The side menu is a chunk of its own (signed-in-parts.ts) and may paint after the page: wait
    // for it (the check passed only on its retry in CI when counted at once).
    await page.getByTestId('side-menu').waitFor();
    await context.close();
  });

  it('a token the server no longer accepts ends the session and goes to /login', async () => {
    const user = await createUser(stage.portal);
    const { context, page } = await stage.page();
    await signInUi(page, user.email);
    // Off the portal first: a call still in flight from the signed-in page would otherwise meet the
    // dead token there and sign out before the load below, whose fresh page then has no notice.
    await page.goto('about:blank');
    // Every token of the user dies (as after a password reset elsewhere).
    await stage.portal.services.db.kysely.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    await context.close();
  });
});
