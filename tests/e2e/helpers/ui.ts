import type { Page } from 'playwright-core';
import { PASSWORD } from './users.js';

/** Sign in through the sign-in page, as a person does, and wait for the dashboard. */
export async function signInUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('dashboard').waitFor();
}

/** The side menu's entries as "Label /route", in order; an entry shown disabled as "Label (disabled)". */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  const entries = menu.locator('a, [data-disabled-reason]');
  const out: string[] = [];
  for (const entry of await entries.all()) {
    const href = await entry.getAttribute('href');
    const label = (await entry.innerText()).split('\n')[0]!.trim();
    out.push(href === null ? `${label} (disabled)` : `${label} ${href}`);
  }
  return out;
}

export async function signOutUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/**
 * What the page wrote to the console or threw. Chromium's own lines (a failed request's status,
 * DOM hints) are not the portal's output; everything else is, and the portal must write none.
 */
export function portalOutput(problems: readonly string[]): string[] {
  return problems.filter((p) => !p.includes('Failed to load resource') && !p.startsWith('console.verbose'));
}
