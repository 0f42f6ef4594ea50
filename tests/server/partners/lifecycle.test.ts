/**
 * Every transition of the contract lifecycle (docs/api-and-partners.md, "Contract lifecycle"), tried by every actor:
 * the side's owner, its member with partner_connections, its member without, the counterparty
 * and a stranger, each with the status it must get; a refused move leaves the contract as it was.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import type { Account } from '../../helpers/accounts.js';
import {
  call,
  create,
  edit,
  expectStatus,
  hotelWithProperties,
  party,
  remove,
  version,
  view,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';

type State = 'D' | 'P' | 'C' | 'A' | 'amending' | 'R' | 'X';
type Actor = 'owner' | 'withFlag' | 'withoutFlag' | 'counterparty' | 'stranger';
type Side = 'hotel' | 'operator';

interface Transition {
  name: string;
  from: State;
  /** The side whose move it is (its owner and flagged member succeed). */
  by: Side;
  request: (t: TestApp, as: Account, id: number) => Promise<{ status: number; body: Json }>;
  ok: number;
  /** What the counterparty gets (404: it cannot see the contract). */
  counterparty: number;
  /** The status afterwards (null: gone). */
  to: string | null;
}

const act = (body: Json) => (t: TestApp, as: Account, id: number) => edit(t, as, id, body);
const newVersion = (body: Json) => (t: TestApp, as: Account, id: number) => version(t, as, id, body);
const del = (t: TestApp, as: Account, id: number) => remove(t, as, id);

const TRANSITIONS: Transition[] = [
  {
    name: 'save a draft',
    from: 'D',
    by: 'hotel',
    request: act({ comment: 'changed' }),
    ok: 200,
    counterparty: 404,
    to: 'D',
  },
  { name: 'send a draft', from: 'D', by: 'hotel', request: act({ status: 'P' }), ok: 200, counterparty: 404, to: 'P' },
  { name: 'delete a draft', from: 'D', by: 'hotel', request: del, ok: 204, counterparty: 404, to: null },
  {
    name: 'accept a proposal',
    from: 'P',
    by: 'operator',
    request: act({ status: 'A' }),
    ok: 200,
    counterparty: 409,
    to: 'A',
  },
  {
    name: 'reject a proposal',
    from: 'P',
    by: 'operator',
    request: act({ status: 'R' }),
    ok: 200,
    counterparty: 409,
    to: 'R',
  },
  {
    name: 'counter a proposal',
    from: 'P',
    by: 'operator',
    request: act({ to_add_own_photos: 'N' }),
    ok: 200,
    counterparty: 409,
    to: 'C',
  },
  {
    name: 'counter through a new version',
    from: 'P',
    by: 'operator',
    request: newVersion({ ss_deadline: 24 }),
    ok: 201,
    counterparty: 409,
    to: 'C',
  },
  {
    name: 'withdraw a proposal',
    from: 'P',
    by: 'hotel',
    request: act({ status: 'X' }),
    ok: 200,
    counterparty: 409,
    to: 'X',
  },
  {
    name: 'accept a counter-proposal',
    from: 'C',
    by: 'hotel',
    request: act({ status: 'A' }),
    ok: 200,
    counterparty: 409,
    to: 'A',
  },
  {
    name: 'reject a counter-proposal',
    from: 'C',
    by: 'hotel',
    request: act({ status: 'R' }),
    ok: 200,
    counterparty: 409,
    to: 'R',
  },
  {
    name: 'counter a counter-proposal',
    from: 'C',
    by: 'hotel',
    request: act({ notice_period: 30 }),
    ok: 200,
    counterparty: 409,
    to: 'C',
  },
  {
    name: 'cancel an accepted contract (hotel)',
    from: 'A',
    by: 'hotel',
    request: act({ status: 'X' }),
    ok: 200,
    counterparty: 200,
    to: 'X',
  },
  {
    name: 'cancel an accepted contract (operator)',
    from: 'A',
    by: 'operator',
    request: act({ status: 'X' }),
    ok: 200,
    counterparty: 200,
    to: 'X',
  },
  {
    name: 'amend an accepted contract',
    from: 'A',
    by: 'operator',
    request: newVersion({ to_edit_facts: 'O' }),
    ok: 201,
    counterparty: 201,
    to: 'P',
  },
  {
    name: 'amend by an edit with changed terms',
    from: 'A',
    by: 'hotel',
    request: act({ contract_terms: 'C' }),
    ok: 200,
    counterparty: 200,
    to: 'P',
  },
  {
    name: 'accept an amendment',
    from: 'amending',
    by: 'operator',
    request: act({ status: 'A' }),
    ok: 200,
    counterparty: 200,
    to: 'A',
  },
  {
    name: 'reject an amendment',
    from: 'amending',
    by: 'operator',
    request: act({ status: 'R' }),
    ok: 200,
    counterparty: 409,
    to: 'A',
  },
  {
    name: 'withdraw an amendment',
    from: 'amending',
    by: 'hotel',
    request: act({ status: 'A' }),
    ok: 200,
    counterparty: 200,
    to: 'A',
  },
  {
    name: 'counter an amendment',
    from: 'amending',
    by: 'operator',
    request: act({ comment: 'not quite' }),
    ok: 200,
    counterparty: 409,
    to: 'C',
  },
  {
    name: 'cancel while an amendment is discussed',
    from: 'amending',
    by: 'operator',
    request: act({ status: 'X' }),
    ok: 200,
    counterparty: 200,
    to: 'X',
  },
];

/** Moves nobody may make: 409 for both sides (a draft's partner cannot see it: 404). */
const REFUSED: { name: string; from: State; request: Transition['request']; hotel: number; operator: number }[] = [
  { name: 'accept a draft', from: 'D', request: act({ status: 'A' }), hotel: 409, operator: 404 },
  { name: 'send what is pending already', from: 'P', request: act({ status: 'P' }), hotel: 409, operator: 400 },
  { name: 'delete a pending contract', from: 'P', request: del, hotel: 409, operator: 409 },
  { name: 'delete an accepted contract', from: 'A', request: del, hotel: 409, operator: 409 },
  { name: 'accept an accepted contract', from: 'A', request: act({ status: 'A' }), hotel: 409, operator: 409 },
  { name: 'reject an accepted contract', from: 'A', request: act({ status: 'R' }), hotel: 409, operator: 409 },
  { name: 'new version of a draft', from: 'D', request: newVersion({ comment: 'x' }), hotel: 409, operator: 404 },
  { name: 'act on a rejected contract', from: 'R', request: act({ status: 'A' }), hotel: 409, operator: 409 },
  { name: 'change a rejected contract', from: 'R', request: act({ comment: 'again?' }), hotel: 409, operator: 409 },
  { name: 'act on a cancelled contract', from: 'X', request: act({ status: 'X' }), hotel: 409, operator: 409 },
  {
    name: 'amend a cancelled contract',
    from: 'X',
    request: newVersion({ comment: 'again?' }),
    hotel: 409,
    operator: 409,
  },
];

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`contract lifecycle (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let strangers: Account[];
    const live: number[] = [];

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 2);
      operator = await party(t, 'to');
      strangers = [(await party(t, 'accommodation')).owner, (await party(t, 'to')).owner];
    });
    afterAll(() => t.stop());

    /** End whatever contract between the pair is still live, so a new one may start. */
    async function clear(): Promise<void> {
      for (const id of live.splice(0)) {
        const c = await view(t, hotel.owner, id);
        if (c.status === 404) continue;
        const s = c.body.status as string;
        if (s === 'D') await expectStatus(await remove(t, hotel.owner, id), 204);
        else if (s === 'A' || c.body.in_force) {
          if (s !== 'X') await expectStatus(await edit(t, hotel.owner, id, { status: 'X' }), 200);
        } else if (s === 'P' || s === 'C') {
          const mine = c.body.turn === hotel.owner.id;
          await expectStatus(await edit(t, hotel.owner, id, { status: mine ? 'R' : 'X' }), 200);
        }
      }
    }

    /** A contract between the hotel and the operator in the given state (the hotel proposes). */
    async function bring(state: State): Promise<number> {
      await clear();
      const started = await create(t, hotel.owner, {
        partner: operator.owner.id,
        status: state === 'D' ? 'D' : 'P',
        all_properties: false,
        properties: [hotel.properties[0]],
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const id = started.body.id as number;
      live.push(id);
      if (state === 'C') await expectStatus(await edit(t, operator.owner, id, { notice_period: 10 }), 200);
      if (state === 'A' || state === 'amending' || state === 'X')
        await expectStatus(await edit(t, operator.owner, id, { status: 'A' }), 200);
      if (state === 'amending')
        await expectStatus(await version(t, hotel.owner, id, { properties: hotel.properties }), 201);
      if (state === 'R') await expectStatus(await edit(t, operator.owner, id, { status: 'R' }), 200);
      if (state === 'X') await expectStatus(await edit(t, hotel.owner, id, { status: 'X' }), 200);
      expect((await view(t, hotel.owner, id)).body.status).toBe(
        { D: 'D', P: 'P', C: 'C', A: 'A', amending: 'P', R: 'R', X: 'X' }[state],
      );
      return id;
    }

    const sideOf = (side: Side): Party => (side === 'hotel' ? hotel : operator);
    const otherSide = (side: Side): Side => (side === 'hotel' ? 'operator' : 'hotel');
    const accountOf = (side: Side, actor: Actor): Account => {
      if (actor === 'counterparty') return sideOf(otherSide(side)).owner;
      if (actor === 'stranger') return strangers[side === 'hotel' ? 0 : 1]!;
      return sideOf(side)[actor];
    };

    for (const tr of TRANSITIONS) {
      it(`${tr.name}: ${tr.from} → ${tr.to ?? 'deleted'} by the ${tr.by}`, async () => {
        // Those refused first, on one contract that must not change.
        const id = await bring(tr.from);
        const before = (await view(t, hotel.owner, id)).body;
        const refused: [Actor, number][] = [
          ['stranger', 404],
          ['withoutFlag', 403],
        ];
        if (tr.counterparty !== 200 && tr.counterparty !== 201) refused.push(['counterparty', tr.counterparty]);
        for (const [actor, status] of refused) {
          const res = await tr.request(t, accountOf(tr.by, actor), id);
          expect(res.status, `${actor}: ${JSON.stringify(res.body)}`).toBe(status);
          if (status === 409) {
            expect(res.body.status).toBe(before.status);
            expect(typeof res.body.error).toBe('string');
          }
        }
        expect((await view(t, hotel.owner, id)).body).toEqual(before);
        // Then each actor that may, each on a contract of its own.
        const allowed: Actor[] = ['owner', 'withFlag'];
        if (tr.counterparty === 200 || tr.counterparty === 201) allowed.push('counterparty');
        for (const actor of allowed) {
          const cid = actor === 'owner' ? id : await bring(tr.from);
          const res = await tr.request(t, accountOf(tr.by, actor), cid);
          expect(res.status, `${actor}: ${JSON.stringify(res.body)}`).toBe(tr.ok);
          const after = await view(t, hotel.owner, cid);
          if (tr.to === null) expect(after.status).toBe(404);
          else expect(after.body.status, actor).toBe(tr.to);
        }
      });
    }

    for (const r of REFUSED) {
      it(`refuses to ${r.name}`, async () => {
        const id = await bring(r.from);
        const before = (await view(t, hotel.owner, id)).body;
        for (const [as, status] of [
          [hotel.owner, r.hotel],
          [operator.owner, r.operator],
        ] as const) {
          const res = await r.request(t, as, id);
          expect(res.status, JSON.stringify(res.body)).toBe(status);
        }
        expect((await view(t, hotel.owner, id)).body).toEqual(before);
      });
    }

    it('keeps every version with who proposed it, its terms and the diff against the one before', async () => {
      const id = await bring('P');
      await expectStatus(
        await edit(t, operator.withFlag, id, { to_select_photos: 'E', ss_deadline: 48, version: 1 }),
        200,
      );
      const accepted = await expectStatus(await edit(t, hotel.withFlag, id, { status: 'A', version: 2 }), 200);
      expect(accepted.versions.map((v: Json) => [v.number, v.kind, v.status, v.proposed_by, v.outcome])).toEqual([
        [1, 'proposal', 'P', hotel.owner.id, 'countered'],
        [2, 'counter', 'C', operator.owner.id, 'accepted'],
      ]);
      expect(accepted.versions[1].changes).toEqual([
        {
          field: 'to_select_photos',
          label: "Tour Operator may select photos from accommodation's gallery",
          from: 'A',
          to: 'E',
        },
        { field: 'ss_deadline', label: 'Deadline to apply stop-sale manually', from: 8, to: 48 },
      ]);
      expect(accepted.versions[1].proposed_by_company).toBe(operator.name);
      expect(accepted).toMatchObject({
        status: 'A',
        accepted_version: 2,
        in_force: true,
        to_select_photos: 'E',
        ss_deadline: 48,
      });
      expect(accepted.accepted).toMatchObject({ to_select_photos: 'E', ss_deadline: 48 });
      // An amendment: the accepted terms stay in force, the diff is against them.
      const amended = await expectStatus(await version(t, operator.owner, id, { ss_deadline: 72, version: 2 }), 201);
      expect(amended.detail).toContain('amendment');
      expect(amended.contract).toMatchObject({
        status: 'P',
        version: 3,
        turn: hotel.owner.id,
        ss_deadline: 72,
        accepted_version: 2,
        in_force: true,
      });
      expect(amended.contract.accepted.ss_deadline).toBe(48);
      expect(amended.contract.versions[2].changes).toEqual([
        { field: 'ss_deadline', label: 'Deadline to apply stop-sale manually', from: 48, to: 72 },
      ]);
    });

    it('answers 409 to a move made from a stale screen (version seen)', async () => {
      const id = await bring('P');
      await expectStatus(await edit(t, operator.owner, id, { comment: 'counter', version: 1 }), 200);
      const stale = await edit(t, operator.owner, id, { status: 'X', version: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ status: 'C', version: 2 });
      expect(stale.body.error).toContain('Version 2');
    });

    it('refuses contradictions and bad input with 400, naming the field, with the error field', async () => {
      const id = await bring('P');
      const accept = await edit(t, operator.owner, id, { status: 'A', comment: 'but changed' });
      expect(accept.status).toBe(400);
      expect(typeof accept.body.error).toBe('string');
      const wrong = await edit(t, operator.owner, id, { to_edit_facts: 'maybe' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.to_edit_facts).toBeDefined();
      expect(wrong.body.error).toMatch(/edit facts/i);
      const other = await edit(t, operator.owner, id, { partner: strangers[0]!.id, comment: 'x' });
      expect(other.status).toBe(400);
      expect(other.body.partner).toBeDefined();
      const outside = await edit(t, operator.owner, id, { all_properties: false, properties: [999_999] });
      expect(outside.status).toBe(400);
      expect(outside.body.properties[0]).toContain('999999');
      const none = await edit(t, operator.owner, id, { all_properties: false, properties: [] });
      expect(none.status).toBe(400);
      expect(none.body.properties).toBeDefined();
      // Out-of-range ids and control characters are refused or stored, never a server error.
      for (const body of [
        { properties: [2_147_483_648], all_properties: false },
        { comment: 'a\u0000b' },
        { version: 2_147_483_648 },
        { revision: 2_147_483_648 },
      ]) {
        const res = await edit(t, operator.owner, id, body);
        expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      }
      expect((await create(t, hotel.owner, { partner: 2_147_483_648 })).status).toBe(400);
    });

    it('creates: partner required and of the other type, one live contract per pair, one draft per author', async () => {
      await clear();
      expect((await create(t, hotel.owner, {})).body.partner).toBeDefined();
      expect((await create(t, hotel.owner, { partner: strangers[0]!.id })).status).toBe(400);
      expect((await create(t, hotel.owner, { partner: 999_999 })).status).toBe(400);
      expect((await create(t, hotel.owner, { partner: operator.owner.id, status: 'A' })).body.status).toBeDefined();
      // A member of an operator's team is not a partner: owners are.
      expect((await create(t, hotel.owner, { partner: operator.withFlag.id })).status).toBe(400);
      const draft = await create(t, hotel.owner, { partner: operator.owner.id, status: 'D' });
      expect(draft.status).toBe(201);
      live.push(draft.body.id);
      const second = await create(t, hotel.withFlag, { partner: operator.owner.id, status: 'D' });
      expect(second.status).toBe(409);
      expect(second.body.id).toBe(draft.body.id);
      // The operator cannot see the hotel's draft, and may propose meanwhile.
      const theirs = await create(t, operator.owner, { partner: hotel.owner.id });
      expect(theirs.status).toBe(201);
      live.push(theirs.body.id);
      const again = await create(t, hotel.owner, { partner: operator.owner.id });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ id: theirs.body.id, status: 'P' });
      // Sending the draft now would make two live contracts.
      const send = await edit(t, hotel.owner, draft.body.id, { status: 'P' });
      expect(send.status).toBe(409);
      expect(send.body.id).toBe(theirs.body.id);
      await clear();
    });

    it('lets every member read, and nobody outside the two accounts', async () => {
      const id = await bring('P');
      for (const who of [
        hotel.owner,
        hotel.withFlag,
        hotel.withoutFlag,
        operator.owner,
        operator.withFlag,
        operator.withoutFlag,
      ]) {
        const res = await view(t, who, id);
        expect(res.status).toBe(200);
      }
      expect((await view(t, hotel.withoutFlag, id)).body.actions).toEqual([]);
      expect((await view(t, hotel.owner, id)).body.actions).toEqual(['withdraw']);
      expect((await view(t, operator.withFlag, id)).body.actions).toEqual(['accept', 'reject', 'counter']);
      for (const s of strangers) expect((await view(t, s, id)).status).toBe(404);
      expect((await call(t, hotel.owner, 'GET', '/api/partners/contract/view/2147483648/')).status).toBe(404);
    });
  });
}
