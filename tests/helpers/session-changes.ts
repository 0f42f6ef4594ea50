import { expect, it } from 'vitest';
import type { TestApp } from './app.js';
import { ownerWithSubUser, PASSWORD, signIn, signUp } from './accounts.js';
import { totp } from './fixtures/team-and-company.js';
import { MINUTE } from './clock.js';

/** What a test needs of a node: requests through it. */
export type Node = Pick<TestApp, 'api'>;

/**
 * Every change to what a kept session holds (features/auth/session-cache.ts) is seen on the very
 * next call: the change is made through `writer` (the test app), the calls go to `reader` (the
 * same app, or another node on the same database), and each case first calls twice with the
 * session, so that a kept copy is there to answer if the change did not reach it.
 */
export function sessionChangeCases(nodes: () => { t: TestApp; reader: Node }): void {
  const me = (n: Node, token: string) => n.api('GET', '/api/auth/users/me/', { token });
  async function kept(n: Node, token: string, url = '/api/auth/users/me/', status = 200): Promise<void> {
    for (let i = 0; i < 2; i++) expect((await n.api('GET', url, { token })).statusCode).toBe(status);
  }

  it('refuses a signed-out session on the next call', async () => {
    const { t, reader } = nodes();
    const a = await signUp(t);
    await kept(reader, a.token);
    expect((await t.api('POST', '/api/auth/token/logout/', { token: a.token })).statusCode).toBe(204);
    const refused = await me(reader, a.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Invalid token.' });
  });

  it('refuses a session ended from another session on the next call', async () => {
    const { t, reader } = nodes();
    const a = await signUp(t);
    const other = await signIn(t, a.email);
    await kept(reader, other);
    const list = await t.api('GET', '/api/auth/sessions/', { token: a.token });
    const [ended] = list.json<{ id: number; current: boolean }[]>().filter((s) => !s.current);
    expect((await t.api('DELETE', `/api/auth/sessions/${ended!.id}/`, { token: a.token })).statusCode).toBe(204);
    expect((await me(reader, other)).statusCode).toBe(401);
    expect((await me(reader, a.token)).statusCode).toBe(200);
  });

  it('ends the other sessions on the next call when the password changes', async () => {
    const { t, reader } = nodes();
    const a = await signUp(t);
    const other = await signIn(t, a.email);
    await kept(reader, other);
    await kept(reader, a.token);
    const changed = await t.api('POST', '/api/auth/users/set_password/', {
      token: a.token,
      body: { current_password: PASSWORD, new_password: 'Another-Horse-77', re_new_password: 'Another-Horse-77' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await me(reader, other)).statusCode).toBe(401);
    expect((await me(reader, a.token)).statusCode).toBe(200);
  });

  it('refuses every session of an account deactivated by its user on the next call', async () => {
    const { t, reader } = nodes();
    const a = await signUp(t);
    const second = await signIn(t, a.email);
    await kept(reader, second);
    const closed = await t.api('PATCH', '/api/auth/users/me/change/', {
      token: a.token,
      body: { current_password: PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(204);
    expect((await me(reader, second)).statusCode).toBe(401);
  });

  it('refuses a team member deactivated by the owner on the next call', async () => {
    const { t, reader } = nodes();
    const { owner, sub } = await ownerWithSubUser(t, { facts: true });
    await kept(reader, sub.token);
    const off = await t.api('PATCH', '/api/auth/authorized-user/update/', {
      token: owner.token,
      body: { id: sub.id, is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(reader, sub.token)).statusCode).toBe(401);
  });

  it('applies a permission taken away on the next call', async () => {
    const { t, reader } = nodes();
    const { owner, sub } = await ownerWithSubUser(t, { developer_tools: true });
    await kept(reader, sub.token, '/api/settings/whitelists/');
    const id = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json<{ id: number }>()
      .id;
    const updated = await t.api('PUT', `/api/auth/permissions/update/${id}/`, {
      token: owner.token,
      body: { user: sub.id, developer_tools: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await reader.api('GET', '/api/settings/whitelists/', { token: sub.token })).statusCode).toBe(403);
  });

  it('asks for the code on the next call once two-factor sign-in is on, and for the password once it is off', async () => {
    const { t, reader } = nodes();
    const a = await signUp(t);
    const proof = async () =>
      (await reader.api('GET', '/api/auth/step-up/', { token: a.token })).json<{ proof: string }>().proof;
    await kept(reader, a.token, '/api/auth/step-up/');
    expect(await proof()).toBe('password');
    const { secret } = (await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token })).json<{
      secret: string;
    }>();
    const on = await t.api('POST', '/api/auth/two-factor/confirm/', {
      token: a.token,
      body: { code: await totp(t, secret) },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await proof()).toBe('code');
    // The password is not a proof any more: a kept session must not take it.
    const withPassword = await reader.api('POST', '/api/auth/step-up/', {
      token: a.token,
      body: { password: PASSWORD },
    });
    expect(withPassword.statusCode).toBe(400);
    const off = await t.api('POST', '/api/auth/two-factor/disable/', {
      token: a.token,
      body: { current_password: PASSWORD },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await proof()).toBe('password');
  });

  it('takes a fresh proof given on one call at once, and an old one no more', async () => {
    const { t, reader } = nodes();
    const a = await signUp(t);
    const whitelist = (name: string) =>
      reader.api('POST', '/api/settings/whitelist/create/', { token: a.token, body: { name, domain: '127.0.0.1' } });
    expect((await whitelist('Fresh')).statusCode).toBe(201);
    t.clock.advance(t.services.config.stepUpMs + MINUTE);
    expect((await whitelist('Stale')).statusCode).toBe(403);
    expect((await whitelist('Stale again')).statusCode).toBe(403);
    const proved = await t.api('POST', '/api/auth/step-up/', { token: a.token, body: { password: PASSWORD } });
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await whitelist('Proved')).statusCode).toBe(201);
  });

  it('answers users/me with a profile changed a moment before', async () => {
    const { t, reader } = nodes();
    const a = await signUp(t);
    await kept(reader, a.token);
    const changed = await t.api('PATCH', '/api/auth/users/me/', { token: a.token, body: { first_name: 'Changed' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(reader, a.token)).json()).toMatchObject({ first_name: 'Changed' });
  });
}
