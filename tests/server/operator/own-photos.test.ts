/**
 * An operator's own photos of a contracted hotel (issue 13 §1, contract to_add_own_photos): Y in
 * its view at once, O once the hotel approves each, N refused; files served only to the operator
 * and the hotel; the hotel's gallery and quota untouched.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { sendForm } from '../../helpers/properties.js';
import { edit, hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import { accepted, call, expectStatus, sheet, type Json } from '../../helpers/fixtures/contracted-operator.js';

const jpeg = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#3ad57b' } })
    .jpeg()
    .toBuffer();

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`an operator's own photos (${dialect})`, () => {
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
      contract = await accepted(t, hotel.owner, operator.owner, { to_add_own_photos: 'Y' });
      await accepted(t, hotel.owner, rival.owner);
    });
    afterAll(() => t.stop());

    const upload = async (as: Party['owner'], name: string) =>
      sendForm(t, 'POST', `/api/partners/fact-sheet/${property}/own-photos/`, as.token, [
        { name: 'imagesArray', value: await jpeg(), filename: `${name}.jpg`, contentType: 'image/jpeg' },
      ]);

    it('adds them at once when the contract says Y; the hotel gallery does not change', async () => {
      const res = await upload(operator.withFlag, 'Our pool shot');
      expect(res.statusCode, res.body).toBe(201);
      const [photo] = res.json<Json[]>();
      expect(photo).toMatchObject({
        name: 'Our pool shot',
        status: 'approved',
        operator_name: 'Blue Sky Tours',
        hotel: property,
      });
      const view = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect((view.own_photos as Json[]).map((p) => p.status)).toEqual(['approved']);
      const image = await t.api('GET', photo!.thumbnail as string, { token: operator.owner.token });
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
      // Not the rival's, not in the hotel's gallery; the hotel sees it in its partners' photos.
      expect(
        (
          await t.api('GET', `/api/partners/fact-sheet/${property}/own-photos/${photo!.id}/thumbnail/`, {
            token: operator.owner.token,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await t.api('GET', `/api/partners/fact-sheet/${property}/own-photos/${photo!.id}/thumbnail/`, {
            token: rival.owner.token,
          })
        ).statusCode,
      ).toBe(404);
      expect((await expectStatus(await sheet(t, rival.owner, property), 200)).own_photos).toEqual([]);
      expect(
        (await t.api('GET', `/api/facts/property/${property}/gallery/`, { token: hotel.owner.token })).json(),
      ).toEqual([]);
      const listed = await expectStatus(
        await call(t, hotel.owner, 'GET', `/api/facts/property/${property}/partner-photos/`),
        200,
      );
      expect((listed as unknown as Json[]).map((p) => p.name)).toEqual(['Our pool shot']);
      expect(
        (await t.api('GET', (listed as unknown as Json[])[0]!.display as string, { token: hotel.owner.token }))
          .statusCode,
      ).toBe(200);
      // A member without the flag may not add one.
      expect((await upload(operator.withoutFlag, 'x')).statusCode).toBe(403);
    });

    it('waits for the hotel when the contract says O; the hotel approves or rejects, once', async () => {
      await call(t, operator.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
        to_add_own_photos: 'O',
      });
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A' }), 200);
      const a = (await upload(operator.owner, 'Sunset')).json<Json[]>()[0]!;
      const b = (await upload(operator.owner, 'Blurry')).json<Json[]>()[0]!;
      expect([a.status, b.status]).toEqual(['pending', 'pending']);
      const bell = (await t.api('GET', '/api/notification/', { token: hotel.owner.token })).json() as Json[];
      expect(bell.find((n) => n.notification_type === 'partner_photos_pending')?.message).toMatch(
        /^Blue Sky Tours asks you to approve a photo of Sol Hotels 1/,
      );
      const decide = (id: unknown, decision: string, as = hotel.owner) =>
        call(t, as, 'POST', `/api/facts/property/${property}/partner-photos/${id}/`, { decision });
      await expectStatus(await decide(a.id, 'approve'), 200);
      await expectStatus(await decide(b.id, 'reject'), 200);
      expect((await decide(b.id, 'approve')).status).toBe(409);
      // The hotel member holding only partner_connections may not decide.
      expect((await decide(a.id, 'reject', hotel.withFlag)).status).toBe(403);
      const mine = ((await expectStatus(await sheet(t, operator.owner, property), 200)).own_photos as Json[]).map(
        (p) => `${p.name}: ${p.status}`,
      );
      expect(mine).toEqual(['Our pool shot: approved', 'Sunset: approved', 'Blurry: rejected']);
      const told = (await t.api('GET', '/api/notification/', { token: operator.withFlag.token })).json() as Json[];
      expect(told.filter((n) => n.notification_type === 'partner_photos_decided')).toHaveLength(1);
    });

    it('refuses them when the contract says N; the operator deletes its own', async () => {
      await call(t, operator.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
        to_add_own_photos: 'N',
      });
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A' }), 200);
      expect((await upload(operator.owner, 'No')).statusCode).toBe(403);
      const [first] = (await expectStatus(await sheet(t, operator.owner, property), 200)).own_photos as Json[];
      expect(
        (await call(t, rival.owner, 'DELETE', `/api/partners/fact-sheet/${property}/own-photos/${first!.id}/`)).status,
      ).toBe(404);
      expect(
        (await call(t, operator.withFlag, 'DELETE', `/api/partners/fact-sheet/${property}/own-photos/${first!.id}/`))
          .status,
      ).toBe(204);
      expect((await t.api('GET', first!.thumbnail as string, { token: operator.owner.token })).statusCode).toBe(404);
    });
  });
}
