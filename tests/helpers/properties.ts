import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { multipart, type Part } from './multipart.js';

export async function createProperty(
  t: TestApp,
  token: string,
  fields: Record<string, string> = {},
  files: Part[] = [],
): Promise<{ id: number; hotel_name: string; hotel_logo: string | null }> {
  const form = multipart([
    ...Object.entries({ hotel_name: 'Hotel Ananas Playa', country: 'ES', state: 'PM', city: 'Palma', ...fields }).map(
      ([name, value]) => ({ name, value }),
    ),
    ...files,
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/facts/property/create/',
    headers: { ...form.headers, authorization: `Token ${token}` },
    payload: form.body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function sendForm(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const form = multipart(parts);
  return t.app.inject({
    method,
    url,
    headers: { ...headers, ...form.headers, ...(token ? { authorization: `Token ${token}` } : {}) },
    payload: form.body,
  });
}
