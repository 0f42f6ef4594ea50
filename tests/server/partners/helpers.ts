import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { companyParts } from '../settings/helpers.js';
import { sendForm } from '../../helpers/properties.js';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One side of the market: an owner, a member with partner_connections and one without. */
export interface Party {
  owner: Account;
  withFlag: Account;
  withoutFlag: Account;
  name: string;
}

let n = 0;

/** An account with its company details (name, country, city) and two team members. */
export async function party(
  t: TestApp,
  type: 'accommodation' | 'to',
  company: { name?: string; country?: string; city?: string } = {},
): Promise<Party> {
  const name = company.name ?? `${type === 'to' ? 'Tours' : 'Hotel'} ${++n} ${Math.random().toString(36).slice(2, 6)}`;
  const { owner, sub: withFlag } = await ownerWithSubUser(t, { partner_connections: true }, type);
  const withoutFlag = await signUp(t, { account_type: type, manager: owner.id, managerToken: owner.token });
  const perms = await t.api('POST', '/api/auth/permissions/create/', {
    token: owner.token,
    body: { user: withoutFlag.id, facts: true },
  });
  expect(perms.statusCode, perms.body).toBe(201);
  const res = await sendForm(
    t,
    'POST',
    '/api/settings/company/create/',
    owner.token,
    companyParts({ company: name, country: company.country ?? 'ES', city: company.city ?? 'Palma' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return { owner, withFlag, withoutFlag, name };
}

export async function hotelWithProperties(
  t: TestApp,
  count = 2,
  company: { name?: string; country?: string; city?: string } = {},
) {
  const p = await party(t, 'accommodation', company);
  const properties: number[] = [];
  for (let i = 0; i < count; i++)
    properties.push((await createProperty(t, p.owner.token, { hotel_name: `${p.name} ${i + 1}` })).id);
  return { ...p, properties };
}

export async function call(t: TestApp, as: Account, method: string, url: string, body?: unknown) {
  const res = await t.api(method, url, { token: as.token, body });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
}

export const create = (t: TestApp, as: Account, body: Json) =>
  call(t, as, 'POST', '/api/partners/contract/create/', body);
export const edit = (t: TestApp, as: Account, id: number, body: Json) =>
  call(t, as, 'PUT', `/api/partners/contract/edit/${id}/`, body);
export const view = (t: TestApp, as: Account, id: number) => call(t, as, 'GET', `/api/partners/contract/view/${id}/`);
export const version = (t: TestApp, as: Account, id: number, body: Json) =>
  call(t, as, 'POST', `/api/partners/contract/contractVersion/${id}/`, body);
export const remove = (t: TestApp, as: Account, id: number) =>
  call(t, as, 'DELETE', `/api/partners/contract/delete/${id}/`);

/** Propose (status P) and expect it created; answers the contract view. */
export async function propose(t: TestApp, as: Account, partner: number, terms: Json = {}): Promise<Json> {
  const res = await create(t, as, { partner, ...terms });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function expectStatus(res: { status: number; body: Json }, status: number): Promise<Json> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}
