/**
 * Issue 17 §1 gap check: every contract move tells the other side (proposed, countered,
 * accepted, rejected, withdrawn, cancelled), linked to the contract, and never the side that made
 * the move nor any other account.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import {
  call,
  edit,
  expectStatus,
  party,
  propose,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';

const bell = async (t: TestApp, as: Party['owner']) =>
  ((await call(t, as, 'GET', '/api/notification/')).body as unknown as Json[]).map(
    (n) => `${n.notification_type}: ${n.message}`,
  );

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`contract events tell the other side (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party;
    let operator: Party;
    let stranger: Party;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await party(t, 'accommodation', { name: 'Fig Hotel' });
      operator = await party(t, 'to', { name: 'Pine Tours' });
      stranger = await party(t, 'to', { name: 'Elm Tours' });
    });
    afterAll(() => t.stop());

    it('proposed, countered, accepted, cancelled; then proposed and rejected; proposed and withdrawn', async () => {
      const c = await propose(t, operator.owner, hotel.owner.id);
      await expectStatus(await edit(t, hotel.owner, c.id, { comment: 'one more thing' }), 200);
      await expectStatus(await edit(t, operator.owner, c.id, { status: 'A' }), 200);
      await expectStatus(await edit(t, hotel.owner, c.id, { status: 'X' }), 200);
      const r = await propose(t, operator.owner, hotel.owner.id);
      await expectStatus(await edit(t, hotel.owner, r.id, { status: 'R' }), 200);
      const w = await propose(t, hotel.owner, operator.owner.id);
      await expectStatus(await edit(t, hotel.owner, w.id, { status: 'X' }), 200);

      expect(await bell(t, hotel.owner)).toEqual(
        [
          'partnership_request: Pine Tours proposed a contract',
          'partnership_change: Pine Tours accepted the contract',
          'partnership_request: Pine Tours proposed a contract',
        ].reverse(),
      );
      expect(await bell(t, operator.owner)).toEqual(
        [
          'partnership_change: Fig Hotel sent a counter-proposal',
          'partnership_change: Fig Hotel cancelled the contract',
          'partnership_change: Fig Hotel rejected the contract proposal',
          'partnership_request: Fig Hotel proposed a contract',
          'partnership_change: Fig Hotel withdrew its contract proposal',
        ].reverse(),
      );
      const links = ((await call(t, operator.owner, 'GET', '/api/notification/')).body as unknown as Json[]).map(
        (n) => n.link,
      );
      expect(links.every((l: string) => /^\/contract-view\/\d+$/.test(l))).toBe(true);
      for (const who of [stranger.owner, stranger.withFlag, stranger.withoutFlag])
        expect(await bell(t, who)).toEqual([]);
      // Members without partner_connections are not told of contract moves.
      expect(await bell(t, hotel.withoutFlag)).toEqual([]);
      expect((await bell(t, hotel.withFlag)).length).toBe(3);
    });
  });
}
