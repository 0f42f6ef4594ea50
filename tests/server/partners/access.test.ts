/**
 * The one answer to "may operator O do X with property P?" (features/partners/access.ts): from
 * the accepted contract in force covering P, with its terms; cancellation ends it after the
 * notice period; the list queries agree with the per-property answer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { createProperty } from '../../helpers/properties.js';
import type { AuthContext } from '../../../src/server/routing/auth-context.js';
import {
  contractAccess,
  contractedOperators,
  contractedProperties,
  moderationCode,
  moderationLevel,
  operatorMay,
  requireOperatorAccess,
} from '../../../src/server/features/partners/access.js';
import type { ContractTermsWire } from '../../../src/shared/generated/wire-types.js';
import {
  edit,
  expectStatus,
  hotelWithProperties,
  party,
  propose,
  version,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';

const DAY = 86_400_000;

const operatorAuth = (accountId: number, accountType: 'to' | 'accommodation' = 'to') =>
  ({ accountId, user: { accountType } }) as unknown as AuthContext;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`contract access (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 3);
      operator = await party(t, 'to');
    });
    afterAll(() => t.stop());

    const access = (propertyId: number, op = operator.owner.id) => contractAccess(t.services, op, propertyId);
    const listed = async (op = operator.owner.id) =>
      (await contractedProperties(t.services.db.kysely, op, t.clock.now().toISOString()).execute())
        .map((r) => r.property_id)
        .sort((a, b) => a - b);
    const operatorsOf = async (propertyId: number) =>
      (await contractedOperators(t.services.db.kysely, propertyId, t.clock.now().toISOString()).execute()).map(
        (r) => r.operator_account_id,
      );

    it('grants nothing until a contract covering the property is accepted, then exactly what it covers', async () => {
      const [p1, p2, p3] = hotel.properties as [number, number, number];
      const c = await propose(t, hotel.owner, operator.owner.id, {
        all_properties: false,
        properties: [p1, p2],
        to_edit_facts: 'O',
        override_moderation: 'D',
        to_select_photos: 'E',
      });
      expect(await access(p1)).toBeUndefined();
      await expect(requireOperatorAccess(t.services, operatorAuth(operator.owner.id), p1)).rejects.toMatchObject({
        status: 404,
      });
      // A counter-proposal is not a contract either.
      await expectStatus(await edit(t, operator.owner, c.id, { to_add_own_photos: 'N' }), 200);
      expect(await access(p1)).toBeUndefined();
      await expectStatus(await edit(t, hotel.owner, c.id, { status: 'A' }), 200);
      const a = await access(p1);
      expect(a).toMatchObject({
        contractId: c.id,
        propertyId: p1,
        hotelAccountId: hotel.owner.id,
        operatorAccountId: operator.owner.id,
        status: 'A',
        version: 2,
        endsAt: null,
      });
      expect(a!.terms).toMatchObject({
        to_edit_facts: 'O',
        override_moderation: 'D',
        to_select_photos: 'E',
        to_add_own_photos: 'N',
      });
      expect(await access(p2)).toBeDefined();
      expect(await access(p3)).toBeUndefined();
      expect(await listed()).toEqual([p1, p2]);
      expect(await operatorsOf(p1)).toEqual([operator.owner.id]);
      expect(await operatorsOf(p3)).toEqual([]);
      // The same answer for a member of the operator's team (its account's contract), never for the hotel or a stranger.
      expect((await requireOperatorAccess(t.services, operatorAuth(operator.owner.id), p1)).contractId).toBe(c.id);
      await expect(
        requireOperatorAccess(t.services, operatorAuth(hotel.owner.id, 'accommodation'), p1),
      ).rejects.toMatchObject({ status: 404 });
      const stranger = await party(t, 'to');
      expect(await access(p1, stranger.owner.id)).toBeUndefined();
      expect(await listed(stranger.owner.id)).toEqual([]);
      expect(operatorMay(a!.terms, 'edit_facts')).toBe('approval');
      expect(operatorMay(a!.terms, 'select_photos')).toBe('approval');
      expect(operatorMay(a!.terms, 'add_own_photos')).toBe('no');
      expect(operatorMay(a!.terms, 'sync_stop_sale')).toBe('yes');
      expect(moderationLevel(a!.terms)).toBe(3);

      // An amendment leaves the accepted terms in force until it is accepted.
      await expectStatus(await version(t, hotel.owner, c.id, { properties: [p2, p3], to_edit_facts: 'N' }), 201);
      const during = await access(p1);
      expect(during).toMatchObject({ status: 'P', version: 2 });
      expect(during!.terms.to_edit_facts).toBe('O');
      expect(await access(p3)).toBeUndefined();
      await expectStatus(await edit(t, operator.withFlag, c.id, { status: 'A' }), 200);
      expect(await access(p1)).toBeUndefined();
      const after = await access(p3);
      expect(after).toMatchObject({ status: 'A', version: 3 });
      // Not allowed to edit facts: no moderation (stored null), level 0.
      expect(after!.terms).toMatchObject({ to_edit_facts: 'N', override_moderation: null });
      expect(moderationLevel(after!.terms)).toBe(0);
      expect(await listed()).toEqual([p2, p3]);

      // A deleted property leaves the coverage with it.
      expect(
        (await t.api('DELETE', `/api/facts/property/delete/${p3}/`, { token: hotel.owner.token })).statusCode,
      ).toBe(204);
      expect(await access(p3)).toBeUndefined();
      expect(await listed()).toEqual([p2]);
    });

    it('covers every property of the hotel, also those added later, when the terms say all', async () => {
      const h = await hotelWithProperties(t, 1);
      const op = await party(t, 'to');
      const c = await propose(t, op.owner, h.owner.id);
      await expectStatus(await edit(t, h.owner, c.id, { status: 'A' }), 200);
      const later = (await createProperty(t, h.owner.token, { hotel_name: 'Added later' })).id;
      expect(await access(later, op.owner.id)).toMatchObject({ contractId: c.id });
      expect(await listed(op.owner.id)).toEqual([...h.properties, later]);
      expect(await operatorsOf(later)).toEqual([op.owner.id]);
    });

    it('ends access at the end of the notice period after a cancellation, at once without one', async () => {
      const h = await hotelWithProperties(t, 1);
      const [p] = h.properties as [number];
      const ops = [await party(t, 'to'), await party(t, 'to')];
      const slow = await propose(t, h.owner, ops[0]!.owner.id, { notice_period: 10 });
      const fast = await propose(t, h.owner, ops[1]!.owner.id);
      for (const [i, c] of [slow, fast].entries())
        await expectStatus(await edit(t, ops[i]!.owner, c.id, { status: 'A' }), 200);
      await expectStatus(await edit(t, ops[0]!.owner, slow.id, { status: 'X' }), 200);
      await expectStatus(await edit(t, h.owner, fast.id, { status: 'X' }), 200);
      const during = await access(p, ops[0]!.owner.id);
      expect(during).toMatchObject({ status: 'X', endsAt: new Date(t.clock.now().getTime() + 10 * DAY).toISOString() });
      expect(await access(p, ops[1]!.owner.id)).toBeUndefined();
      expect(await operatorsOf(p)).toEqual([ops[0]!.owner.id]);
      t.clock.advance(10 * DAY - 1);
      expect(await access(p, ops[0]!.owner.id)).toBeDefined();
      t.clock.advance(1);
      expect(await access(p, ops[0]!.owner.id)).toBeUndefined();
      expect(await operatorsOf(p)).toEqual([]);
    });

    it('a new contract accepted during a notice period takes over at once: one contract in force per pair', async () => {
      const h = await hotelWithProperties(t, 2);
      const op = await party(t, 'to');
      const old = await propose(t, h.owner, op.owner.id, { notice_period: 60 });
      await expectStatus(await edit(t, op.owner, old.id, { status: 'A' }), 200);
      await expectStatus(await edit(t, h.owner, old.id, { status: 'X' }), 200);
      expect((await access(h.properties[0]!, op.owner.id))?.contractId).toBe(old.id);
      const renewed = await propose(t, op.owner, h.owner.id, { all_properties: false, properties: [h.properties[1]] });
      await expectStatus(await edit(t, h.owner, renewed.id, { status: 'A' }), 200);
      expect(await access(h.properties[0]!, op.owner.id)).toBeUndefined();
      expect((await access(h.properties[1]!, op.owner.id))?.contractId).toBe(renewed.id);
      expect(await listed(op.owner.id)).toEqual([h.properties[1]]);
    });

    it('rejected and withdrawn proposals grant nothing', async () => {
      const h = await hotelWithProperties(t, 1);
      const op = await party(t, 'to');
      const rejected = await propose(t, h.owner, op.owner.id);
      await expectStatus(await edit(t, op.owner, rejected.id, { status: 'R' }), 200);
      const withdrawn = await propose(t, op.owner, h.owner.id);
      await expectStatus(await edit(t, op.owner, withdrawn.id, { status: 'X' }), 200);
      expect(await access(h.properties[0]!, op.owner.id)).toBeUndefined();
      expect(await listed(op.owner.id)).toEqual([]);
    });

    it('maps the codes: Y/A yes, O/E with approval, N no; moderation 0..5 as null, M, R, D, A, O', () => {
      const terms = {
        to_edit_facts: 'Y',
        to_add_its_logo: 'O',
        remove_property_logo: 'N',
        to_select_photos: 'A',
        to_add_own_photos: 'O',
        to_sync_ss: 'N',
        to_allow_on_request: 'Y',
        override_moderation: 'O',
      } as ContractTermsWire;
      expect(operatorMay(terms, 'edit_facts')).toBe('yes');
      expect(operatorMay(terms, 'add_logo')).toBe('approval');
      expect(operatorMay(terms, 'remove_property_logo')).toBe('no');
      expect(operatorMay(terms, 'select_photos')).toBe('yes');
      expect(operatorMay({ ...terms, to_select_photos: 'N' }, 'select_photos')).toBe('no');
      expect(operatorMay(terms, 'add_own_photos')).toBe('approval');
      expect(operatorMay(terms, 'sync_stop_sale')).toBe('no');
      expect(operatorMay(terms, 'allow_on_request')).toBe('yes');
      expect([0, 1, 2, 3, 4, 5].map(moderationCode)).toEqual([null, 'M', 'R', 'D', 'A', 'O']);
      expect(
        [null, 'M', 'R', 'D', 'A', 'O'].map((m) =>
          moderationLevel({ ...terms, override_moderation: m as ContractTermsWire['override_moderation'] }),
        ),
      ).toEqual([0, 1, 2, 3, 4, 5]);
    });
  });
}
