/**
 * Overrides with the hotel's moderation (issue 13 §2): the allowance per contract and preference,
 * which changes apply at once and which wait (x-moderation tiers), the hotel's review (approve,
 * reject, 409 once decided), overrides laid over the operator's view and never over the hotel's
 * facts or another operator's view, and drift: the hotel changing a field an operator overrides.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { edit, hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import {
  accepted,
  call,
  change,
  expectStatus,
  fieldsOf,
  preferences,
  publish,
  sheet,
  type Json,
} from '../../helpers/fixtures/contracted-operator.js';

const save = (t: TestApp, as: Party['owner'], hotel: number, data: Json, comment?: string) =>
  call(t, as, 'POST', '/api/partners/override-facts/create/', { hotel, data, ...(comment ? { comment } : {}) });
const allowance = async (t: TestApp, as: Party['owner'], hotel: number) =>
  expectStatus(await call(t, as, 'POST', '/api/partners/override-facts/', { hotel }), 200);
const modeOf = (a: Json, field: string) => (a.fields as Json[]).find((f) => f.field === field)?.mode;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`overrides and moderation (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let rival: Party;
    let property: number;
    let contract: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1, { name: 'Sol Hotels' });
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
      rival = await party(t, 'to', { name: 'Rival Tours' });
      property = hotel.properties[0]!;
      await fillFacts(t, hotel.owner.token, property);
      await publish(t, hotel.owner.token, property);
      contract = await accepted(t, hotel.owner, operator.owner, {
        to_edit_facts: 'Y',
        override_moderation: 'M',
        hotel_allows_overrides: false,
      });
      await accepted(t, hotel.owner, rival.owner, { to_edit_facts: 'Y', override_moderation: 'O' });
    });
    afterAll(() => t.stop());

    it('allows nothing while the contract hotel cap does not let the partner override facts', async () => {
      const a = await allowance(t, operator.owner, property);
      expect(a).toMatchObject({
        hotel: property,
        hotel_allows: false,
        edit_facts: 'Y',
        moderation: 1,
        moderation_code: 'M',
      });
      expect(modeOf(a, 'hotel_name')).toBe('none');
      expect(modeOf(a, 'add_operator_logo')).toBe('direct');
      const refused = await save(t, operator.owner, property, { hotel_name: 'Sunny Sol' });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/Hotel name/);
      // An account preference changes nothing for a contract in force; the hotel lifts the cap by amending it.
      await preferences(t, hotel.owner, { partner_override_facts: true });
      expect((await allowance(t, operator.owner, property)).hotel_allows).toBe(false);
      await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
          hotel_allows_overrides: true,
        }),
        201,
      );
      await expectStatus(await edit(t, operator.owner, contract, { status: 'A' }), 200);
    });

    it('applies what the moderation level allows at once and sends the rest to the hotel', async () => {
      const a = await allowance(t, operator.owner, property);
      // Minimum (1): the name at once; distances (2), transport (3), beach (4) wait.
      expect([
        modeOf(a, 'hotel_name'),
        modeOf(a, 'location.distance_to_shopping'),
        modeOf(a, 'location.train_available'),
        modeOf(a, 'location.beach_is_private'),
      ]).toEqual(['direct', 'approval', 'approval', 'approval']);
      const res = await save(
        t,
        operator.owner,
        property,
        { hotel_name: 'Sunny Sol Beach', location: { distance_to_shopping: 3, beach_is_private: false } },
        'Our guests walk',
      );
      const state = await expectStatus(res, 201);
      expect(state.data).toMatchObject({
        hotel_name: 'Sunny Sol Beach',
        location: { distance_to_shopping: 3, beach_is_private: false },
      });
      const byField = new Map((state.overrides as Json[]).map((o) => [o.field, o]));
      expect(byField.get('hotel_name')).toMatchObject({
        status: 'approved',
        value: 'Sunny Sol Beach',
        hotel_value: 'Sol Hotels 1',
        operator_name: 'Blue Sky Tours',
      });
      expect(byField.get('location.distance_to_shopping')).toMatchObject({
        status: 'pending',
        value: 3,
        comment: 'Our guests walk',
      });
      expect(byField.get('location.beach_is_private')).toMatchObject({ status: 'pending', value_text: 'No' });

      // The operator's view: the name applies, the pending ones do not yet.
      const view = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect(view.property).toMatchObject({ hotel_name: 'Sunny Sol Beach', hotel_own_name: 'Sol Hotels 1' });
      expect(view.sheet.property.name).toBe('Sunny Sol Beach');
      expect(view.overrides).toMatchObject({ pending: 2, approved: 1 });
      expect(fieldsOf(view).get('location.beach_is_private')?.value).toBe('Yes');
      // The hotel's facts and the rival's view are untouched.
      expect((await t.api('GET', '/api/facts/properties/', { token: hotel.owner.token })).json()[0].hotel_name).toBe(
        'Sol Hotels 1',
      );
      expect((await expectStatus(await sheet(t, rival.owner, property), 200)).property.hotel_name).toBe('Sol Hotels 1');
      expect(
        (await expectStatus(await call(t, rival.owner, 'GET', `/api/partners/override-facts/get/${property}/`), 200))
          .overrides,
      ).toEqual([]);
      // The hotel's bell: a review waits.
      const bell = (await t.api('GET', '/api/notification/', { token: hotel.owner.token })).json() as Json[];
      expect(bell.find((n) => n.notification_type === 'override_pending')?.message).toBe(
        'Blue Sky Tours asks you to review 2 changes of Sol Hotels 1',
      );
    });

    it('lets the hotel approve or reject, once; the operator sees the outcome and the view follows', async () => {
      // The member with the facts flag is allowed the property; the other member is not.
      await expectStatus(
        await call(t, hotel.owner, 'PUT', `/api/auth/permissions/update/${hotel.withoutFlag.id}/`, {
          user: hotel.withoutFlag.id,
          facts: true,
          properties_allowed: [property],
        }),
        200,
      );
      const pending = await expectStatus(
        await call(t, hotel.withoutFlag, 'GET', `/api/partners/override-reviews/?property=${property}`),
        200,
      );
      expect(pending.count).toBe(2);
      const [a, b] = pending.results as Json[];
      const shopping = [a, b].find((o) => o!.field === 'location.distance_to_shopping')!;
      const privateBeach = [a, b].find((o) => o!.field === 'location.beach_is_private')!;
      // A member needs the facts flag to decide (the party's withoutFlag member has facts; withFlag has only partner_connections).
      expect(
        (
          await call(t, hotel.withFlag, 'POST', `/api/partners/override-reviews/${shopping.id}/`, {
            decision: 'approve',
          })
        ).status,
      ).toBe(403);
      await expectStatus(
        await call(t, hotel.withoutFlag, 'POST', `/api/partners/override-reviews/${shopping.id}/`, {
          decision: 'approve',
          comment: 'Fair',
        }),
        200,
      );
      const rejected = await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/partners/override-reviews/${privateBeach.id}/`, {
          decision: 'reject',
          comment: 'It is private',
        }),
        200,
      );
      expect(rejected).toMatchObject({ status: 'rejected', decision_comment: 'It is private' });
      expect(
        (
          await call(t, hotel.owner, 'POST', `/api/partners/override-reviews/${privateBeach.id}/`, {
            decision: 'approve',
          })
        ).status,
      ).toBe(409);
      // Another account's override: 404, whatever the id.
      expect(
        (await call(t, rival.owner, 'POST', `/api/partners/override-reviews/${shopping.id}/`, { decision: 'reject' }))
          .status,
      ).toBe(403);
      const otherHotel = await party(t, 'accommodation');
      expect(
        (
          await call(t, otherHotel.owner, 'POST', `/api/partners/override-reviews/${shopping.id}/`, {
            decision: 'reject',
          })
        ).status,
      ).toBe(404);

      // Both trails record it: the hotel's decisions, the operator's changes and their outcome.
      const trail = async (as: Party['owner']) =>
        (
          ((await t.api('GET', '/api/settings/audit-trail/?kind=overrides', { token: as.token })).json() as Json)
            .results as Json[]
        ).map((e) => e.summary);
      expect(await trail(hotel.owner)).toEqual(
        expect.arrayContaining([
          "Approved a partner's change of Distance to shopping",
          "Rejected a partner's change of Private beach",
        ]),
      );
      expect(await trail(operator.owner)).toEqual(
        expect.arrayContaining([
          'The hotel approved your change of Distance to shopping',
          `Overrides of property ${property}: 3 change(s), 2 waiting for the hotel's approval`,
        ]),
      );
      // The operator hears both outcomes.
      const told = (
        (await t.api('GET', '/api/notification/', { token: operator.withFlag.token })).json() as Json[]
      ).map((n) => `${n.notification_type}: ${n.message}`);
      expect(told).toEqual(
        expect.arrayContaining(['override_rejected: Sol Hotels 1 rejected your change of Private beach']),
      );
      expect(
        told.some((m) => m.startsWith('override_approved: Sol Hotels 1 approved your change of Distance to shopping')),
      ).toBe(true);
      const view = await expectStatus(await sheet(t, operator.owner, property), 200);
      const fields = fieldsOf(view);
      expect(fields.get('location.distance_to_shopping')).toMatchObject({
        value: expect.stringMatching(/^3\b/),
        hotel_value: expect.stringMatching(/^12\.5\b/),
      });
      expect(fields.get('location.beach_is_private')).toMatchObject({ value: 'Yes', hotel_value: null });
      const all = await expectStatus(
        await call(t, hotel.owner, 'GET', `/api/partners/override-reviews/?status=all&property=${property}`),
        200,
      );
      expect((all.results as Json[]).map((o) => o.status).sort()).toEqual(['approved', 'approved', 'rejected']);
    });

    it('waits for every change when the contract says only with approval (O), refuses all with N', async () => {
      await call(t, operator.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
        to_edit_facts: 'O',
      });
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A' }), 200);
      expect(modeOf(await allowance(t, operator.owner, property), 'hotel_name')).toBe('approval');
      const state = await expectStatus(
        await save(t, operator.owner, property, { hotel_name: 'Sunny Sol', location: { distance_to_shopping: 3 } }),
        201,
      );
      const name = (state.overrides as Json[]).filter((o) => o.field === 'hotel_name');
      // The approved name stays in force while the new one waits.
      expect(name.map((o) => o.status)).toEqual(['pending', 'approved']);
      expect((await expectStatus(await sheet(t, operator.owner, property), 200)).property.hotel_name).toBe(
        'Sunny Sol Beach',
      );

      await call(t, operator.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
        to_edit_facts: 'N',
      });
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A' }), 200);
      expect(
        (await save(t, operator.owner, property, { hotel_name: 'Other', location: { distance_to_shopping: 3 } }))
          .status,
      ).toBe(403);
      // Withdrawing stays possible: a field left out is no longer overridden.
      const cleared = await expectStatus(await save(t, operator.owner, property, { location: {} }), 201);
      expect(cleared.data).toMatchObject({ hotel_name: null, location: {} });
      expect((await expectStatus(await sheet(t, operator.owner, property), 200)).property.hotel_name).toBe(
        'Sol Hotels 1',
      );
    });

    it('caps the level with the contract hotel cap and checks values with the location schema', async () => {
      await call(t, operator.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
        to_edit_facts: 'Y',
        override_moderation: 'O',
      });
      // The hotel accepts the amendment and sets its cap as it accepts.
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A', hotel_moderation_cap: 'R' }), 200);
      const capped = await allowance(t, operator.owner, property);
      expect(capped).toMatchObject({ moderation: 2, moderation_code: 'R' });
      expect([modeOf(capped, 'location.distance_to_shopping'), modeOf(capped, 'location.train_available')]).toEqual([
        'direct',
        'approval',
      ]);
      const bad = await save(t, operator.owner, property, { location: { distance_to_shopping: -4 } });
      expect(bad.status).toBe(400);
      expect(bad.body.data.location).toHaveProperty('distance_to_shopping');
      const unknown = await save(t, operator.owner, property, { location: { moon_distance: 1 } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.data.location.moon_distance).toEqual(['Not a field of the location section.']);
      // Nothing was stored by the refused saves.
      expect(
        (await expectStatus(await call(t, operator.owner, 'GET', `/api/partners/override-facts/get/${property}/`), 200))
          .data.location,
      ).toEqual({});
    });

    it('marks drift when the hotel changes a field the operator overrides, tells the operator, and re-sending keeps it', async () => {
      await expectStatus(await save(t, operator.owner, property, { location: { distance_to_shopping: 3 } }), 201);
      await change(t, hotel.owner.token, property, 'location', { distance_to_shopping: 40 });
      await publish(t, hotel.owner.token, property);
      const state = await expectStatus(
        await call(t, operator.owner, 'GET', `/api/partners/override-facts/get/${property}/`),
        200,
      );
      const live = (state.overrides as Json[]).find(
        (o) => o.field === 'location.distance_to_shopping' && o.status === 'approved',
      )!;
      expect(live).toMatchObject({ value: 3, hotel_value: 12.5, drift_value: 40 });
      expect(live.drift_at).not.toBeNull();
      const view = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect(fieldsOf(view).get('location.distance_to_shopping')).toMatchObject({
        drift_value: expect.stringMatching(/^40\b/),
      });
      expect(view.overrides.drift).toBe(1);
      const bell = (await t.api('GET', '/api/notification/', { token: operator.withFlag.token })).json() as Json[];
      expect(bell.find((n) => n.notification_type === 'override_drift')?.message).toBe(
        'Sol Hotels 1 changed Distance to shopping, which you override',
      );
      // Saving other changes leaves it marked; keeping it against the hotel's new value clears the drift.
      const still = await expectStatus(
        await save(t, operator.owner, property, { hotel_name: 'Sunny', location: { distance_to_shopping: 3 } }),
        201,
      );
      expect(
        (still.overrides as Json[]).find((o) => o.field === 'location.distance_to_shopping' && o.status === 'approved'),
      ).toMatchObject({ drift_value: 40 });
      const kept = await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/override-facts/create/', {
          hotel: property,
          data: { location: { distance_to_shopping: 3 } },
          keep: ['location.distance_to_shopping'],
        }),
        201,
      );
      expect(
        (kept.overrides as Json[]).find((o) => o.field === 'location.distance_to_shopping' && o.status === 'approved'),
      ).toMatchObject({ hotel_value: 40, drift_value: null });
    });
  });
}
