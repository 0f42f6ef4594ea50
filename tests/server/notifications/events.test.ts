/**
 * The events of the product that exist today, each telling the right people and nobody else:
 * publishing (to the operators contracted for the property; first publish, changed sections, a
 * burst merged, nothing when nothing changed), a fact-sheet send finishing (to the hotel's team),
 * the photo limit coming near (to the owner and the photo editors).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import {
  call,
  edit,
  expectStatus,
  hotelWithProperties,
  party,
  propose,
} from '../../helpers/fixtures/contract-parties.js';
import { fillFacts, groupWith } from '../../helpers/fixtures/published-hotel.js';
import { file, heldPhotos, png, upload } from '../../helpers/fixtures/uploaded-photos.js';
import { bell } from '../../helpers/fixtures/notifications.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`events that tell (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('publishing tells the contracted operators: published first, then the changed sections; one burst; nothing when nothing changed', async () => {
      const hotel = await hotelWithProperties(t, 2, { name: 'Palm Hotels' });
      const [covered, other] = hotel.properties as [number, number];
      const contracted = await party(t, 'to', { name: 'Contracted Tours' });
      const stranger = await party(t, 'to', { name: 'Stranger Tours' });
      const c = await propose(t, contracted.owner, hotel.owner.id);
      await expectStatus(await edit(t, hotel.owner, c.id, { status: 'A' }), 200);
      const facts = (as: typeof contracted) =>
        bell(t, as.owner).then((l) => l.filter((n) => String(n.notification_type).startsWith('facts_')));

      await fillFacts(t, hotel.owner.token, covered);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${covered}/publish/create/`), 200);
      expect(await facts(contracted)).toEqual([
        expect.objectContaining({
          notification_type: 'facts_published',
          message: 'Palm Hotels published the facts of Palm Hotels 1',
          property: covered,
          link: `/fact-sheet?property=${covered}`,
          is_read: false,
        }),
      ]);
      // Every member of the operator reads fact sheets: the members hear it too.
      expect((await bell(t, contracted.withoutFlag)).map((n) => n.message)).toContain(
        'Palm Hotels published the facts of Palm Hotels 1',
      );
      expect(await facts(stranger)).toEqual([]);
      expect((await bell(t, hotel.owner)).filter((n) => String(n.notification_type).startsWith('facts_'))).toEqual([]);

      // Published again with nothing changed: nobody is told.
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${covered}/publish/create/`), 200);
      expect(await facts(contracted)).toHaveLength(1);

      // The maintenance list emptied, published: the operators learn which section changed.
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/maintenance/update/${covered}/`, []), 200);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${covered}/publish/create/`), 200);
      let list = await facts(contracted);
      expect(list.map((n) => n.notification_type)).toEqual(['facts_changed', 'facts_published']);
      expect(list[0]!.message).toMatch(/^Palm Hotels changed the facts of Palm Hotels 1: Maintenance/);
      // A minute later the rooms change too: the same notification (a burst), naming the latest change.
      t.clock.advance(60_000);
      const rooms = (await call(t, hotel.owner, 'GET', `/api/facts/rooms/${covered}/`)).body as unknown as Record<
        string,
        unknown
      >[];
      expect(rooms.length).toBeGreaterThan(0);
      await expectStatus(
        await call(t, hotel.owner, 'DELETE', `/api/facts/rooms/delete/${rooms[0]!.id as number}/`),
        204,
      );
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${covered}/publish/create/`), 200);
      list = await facts(contracted);
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ notification_type: 'facts_changed', count: 2 });
      expect(list[0]!.message).toMatch(/Room/);

      // The contract covers every property of the hotel: the other one reaches them too.
      await fillFacts(t, hotel.owner.token, other);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${other}/publish/create/`), 200);
      expect((await facts(contracted)).map((n) => n.property)).toEqual([other, covered, covered]);
      expect(await facts(stranger)).toEqual([]);
    });

    it('an operator who turned fact sheet changes off hears nothing of a publish', async () => {
      const hotel = await hotelWithProperties(t, 1, { name: 'Quiet Palms' });
      const op = await party(t, 'to', { name: 'Busy Tours' });
      await expectStatus(
        await call(t, op.owner, 'POST', '/api/settings/preferences/create/', { notify_fact_sheet_changes: false }),
        201,
      );
      const c = await propose(t, op.owner, hotel.owner.id);
      await expectStatus(await edit(t, hotel.owner, c.id, { status: 'A' }), 200);
      await fillFacts(t, hotel.owner.token, hotel.properties[0]!);
      await expectStatus(
        await call(t, hotel.owner, 'POST', `/api/facts/property/${hotel.properties[0]!}/publish/create/`),
        200,
      );
      expect((await bell(t, op.owner)).filter((n) => String(n.notification_type).startsWith('facts_'))).toEqual([]);
    });

    it('a finished fact-sheet send tells the hotel team allowed the property how many it reached', async () => {
      const hotel = await hotelWithProperties(t, 1, { name: 'Send Hotels' });
      const property = hotel.properties[0]!;
      await fillFacts(t, hotel.owner.token, property);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/property/${property}/publish/create/`), 200);
      const group = await groupWith(t, hotel.owner.token, ['a@partner.example', 'b@partner.example'], 'Agents');
      const sent = await call(t, hotel.owner, 'GET', `/api/facts/send-facts/${group}/sheet/${property}/`);
      expect(sent.status).toBe(201);
      expect((await bell(t, hotel.owner)).filter((n) => n.notification_type === 'fact_sheet_sent')).toEqual([]); // not before it ran
      await t.services.jobs.runDue();
      const [n] = (await bell(t, hotel.owner)).filter((x) => x.notification_type === 'fact_sheet_sent');
      expect(n).toMatchObject({
        message: 'The fact sheet of Send Hotels 1 reached 2 of 2 contacts of "Agents"',
        link: '/exportcentre',
        property,
        extra_id: sent.body.id,
      });
      // withFlag has partner_connections only, not properties: not told.
      expect((await bell(t, hotel.withFlag)).filter((x) => x.notification_type === 'fact_sheet_sent')).toEqual([]);
    }, 60_000);

    it('the photo limit coming near tells the owner and the photo editors, once a day', async () => {
      const owner = await signUp(t);
      const property = (await createProperty(t, owner.token)).id;
      const editor = await signUp(t, { manager: owner.id, managerToken: owner.token });
      await t.api('POST', '/api/auth/permissions/create/', {
        token: owner.token,
        body: { user: editor.id, photos: true, properties_allowed: [property] },
      });
      const reader = await signUp(t, { manager: owner.id, managerToken: owner.token });
      await t.api('POST', '/api/auth/permissions/create/', {
        token: owner.token,
        body: { user: reader.id, facts: true, properties_allowed: [property] },
      });
      const quota = () => bell(t, owner).then((l) => l.filter((n) => n.notification_type === 'photo_quota'));
      // 18 photos held (rows made directly: the limit counts rows), then uploads through the API.
      await heldPhotos(t, owner.id, property, 18);
      expect((await upload(t, owner.token, property, [file(await png(), 'p19.png', 'image/png')])).statusCode).toBe(
        201,
      );
      expect(await quota()).toEqual([]);
      expect((await upload(t, editor.token, property, [file(await png(), 'p20.png', 'image/png')])).statusCode).toBe(
        201,
      );
      expect((await quota()).map((n) => n.message)).toEqual([
        'Your account holds 20 of 25 photos: 5 more can be added on the Free plan. Premium has no limit.',
      ]);
      expect((await bell(t, editor)).map((n) => n.notification_type)).toEqual(['photo_quota']);
      expect(await bell(t, reader)).toEqual([]);
      expect((await upload(t, owner.token, property, [file(await png(), 'p21.png', 'image/png')])).statusCode).toBe(
        201,
      );
      expect((await quota()).map((n) => [n.message, n.count])).toEqual([
        ['Your account holds 21 of 25 photos: 4 more can be added on the Free plan. Premium has no limit.', 2],
      ]);
    });
  });
}
