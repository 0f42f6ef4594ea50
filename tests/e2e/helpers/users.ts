import { expect } from 'vitest';
import type { Portal } from './portal.js';

export const PASSWORD = 'Correct-Horse-42';

let counter = 0;
export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function call(portal: Portal, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${portal.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export async function signInApi(portal: Portal, email: string, password = PASSWORD): Promise<string> {
  const res = await call(portal, 'POST', '/api/auth/token/login/', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.auth_token as string;
}

/** The profile's language (PATCH api/auth/users/me/), as the language menu saves it when signed in. */
export async function saveLanguage(portal: Portal, token: string, language: string): Promise<void> {
  const res = await call(portal, 'PATCH', '/api/auth/users/me/', { language }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Through the API, like the sign-up page and the owner's "add user": register, activate from the mailed link. */
export async function createUser(
  portal: Portal,
  fields: { accountType?: 'accommodation' | 'to'; manager?: { id: number; token: string }; firstName?: string } = {},
): Promise<{ id: number; email: string }> {
  const email = uniqueEmail();
  const res = await call(
    portal,
    'POST',
    '/api/auth/users/',
    {
      email,
      password: PASSWORD,
      re_password: PASSWORD,
      account_type: fields.accountType ?? 'accommodation',
      first_name: fields.firstName ?? 'Test',
      last_name: 'Person',
      ...(fields.manager ? { manager: fields.manager.id } : {}),
    },
    fields.manager?.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const link = await portal.outbox.link(email, 'activate');
  const [uid, token] = link.split('/auth/activate/')[1]!.split('/');
  const activated = await call(portal, 'POST', '/api/auth/users/activation/', { uid, token });
  expect(activated.status, JSON.stringify(activated.body)).toBe(204);
  return { id: res.body.id as number, email };
}

/** An owner and an authorized user of its account with the given flags (POST api/auth/permissions/create/). */
export async function ownerWithSubUser(
  portal: Portal,
  flags: Record<string, boolean>,
  accountType: 'accommodation' | 'to' = 'accommodation',
) {
  const owner = await createUser(portal, { accountType });
  const ownerToken = await signInApi(portal, owner.email);
  const sub = await createUser(portal, { accountType, manager: { id: owner.id, token: ownerToken } });
  const res = await call(portal, 'POST', '/api/auth/permissions/create/', { user: sub.id, ...flags }, ownerToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, sub };
}
