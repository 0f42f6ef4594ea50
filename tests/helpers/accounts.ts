import { expect } from 'vitest';
import type { TestApp } from './app.js';

export const PASSWORD = 'Correct-Horse-42';

export interface Account {
  id: number;
  email: string;
  token: string;
}

let counter = 0;

/** Sign up through the API, open the mailed activation link, sign in: a real, active account. */
export async function signUp(
  t: TestApp,
  fields: {
    account_type?: 'accommodation' | 'to';
    email?: string;
    manager?: number;
    managerToken?: string;
    company?: string;
    country?: string;
  } = {},
): Promise<Account> {
  const email = fields.email ?? `user${++counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await t.api('POST', '/api/auth/users/', {
    token: fields.managerToken,
    body: {
      email,
      password: PASSWORD,
      re_password: PASSWORD,
      account_type: fields.account_type ?? 'accommodation',
      first_name: 'Test',
      last_name: 'Person',
      ...(fields.manager ? { manager: fields.manager } : {}),
      ...(fields.company ? { company: fields.company } : {}),
      ...(fields.country ? { country: fields.country } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { uid, token } = t.mail.link(email, 'activate');
  const activated = await t.api('POST', '/api/auth/users/activation/', { body: { uid, token } });
  expect(activated.statusCode, activated.body).toBe(204);
  return { id: res.json<{ id: number }>().id, email, token: await signIn(t, email) };
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.api('POST', '/api/auth/token/login/', { body: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ auth_token: string }>().auth_token;
}

/** An owner and an authorized user of its account, with the given permission flags. */
export async function ownerWithSubUser(
  t: TestApp,
  flags: Record<string, unknown> = {},
  accountType: 'accommodation' | 'to' = 'accommodation',
): Promise<{ owner: Account; sub: Account }> {
  const owner = await signUp(t, { account_type: accountType });
  const sub = await signUp(t, { account_type: accountType, manager: owner.id, managerToken: owner.token });
  const res = await t.api('POST', '/api/auth/permissions/create/', {
    token: owner.token,
    body: { user: sub.id, ...flags },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, sub };
}
