/**
 * The hotel's caps on partners are terms of each contract (issue 25 §2): an accepted contract's
 * grants apply without another setting; the hotel chooses its caps when it proposes, counters or
 * accepts (its preferences are only the defaults of new contracts); the operator sees them and
 * cannot change them; migration 0030 keeps the effect of a preference the hotel chose itself.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moveCapsIntoContracts as migrateCaps } from '../../../src/server/db/migrations/0030-contract-caps-burst-detail.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { accepted, preferences } from '../../helpers/fixtures/contracted-operator.js';
import {
  call,
  create,
  edit,
  expectStatus,
  hotelWithProperties,
  party,
  propose,
  view,
  type Json,
  type Party,
} from '../../helpers/fixtures/contract-parties.js';

const allowance = async (t: TestApp, as: Party['owner'], hotel: number) =>
  expectStatus(await call(t, as, 'POST', '/api/partners/override-facts/', { hotel }), 200);
const modeOf = (a: Json, field: string) => (a.fields as Json[]).find((f) => f.field === field)?.mode;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the hotel's caps are contract terms (${dialect})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('lets an accepted contract allowing overrides work at once, whatever the untouched preference says', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      // The operator proposes; the hotel accepts as proposed; nobody opens the settings.
      const c = await propose(t, operator.owner, hotel.owner.id, { to_edit_facts: 'Y', override_moderation: 'M' });
      expect(c).toMatchObject({ hotel_allows_overrides: true, hotel_moderation_cap: null });
      await expectStatus(await edit(t, hotel.owner, c.id as number, { status: 'A' }), 200);
      const a = await allowance(t, operator.owner, hotel.properties[0]!);
      expect(a).toMatchObject({ hotel_allows: true, moderation: 1 });
      expect(modeOf(a, 'hotel_name')).toBe('direct');
      // The preference answers its new default: on.
      expect(
        (await expectStatus(await call(t, hotel.owner, 'GET', '/api/settings/preferences/'), 200))
          .partner_override_facts,
      ).toBe(true);
    });

    it('starts a new contract from the hotel preferences, and later preference changes leave it alone', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      await preferences(t, hotel.owner, { partner_override_facts: false, overriding_moderation: 'R' });
      const c = await propose(t, operator.owner, hotel.owner.id, { to_edit_facts: 'Y', override_moderation: 'O' });
      expect(c).toMatchObject({ hotel_allows_overrides: false, hotel_moderation_cap: null });
      await expectStatus(await edit(t, hotel.owner, c.id as number, { status: 'A' }), 200);
      const property = hotel.properties[0]!;
      const refused = await allowance(t, operator.owner, property);
      expect(refused).toMatchObject({ hotel_allows: false });
      expect(modeOf(refused, 'hotel_name')).toBe('none');
      // The preference no longer decides for this contract.
      await preferences(t, hotel.owner, { partner_override_facts: true, overriding_moderation: null });
      expect((await allowance(t, operator.owner, property)).hotel_allows).toBe(false);
      // The hotel proposes its own contract elsewhere: its form starts from the preference (now on, no cap).
      const other = await party(t, 'to');
      await preferences(t, hotel.owner, { overriding_moderation: 'D' });
      const mine = await propose(t, hotel.owner, other.owner.id, { to_edit_facts: 'Y', override_moderation: 'O' });
      expect(mine).toMatchObject({ hotel_allows_overrides: true, hotel_moderation_cap: 'D' });
    });

    it('lets the hotel set its caps as it accepts (an acceptance, not a counter), visible to the operator', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      const c = await propose(t, operator.owner, hotel.owner.id, { to_edit_facts: 'Y', override_moderation: 'O' });
      const done = await expectStatus(
        await edit(t, hotel.owner, c.id as number, { status: 'A', hotel_moderation_cap: 'R', revision: c.revision }),
        200,
      );
      expect(done).toMatchObject({
        status: 'A',
        version: 1,
        hotel_moderation_cap: 'R',
        accepted: { hotel_moderation_cap: 'R', override_moderation: 'O' },
      });
      const seen = await expectStatus(await view(t, operator.owner, c.id as number), 200);
      expect(seen.accepted).toMatchObject({ hotel_allows_overrides: true, hotel_moderation_cap: 'R' });
      expect(seen.versions[0].terms.hotel_moderation_cap).toBe('R');
      expect(await allowance(t, operator.owner, hotel.properties[0]!)).toMatchObject({
        moderation: 2,
        moderation_code: 'R',
      });
      // Other terms changed with an acceptance are still refused: that is a counter-proposal.
      const other = await hotelWithProperties(t, 1);
      const again = await propose(t, operator.owner, other.owner.id, { to_edit_facts: 'Y' });
      const mixed = await edit(t, other.owner, again.id as number, {
        status: 'A',
        hotel_moderation_cap: 'R',
        notice_period: 30,
      });
      expect(mixed.status).toBe(400);
      expect(mixed.body.non_field_errors[0]).toMatch(/counter-proposal/);
    });

    it('refuses an operator changing a cap, naming who may; the hotel counters or amends with caps', async () => {
      const hotel = await hotelWithProperties(t, 1, { name: 'Casa Caps' });
      const operator = await party(t, 'to');
      const refused = await create(t, operator.owner, { partner: hotel.owner.id, hotel_allows_overrides: false });
      expect(refused.status).toBe(400);
      expect(refused.body.hotel_allows_overrides).toEqual([
        'Casa Caps sets this cap of the contract; ask Casa Caps to change it.',
      ]);
      const c = await propose(t, operator.owner, hotel.owner.id, { to_edit_facts: 'Y', override_moderation: 'O' });
      // Sent back unchanged (a whole form) is fine.
      const countered = await expectStatus(
        await edit(t, hotel.owner, c.id as number, { hotel_allows_overrides: false }),
        200,
      );
      expect(countered).toMatchObject({ status: 'C', version: 2, hotel_allows_overrides: false });
      expect((countered.versions[1].changes as Json[]).map((ch) => ch.field)).toEqual(['hotel_allows_overrides']);
      const lift = await edit(t, operator.owner, c.id as number, { hotel_allows_overrides: true });
      expect(lift.status).toBe(400);
      await expectStatus(
        await edit(t, operator.owner, c.id as number, { status: 'A', hotel_allows_overrides: false }),
        200,
      );
      expect((await allowance(t, operator.owner, hotel.properties[0]!)).hotel_allows).toBe(false);
    });

    it('says why an operator is refused and who can change it, in the allowance and in every 403', async () => {
      const hotel = await hotelWithProperties(t, 1, { name: 'Hotel Sol de Prova' });
      const operator = await party(t, 'to');
      const property = hotel.properties[0]!;
      const c = await propose(t, operator.owner, hotel.owner.id, {
        to_edit_facts: 'N',
        to_add_own_photos: 'N',
        to_select_photos: 'N',
        to_sync_ss: 'N',
        to_add_its_logo: 'Y',
      });
      await expectStatus(await edit(t, hotel.owner, c.id as number, { status: 'A' }), 200);
      const a = await allowance(t, operator.owner, property);
      const ask = 'ask Hotel Sol de Prova to change the contract (propose an amendment on the contract page).';
      expect(a.reasons).toEqual({
        facts: `Your contract with Hotel Sol de Prova does not allow overriding facts: ${ask}`,
        add_logo: null,
        remove_property_logo: `Your contract with Hotel Sol de Prova does not let you remove the property's logo from its fact sheets: ${ask}`,
        select_photos: `Your contract with Hotel Sol de Prova does not let you use photos from the hotel's gallery: ${ask}`,
        add_own_photos: `Your contract with Hotel Sol de Prova does not let you add your own photos of the hotel: ${ask}`,
        sync_stop_sale: `Your contract with Hotel Sol de Prova does not let you receive its stop-sale in your feed: ${ask}`,
        allow_on_request: null,
      });
      const refused = await call(t, operator.owner, 'POST', '/api/partners/override-facts/create/', {
        hotel: property,
        data: { hotel_name: 'Renamed' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(
        `Hotel name: Your contract with Hotel Sol de Prova does not allow overriding facts: ${ask}`,
      );
      expect(refused.body.data.hotel_name).toEqual([refused.body.detail]);
      // The fact sheet carries the same reasons (photos, availability tabs).
      const sheet = await expectStatus(
        await call(t, operator.owner, 'GET', `/api/partners/fact-sheet/${property}/`),
        200,
      );
      expect(sheet.allowance.reasons.sync_stop_sale).toBe(a.reasons.sync_stop_sale);
      // A capped contract names the hotel's cap.
      const capped = await hotelWithProperties(t, 1, { name: 'Casa Capada' });
      const c2 = await propose(t, operator.owner, capped.owner.id, { to_edit_facts: 'Y' });
      await expectStatus(
        await edit(t, capped.owner, c2.id as number, { status: 'A', hotel_allows_overrides: false }),
        200,
      );
      expect((await allowance(t, operator.owner, capped.properties[0]!)).reasons.facts).toBe(
        'Casa Capada has capped your contract so that you may not override facts: ask Casa Capada to lift the cap (an amendment of the contract).',
      );
      // A member without the permission is told who grants it.
      const member = await call(t, operator.withoutFlag, 'POST', '/api/partners/override-facts/create/', {
        hotel: property,
        data: {},
      });
      expect(member.status).toBe(403);
      expect(member.body.detail).toBe(
        'You need the "partner connections" permission for this: ask your account\'s owner to grant it (Team).',
      );
    });

    it('migrates: a preference the hotel chose itself is kept in its contracts, an untouched default gives way to the grant', async () => {
      const chose = await hotelWithProperties(t, 1);
      const untouched = await hotelWithProperties(t, 1);
      const capped = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      const c1 = await accepted(t, chose.owner, operator.owner, { to_edit_facts: 'Y', override_moderation: 'O' });
      const c2 = await accepted(t, untouched.owner, operator.owner, { to_edit_facts: 'Y', override_moderation: 'O' });
      const c3 = await accepted(t, capped.owner, operator.owner, { to_edit_facts: 'Y', override_moderation: 'O' });
      await preferences(t, capped.owner, { overriding_moderation: 'M' });
      // The hotel turned the switch on, then off (its audit trail says so) and set a cap.
      await preferences(t, chose.owner, { partner_override_facts: true });
      await preferences(t, chose.owner, { partner_override_facts: false, overriding_moderation: 'M' });
      // The other saved its preferences without touching it: the old default, off, stored.
      await preferences(t, untouched.owner, { theme: 'dark' });
      const db = t.services.db.kysely;
      await db
        .updateTable('preferences')
        .set({ data: JSON.stringify({ partner_override_facts: false, overriding_moderation: null, theme: 'dark' }) })
        .where('account_id', '=', untouched.owner.id)
        .execute();
      // The contracts as they were stored before 0030: no caps in their terms.
      for (const id of [c1, c2, c3]) {
        const row = await db
          .selectFrom('contracts')
          .select('accepted_terms')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const {
          hotel_allows_overrides: _a,
          hotel_moderation_cap: _m,
          ...old
        } = JSON.parse(row.accepted_terms!) as Json;
        await db
          .updateTable('contracts')
          .set({ accepted_terms: JSON.stringify(old) })
          .where('id', '=', id)
          .execute();
        await db
          .updateTable('contract_versions')
          .set({ terms: JSON.stringify(old) })
          .where('contract_id', '=', id)
          .execute();
      }
      await migrateCaps(db as never);
      expect((await allowance(t, operator.owner, chose.properties[0]!)).hotel_allows).toBe(false);
      // With overriding refused, a moderation cap is moot (the form hides it too).
      expect((await expectStatus(await view(t, chose.owner, c1), 200)).accepted).toMatchObject({
        hotel_allows_overrides: false,
        hotel_moderation_cap: null,
      });
      expect(await allowance(t, operator.owner, capped.properties[0]!)).toMatchObject({
        hotel_allows: true,
        moderation: 1,
        moderation_code: 'M',
      });
      expect((await expectStatus(await view(t, operator.owner, c3), 200)).versions[0].terms).toMatchObject({
        hotel_allows_overrides: true,
        hotel_moderation_cap: 'M',
      });
      const granted = await allowance(t, operator.owner, untouched.properties[0]!);
      expect(granted).toMatchObject({ hotel_allows: true, moderation: 5 });
      expect((await expectStatus(await view(t, untouched.owner, c2), 200)).accepted).toMatchObject({
        hotel_allows_overrides: true,
        hotel_moderation_cap: null,
      });
      expect(
        (await expectStatus(await call(t, untouched.owner, 'GET', '/api/settings/preferences/'), 200))
          .partner_override_facts,
      ).toBe(true);
      expect(
        (await expectStatus(await call(t, chose.owner, 'GET', '/api/settings/preferences/'), 200))
          .partner_override_facts,
      ).toBe(false);
    });
  });
}
