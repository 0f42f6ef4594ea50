import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import type { Account } from '../../helpers/accounts.js';
import { call, edit, expectStatus, propose, type Json } from '../partners/helpers.js';

export { call, expectStatus, type Json };

/** An accepted contract between the hotel and the operator with these terms (the hotel proposes, the operator accepts). */
export async function accepted(t: TestApp, hotel: Account, operator: Account, terms: Json = {}): Promise<number> {
  const c = await propose(t, hotel, operator.id, terms);
  await expectStatus(await edit(t, operator, c.id as number, { status: 'A' }), 200);
  return c.id as number;
}

/** The hotel's preferences (created or edited). */
export async function preferences(t: TestApp, hotel: Account, body: Json): Promise<void> {
  const now = await t.api('GET', '/api/settings/preferences/', { token: hotel.token });
  // The defaults answer with user 0 while none were saved.
  const exists = now.statusCode === 200 && Number((now.json() as Json).user) > 0;
  const res = exists
    ? await t.api('PUT', '/api/settings/preferences/edit/', { token: hotel.token, body })
    : await t.api('POST', '/api/settings/preferences/create/', { token: hotel.token, body });
  expect([200, 201], res.body).toContain(res.statusCode);
}

export async function publish(t: TestApp, token: string, property: number): Promise<void> {
  const res = await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token });
  expect(res.statusCode, res.body).toBe(200);
}

/** Save one section with these fields changed (the rest as stored). */
export async function change(
  t: TestApp,
  token: string,
  property: number,
  section: string,
  fields: Json,
): Promise<void> {
  const now = (await t.api('GET', `/api/facts/${section}/${property}/`, { token })).json() as Json;
  const res = await t.api('PUT', `/api/facts/${section}/update/${property}/`, { token, body: { ...now, ...fields } });
  expect(res.statusCode, res.body).toBe(200);
}

export const sheet = (t: TestApp, as: Account, property: number, query = '') =>
  call(t, as, 'GET', `/api/partners/fact-sheet/${property}/${query}`);

/** Every document field of a sheet answer, by `section.key`. */
export function fieldsOf(body: Json): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const s of body.sheet.sections as Json[])
    for (const g of s.groups as Json[]) for (const f of g.fields as Json[]) out.set(`${s.key}.${f.key}`, f);
  return out;
}
