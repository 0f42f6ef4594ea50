import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { sessionChangeCases } from '../../helpers/session-changes.js';

/**
 * A session read on one request is kept for the next ones (SQLite: the process counts its own
 * writes; PostgreSQL: the session epoch the database moves with every change), but never past a
 * change: each of these is refused or seen on the very next call, with the session used just
 * before (so a kept copy would have been there to answer). Across nodes: tests/server/scale/session-nodes.test.ts.
 */
for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`sessions kept between requests (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const me = (token: string) => t.api('GET', '/api/auth/users/me/', { token });

    sessionChangeCases(() => ({ t, reader: t }));

    it('keeps a session: a second call reads no session row (PostgreSQL: the epoch alone)', async () => {
      const a = await signUp(t);
      const kysely = t.services.db.kysely;
      const sent: string[] = [];
      const original = kysely.executeQuery.bind(kysely);
      const spy = vi.spyOn(kysely, 'executeQuery').mockImplementation((query, queryId) => {
        sent.push('sql' in query ? query.sql : query.compile().sql);
        return original(query, queryId);
      });
      try {
        expect((await me(a.token)).statusCode).toBe(200);
        expect(sent.some((q) => q.includes('auth_tokens'))).toBe(true);
        sent.length = 0;
        expect((await me(a.token)).statusCode).toBe(200);
        expect(sent.filter((q) => /auth_tokens|users|permissions/.test(q))).toEqual([]);
        expect(sent.filter((q) => q.includes('session_epoch'))).toHaveLength(dialect === 'postgres' ? 1 : 0);
      } finally {
        spy.mockRestore();
      }
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
  });
}
