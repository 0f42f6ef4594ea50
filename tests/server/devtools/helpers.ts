import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import type { Account } from '../../helpers/accounts.js';
import { writePublication } from '../../../src/server/features/publications/store.js';
import { answerProblems, routeOf } from '../../helpers/answer-shape.js';
import { otaMessageOf, otaProblems } from '../../helpers/ota.js';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function whitelist(t: TestApp, as: Account, domain: string, name = 'Office'): Promise<Json> {
  const res = await t.api('POST', '/api/settings/whitelist/create/', { token: as.token, body: { name, domain } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A key (with every scope unless said) usable from `domain`; answers its record with the secret. */
export async function apiKey(t: TestApp, as: Account, body: Json = {}, domain = '127.0.0.1, ::1'): Promise<Json> {
  const w = body.domain ?? (await whitelist(t, as, domain)).id;
  const res = await t.api('POST', '/api/settings/api-key/create/', {
    token: as.token,
    body: { title: 'Channel manager', fact_sheet: true, stop_sale: true, hotel_photos: true, ...body, domain: w },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/**
 * A partner API call with the key, from `ip` (127.0.0.1 unless said). A JSON success is checked
 * against its route's answer form (the response-shape test leaves key routes to this one), an OTA
 * document against the official OpenTravel schema of its message (xmllint).
 */
export async function partner(
  t: TestApp,
  secret: string | undefined,
  url: string,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.api('GET', url, {
    headers: { ...(secret === undefined ? {} : { 'x-api-key': secret }), ...(options.headers ?? {}) },
    ip: options.ip ?? '127.0.0.1',
  });
  const route = routeOf('GET', url);
  if (route && res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json')) {
    expect(answerProblems(t.services.schemas, route, 200, res.json()), url).toEqual([]);
  }
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/xml')) {
    const message = otaMessageOf(res.body);
    expect(message, url).toBeDefined();
    expect(otaProblems(message!, [res.body]), url).toEqual([]);
  }
  return res;
}

/** Publish the property's current facts (no completeness rule: tests of readers, not of publishing). */
export async function publishNow(t: TestApp, property: number, userId: number): Promise<void> {
  const now = t.clock.now().toISOString();
  await t.services.db.kysely
    .transaction()
    .execute((trx) => writePublication(trx, property, userId, now, 50).then(() => undefined));
  await t.services.db.kysely.updateTable('properties').set({ publish_date: now }).where('id', '=', property).execute();
}
