/**
 * Two moves on one contract at once: exactly one wins, the other answers 409 with the status now,
 * and the contract holds the winner's result. Also the guard itself: a move computed from a row
 * that changed since it was read writes nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import type { AuthContext } from '../../../src/server/routing/auth-context.js';
import { makeMove } from '../../../src/server/features/partners/moves.js';
import {
  create,
  edit,
  expectStatus,
  hotelWithProperties,
  party,
  propose,
  version,
  view,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`contracts acted on at once (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1);
      operator = await party(t, 'to');
    });
    afterAll(() => t.stop());

    /** A fresh pending proposal of the hotel (the previous one ended). */
    async function pending(): Promise<number> {
      const list = await t.api('POST', '/api/partners/my-contracts/', { token: hotel.owner.token, body: {} });
      for (const c of list.json<{ results: Json[] }>().results) {
        if (c.status === 'P' || c.status === 'C')
          await edit(t, hotel.owner, c.id, { status: c.turn === hotel.owner.id ? 'R' : 'X' });
        if (c.status === 'A' || (c.in_force && c.status !== 'X')) await edit(t, hotel.owner, c.id, { status: 'X' });
      }
      return (await propose(t, hotel.owner, operator.owner.id)).id as number;
    }

    it('accept and counter by two members of the operator at once: exactly one wins', async () => {
      for (let round = 0; round < 4; round++) {
        const id = await pending();
        // Both screens show revision and version 1, and send them back, as the client does.
        const seen = { version: 1, revision: (await view(t, operator.owner, id)).body.revision };
        const [accept, counter] = await Promise.all([
          edit(t, operator.owner, id, { status: 'A', ...seen }),
          edit(t, operator.withFlag, id, { comment: `counter ${round}`, status: 'C', ...seen }),
        ]);
        expect([accept.status, counter.status].sort()).toEqual([200, 409]);
        const loser = accept.status === 409 ? accept : counter;
        const now = (await view(t, hotel.owner, id)).body;
        expect(loser.body.status).toBe(now.status);
        expect(typeof loser.body.error).toBe('string');
        if (accept.status === 200) expect(now).toMatchObject({ status: 'A', version: 1, accepted_version: 1 });
        else expect(now).toMatchObject({ status: 'C', version: 2, accepted_version: null });
        expect(now.versions).toHaveLength(now.version);
      }
    });

    it('the two sides at once (withdraw against accept, cancel against cancel, amend against amend): one wins', async () => {
      const id = await pending();
      const revision = (await view(t, hotel.owner, id)).body.revision;
      const [withdraw, accept] = await Promise.all([
        edit(t, hotel.owner, id, { status: 'X', revision }),
        edit(t, operator.owner, id, { status: 'A', revision }),
      ]);
      expect([withdraw.status, accept.status].sort()).toEqual([200, 409]);
      const c = (await view(t, hotel.owner, id)).body;
      expect(c.status).toBe(withdraw.status === 200 ? 'X' : 'A');
      const live = await pending();
      await expectStatus(await edit(t, operator.owner, live, { status: 'A' }), 200);
      const both = await Promise.all([
        edit(t, hotel.owner, live, { status: 'X' }),
        edit(t, operator.withFlag, live, { status: 'X' }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      // Two amendments at once: one becomes version 2, the other is refused.
      const amend = await pending();
      await expectStatus(await edit(t, operator.owner, amend, { status: 'A' }), 200);
      const seen = (await view(t, hotel.owner, amend)).body.revision;
      const amendments = await Promise.all([
        version(t, hotel.owner, amend, { comment: 'hotel', status: 'P', revision: seen }),
        version(t, operator.owner, amend, { comment: 'operator', status: 'P', revision: seen }),
      ]);
      expect(amendments.map((r) => r.status).sort()).toEqual([201, 409]);
      expect((await view(t, hotel.owner, amend)).body.versions).toHaveLength(2);
    });

    it('two proposals between the same pair at once: one contract, the other 409 naming it', async () => {
      await pending().then((id) => edit(t, hotel.owner, id, { status: 'X' }));
      const [a, b] = await Promise.all([
        create(t, hotel.owner, { partner: operator.owner.id }),
        create(t, operator.owner, { partner: hotel.owner.id }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const winner = a.status === 201 ? a : b;
      const loser = a.status === 201 ? b : a;
      expect(loser.body.id).toBe(winner.body.id);
      await edit(t, hotel.owner, winner.body.id, { status: winner === a ? 'X' : 'R' });
    });

    it('a move computed from a row that changed since it was read writes nothing (the revision in the WHERE)', async () => {
      const id = await pending();
      const row = await t.services.db.kysely
        .selectFrom('contracts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await expectStatus(await edit(t, operator.owner, id, { status: 'R' }), 200);
      const auth = {
        accountId: operator.owner.id,
        user: { id: operator.owner.id, email: operator.owner.email, accountType: 'to' },
        can: () => true,
      } as unknown as AuthContext;
      await expect(makeMove(t.services, auth, '127.0.0.1', row, 'accept')).rejects.toMatchObject({
        status: 409,
        body: { status: 'R' },
      });
      expect((await view(t, hotel.owner, id)).body).toMatchObject({ status: 'R', accepted_version: null });
    });
  });
}
