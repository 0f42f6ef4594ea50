import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, PASSWORD, signIn, signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';

/**
 * A session read on one request may be kept for the next ones (SQLite: the process is the only
 * writer), but never past a change: each of these is refused or seen on the very next call, with
 * the session used just before (so a kept copy would have been there to answer).
 */
for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`sessions kept between requests (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const me = (token: string) => t.api('GET', '/api/auth/users/me/', { token });

    it('refuses a session ended from another session at once', async () => {
      const a = await signUp(t);
      const other = await signIn(t, a.email);
      expect((await me(other)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(200);
      const list = await t.api('GET', '/api/auth/sessions/', { token: a.token });
      const ended = list.json<{ id: number; current: boolean }[]>().filter((s) => !s.current);
      expect(ended).toHaveLength(1);
      const del = await t.api('DELETE', `/api/auth/sessions/${ended[0]!.id}/`, { token: a.token });
      expect(del.statusCode).toBe(204);
      const refused = await me(other);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'Invalid token.' });
      expect((await me(a.token)).statusCode).toBe(200);
    });

    it('refuses a signed-out session at once', async () => {
      const a = await signUp(t);
      expect((await me(a.token)).statusCode).toBe(200);
      expect((await t.api('POST', '/api/auth/token/logout/', { token: a.token })).statusCode).toBe(204);
      expect((await me(a.token)).statusCode).toBe(401);
    });

    it('applies a permission taken away on the next call of the team member', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { developer_tools: true });
      const read = () => t.api('GET', '/api/settings/whitelists/', { token: sub.token });
      expect((await read()).statusCode).toBe(200);
      expect((await read()).statusCode).toBe(200);
      const perms = await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token });
      const id = perms.json<{ id: number }>().id;
      const updated = await t.api('PUT', `/api/auth/permissions/update/${id}/`, {
        token: owner.token,
        body: { user: sub.id, developer_tools: false },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await read()).statusCode).toBe(403);
    });

    it('ends the other sessions at once when the password changes', async () => {
      const a = await signUp(t);
      const other = await signIn(t, a.email);
      expect((await me(other)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(200);
      const changed = await t.api('POST', '/api/auth/users/set_password/', {
        token: a.token,
        body: { current_password: PASSWORD, new_password: 'Another-Horse-77', re_new_password: 'Another-Horse-77' },
      });
      expect(changed.statusCode, changed.body).toBe(204);
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(a.token)).statusCode).toBe(200);
    });

    it('applies a property taken out of a team member’s scope on the next call', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const kept = await createProperty(t, owner.token, { hotel_name: 'Kept' });
      const taken = await createProperty(t, owner.token, { hotel_name: 'Taken' });
      const perms = await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token });
      const id = perms.json<{ id: number }>().id;
      const scope = async (properties: number[]) => {
        const res = await t.api('PUT', `/api/auth/permissions/update/${id}/`, {
          token: owner.token,
          body: { user: sub.id, facts: true, properties_allowed: properties },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      const rooms = (property: number) => t.api('GET', `/api/facts/rooms/${property}/`, { token: sub.token });
      await scope([kept.id, taken.id]);
      expect((await rooms(taken.id)).statusCode).toBe(200);
      expect((await rooms(taken.id)).statusCode).toBe(200);
      await scope([kept.id]);
      expect((await rooms(taken.id)).statusCode).toBe(404);
      expect((await rooms(kept.id)).statusCode).toBe(200);
    });

    it('answers users/me with a profile changed a moment before', async () => {
      const a = await signUp(t);
      expect((await me(a.token)).json()).toMatchObject({ first_name: 'Test' });
      const changed = await t.api('PATCH', '/api/auth/users/me/', { token: a.token, body: { first_name: 'Changed' } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await me(a.token)).json()).toMatchObject({ first_name: 'Changed' });
    });
  });
}
