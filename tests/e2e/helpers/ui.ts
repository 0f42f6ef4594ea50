import Cookies from 'js-cookie';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../../../src/client/session/constants.js';
import { memoryCookieJar } from '../../../src/client/session/cookie-jar.js';
import { createSessionStore } from '../../../src/client/session/session-store.js';
import { userFromWire } from '../../../src/shared/generated/mappers.js';
import type { AuthTokenWire, UserWire } from '../../../src/shared/generated/wire-types.js';
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

/**
 * Signed in, on the dashboard, without the sign-in page: for tests about something else (the
 * sign-in page itself is login-ban, two-factor, profile, routes, shell, first-load and the
 * journeys, which use signInUi). The page's context signs in through the API as the sign-in page
 * does (token, then the user) and gets the session cookie the page would have written: made by
 * the client's own session store and cookie encoding, so it is the same cookie. `landing`: the
 * page it opens (the dashboard unless said).
 */
export async function signInAs(page: Page, email: string, password = PASSWORD, landing = '/'): Promise<void> {
  await giveSessionCookie(page, email, password);
  // A test about another page lands there at once: the dashboard it would pass through is the
  // heaviest page to load.
  await page.goto(landing);
  if (landing === '/') await page.getByTestId('dashboard').waitFor();
}

/**
 * The session cookie of signInAs, and nothing else: no page of the app opened. In a context of
 * its own (stage.freshPage) the browser has never told the server its view (VIEW_COOKIE), so the
 * server renders none of its pages: the browser does, as on a first visit.
 */
export async function giveSessionCookie(page: Page, email: string, password = PASSWORD): Promise<void> {
  const login = await page.request.post('/api/auth/token/login/', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()) as AuthTokenWire;
  const me = await page.request.get('/api/auth/users/me/', { headers: { authorization: `Token ${token.auth_token}` } });
  expect(me.status(), await me.text()).toBe(200);
  const jar = memoryCookieJar();
  const session = createSessionStore(jar).save(
    token.auth_token,
    userFromWire((await me.json()) as UserWire),
    token.expires_at,
  );
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: Cookies.converter.write(jar.get(SESSION_COOKIE)!, SESSION_COOKIE),
      url: new URL(login.url()).origin,
      expires: Math.floor(session.expiresAt / 1000),
      sameSite: 'Strict',
    },
  ]);
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
