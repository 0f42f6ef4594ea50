import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { menuEntries, portalOutput, signInUi, signOutUi } from './helpers/ui.js';
import { PASSWORD, createUser, uniqueEmail } from './helpers/users.js';

describe.skipIf(!hasBrowser())('a new user: sign up, activate, sign in, profile, sign out', () => {
  const stage = useStage();

  it('signs up, opens the mailed activation link, signs in, edits the profile, signs out', async () => {
    const { context, page, problems } = await stage.page();
    const email = uniqueEmail('hotelier');

    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Accommodation').check();
    expect(await form.getByLabel('Other').isDisabled()).toBe(true);
    await form.getByLabel('First name').fill('Marta');
    await form.getByLabel('Last name').fill('Hotelera');
    await form.getByLabel('Company name').fill('Hoteles Marta');
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat password').fill(PASSWORD);
    expect(await form.getByRole('button', { name: 'Sign up' }).isDisabled()).toBe(true);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Sign up' }).click();
    await page.getByTestId('signup-done').waitFor();
    expect(await page.getByTestId('signup-done').innerText()).toContain(email);

    // Not active yet: the server's message is shown on the sign-in page.
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Sign in' });
    await login.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('This account is not active yet', { exact: false }).waitFor();

    const link = await stage.portal.outbox.link(email, 'activate');
    expect(link.startsWith(`${stage.portal.url}/auth/activate/`)).toBe(true);
    await page.goto(link);
    await page.getByTestId('activation-done').waitFor();

    await signInUi(page, email);
    expect(await page.getByTestId('greeting').innerText()).toContain('Marta');
    expect(await page.getByTestId('dashboard').getAttribute('data-kind')).toBe('accommodation');
    expect(await menuEntries(page)).toEqual([
      'Dashboard /',
      'Add Property /add-property',
      'Add Facts Info /property-facts',
      'Portfolio /property-portfolio',
      'Bulk edit /bulk-edit',
      'Fact reviews /fact-reviews',
      'Add Photos /property-photos',
      'Availability Chart /property-stopsale',
      'Export Center /exportcentre',
      'User Profile /user-profile',
      'Settings /user-settings',
      'Authorized users /authorized-users',
      'Partners /partners',
      'Developers tools /dev-tools',
    ]);
    expect(await page.getByText('Ananas system', { exact: true }).isVisible()).toBe(true);

    await page.getByTestId('side-menu').getByRole('link', { name: 'User Profile' }).click();
    const edit = page.getByRole('form', { name: 'Edit profile' });
    await edit.getByLabel('Phone').fill('+34 971 000 111');
    await edit.getByLabel('Job title').fill('Revenue Manager');
    await edit.getByLabel('Country').selectOption('ES');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved.').waitFor();

    await page.reload();
    await page.getByTestId('profile-summary').waitFor();
    expect(await page.getByTestId('profile-phone').innerText()).toBe('+34 971 000 111');
    expect(await page.getByTestId('profile-title').innerText()).toBe('Revenue Manager');
    expect(await page.getByTestId('profile-summary').innerText()).toContain('Spain');
    expect(await edit.getByLabel('Job title').inputValue()).toBe('Revenue Manager');

    await signOutUi(page);
    await page.getByText('You have signed out.').waitFor();
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await page.goto('/user-profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('shows server errors on the form, at the field too', async () => {
    const existing = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First name').fill('Dup');
    await form.getByLabel('Last name').fill('Licate');
    await form.getByLabel('Company name').fill('Duplicate Hotels');
    await form.getByLabel('E-mail').fill(existing.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat password').fill(PASSWORD);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Sign up' }).click();
    await page.getByTestId('form-errors').waitFor();
    expect(await page.getByTestId('form-errors').innerText()).toContain('A user with that email already exists.');
    // The same message under the e-mail field.
    expect(await form.getByText('A user with that email already exists.').count()).toBe(1);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('a tour operator sees the operator dashboard and menu', async () => {
    const operator = await createUser(stage.portal, { accountType: 'to', firstName: 'Otto' });
    const { context, page, problems } = await stage.page();
    await signInUi(page, operator.email);
    expect(await page.getByTestId('dashboard').getAttribute('data-kind')).toBe('to');
    expect(await menuEntries(page)).toEqual([
      'Dashboard /',
      'Fact Sheet /fact-sheet',
      'Data Mapping /mapping',
      'Export Center /toexportcentre',
      'User Profile /user-profile',
      'Settings /user-settings',
      'Authorized users /authorized-users',
      'Partners /partners',
      'Developers tools /dev-tools',
    ]);
    // /home is the same dashboard.
    await page.goto('/home');
    await page.getByTestId('dashboard').waitFor();
    // Signed in, the sign-in and sign-up pages send the user on.
    await page.goto('/signup');
    await page.waitForURL((url) => url.pathname === '/');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
