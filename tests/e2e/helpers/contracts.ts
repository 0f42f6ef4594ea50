/**
 * A hotel's tour operator in contract, made through the API as the two accounts would (the hotel
 * proposes, the operator accepts), for browser tests whose journey starts once they are partners.
 */
import { expect } from 'vitest';
import { apiCall } from './facts.js';
import type { Portal } from './portal.js';
import { createUser, signInApi } from './users.js';

/** The call's answer body, once its status is the one expected. */
export async function ok(
  p: Promise<{ status: number; body: unknown }>,
  status = 200,
): Promise<Record<string, unknown>> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown>;
}

/** A new tour operator with an accepted contract with the hotel whose owner's token is given. */
export async function contractedOperator(
  portal: Portal,
  hotelToken: string,
  firstName = 'Olga',
): Promise<{ user: { id: number; email: string }; token: string; contract: number }> {
  const user = await createUser(portal, { accountType: 'to', firstName });
  const token = await signInApi(portal, user.email);
  const created = await ok(
    apiCall(portal, hotelToken, 'POST', '/api/partners/contract/create/', { partner: user.id }),
    201,
  );
  const contract = Number(created.id);
  await ok(apiCall(portal, token, 'PUT', `/api/partners/contract/edit/${contract}/`, { status: 'A' }));
  return { user, token, contract };
}
