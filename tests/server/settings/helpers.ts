import sharp from 'sharp';
import { expect } from 'vitest';
import { generate } from 'otplib';
import type { TestApp } from '../../helpers/app.js';
import { PASSWORD, signIn, type Account } from '../../helpers/accounts.js';
import { sendForm } from '../../helpers/properties.js';
import type { Part } from '../../helpers/multipart.js';

export const png = (w = 64, h = 64): Promise<Buffer> =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

/** The company form as form-data parts; lists become one part per item. */
export function companyParts(fields: Record<string, string | string[]>, files: Part[] = []): Part[] {
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) parts.push({ name, value: v });
  }
  return [...parts, ...files];
}

export const sendCompany = (
  t: TestApp,
  method: 'POST' | 'PUT',
  token: string | undefined,
  fields: Record<string, string | string[]>,
  files: Part[] = [],
) =>
  sendForm(
    t,
    method,
    method === 'POST' ? '/api/settings/company/create/' : '/api/settings/company/edit/',
    token,
    companyParts(fields, files),
  );

/** The last invitation link mailed to an address, as {uid, token}. */
export function invitationLink(t: TestApp, address: string): { uid: string; token: string } {
  for (const m of [...t.mail.to(address)].reverse()) {
    const match = /\/auth\/invite\/([^/\s]+)\/([^/\s]+)/.exec(m.text);
    if (match) return { uid: match[1]!, token: match[2]! };
  }
  throw new Error(`no invitation mailed to ${address}`);
}

/** Invite a team member, accept the invitation with PASSWORD, sign in: an active authorized user. */
export async function invitedMember(t: TestApp, owner: Account, extra: Record<string, unknown> = {}): Promise<Account> {
  const email = `member-${Math.random().toString(36).slice(2, 9)}@example.com`;
  const res = await t.api('POST', '/api/auth/authorized-user/invite/', {
    token: owner.token,
    body: { email, first_name: 'Mia', last_name: 'Member', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const accepted = await t.api('POST', '/api/auth/users/invitation/accept/', {
    body: { ...invitationLink(t, email), new_password: PASSWORD, re_new_password: PASSWORD },
  });
  expect(accepted.statusCode, accepted.body).toBe(204);
  return { id: res.json<{ id: number }>().id, email, token: await signIn(t, email) };
}

/** The TOTP code for a key at the app's (fake) clock. */
export function totp(t: TestApp, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
}

interface AuditEvent {
  id: number;
  created_at: string;
  kind: string;
  action: string;
  summary: string;
  actor: number | null;
  actor_email: string | null;
  property: number | null;
  ip: string | null;
  changes: { field: string; label: string; from: unknown; to: unknown }[];
}

/** The account's audit trail (first page) as the owner sees it. */
export async function auditEvents(t: TestApp, token: string, query = ''): Promise<AuditEvent[]> {
  const res = await t.api('GET', `/api/settings/audit-trail/${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: AuditEvent[] }>().results;
}
