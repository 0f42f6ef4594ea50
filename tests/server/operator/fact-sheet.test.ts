/**
 * The tour operator's fact sheet (issue 13 §1): the latest publication only (never the hotel's
 * work in progress; Draft before the first publish), marks of what changed since the operator
 * last looked, the photos its contract allows (A all, E released, N none), 404 without a
 * contract covering the property, and access ending with the contract.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { createProperty } from '../../helpers/properties.js';
import { fillFacts, photosNamed } from '../../helpers/fixtures/published-hotel.js';
import { hotelWithProperties, party, edit, type Party } from '../../helpers/fixtures/contract-parties.js';
import {
  accepted,
  call,
  change,
  expectStatus,
  fieldsOf,
  publish,
  sheet,
  type Json,
} from '../../helpers/fixtures/contracted-operator.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`operator fact sheet (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let stranger: Party;
    let property: number;
    let contract: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1, { name: 'Sol Hotels' });
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
      stranger = await party(t, 'to', { name: 'Other Tours' });
      property = hotel.properties[0]!;
      await fillFacts(t, hotel.owner.token, property);
      contract = await accepted(t, hotel.owner, operator.owner);
    });
    afterAll(() => t.stop());

    it('reads as Draft with no facts until the hotel publishes, then the publication, never work in progress', async () => {
      const draft = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect(draft.property).toMatchObject({
        id: property,
        status: 'draft',
        published_at: null,
        publication: null,
        partner_name: 'Sol Hotels',
        contract,
      });
      expect(draft.sheet.sections).toEqual([]);

      await publish(t, hotel.owner.token, property);
      const first = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect(first.property).toMatchObject({ status: 'published', publication: 1 });
      const keys = (first.sheet.sections as Json[]).map((s) => s.key);
      expect(keys).toEqual(expect.arrayContaining(['main-info', 'location', 'room']));
      const zip = fieldsOf(first).get('main-info.zip_code');
      expect(zip?.value).toBeTruthy();
      // The first look records this publication as seen: nothing is marked.
      expect(first.seen).toMatchObject({ publication: 1, changes: 0 });
      expect([...fieldsOf(first).values()].filter((f) => f.changed_from !== null)).toEqual([]);

      // The hotel edits without publishing: the operator still sees the published value.
      await change(t, hotel.owner.token, property, 'main-info', { zip_code: '07999' });
      const again = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect(fieldsOf(again).get('main-info.zip_code')?.value).toBe(zip?.value);
      // Members of the operator read it too; the hotel, a stranger and unknown ids get 404.
      await expectStatus(await sheet(t, operator.withoutFlag, property), 200);
      await expectStatus(await sheet(t, stranger.owner, property), 404);
      await expectStatus(await sheet(t, operator.owner, 999_999), 404);
      expect((await sheet(t, hotel.owner, property)).status).toBe(403);
    });

    it('marks what changed since the operator last looked, until it marks it as seen', async () => {
      await change(t, hotel.owner.token, property, 'location', { closest_airport: 'Palma de Mallorca (PMI)' });
      const rooms = (
        await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.owner.token })
      ).json() as Json[];
      const renamed = { ...rooms[0], room_name: 'Sea Suite' };
      const saved = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.owner.token,
        body: [renamed, ...rooms.slice(1)],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await publish(t, hotel.owner.token, property);

      const marked = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect(marked.property.publication).toBe(2);
      const fields = fieldsOf(marked);
      expect(fields.get('main-info.zip_code')).toMatchObject({ value: '07999' });
      expect(fields.get('main-info.zip_code')!.changed_from).toBeTruthy();
      expect(fields.get('location.closest_airport')).toMatchObject({ value: 'Palma de Mallorca (PMI)' });
      expect(fields.get('location.closest_airport')!.changed_from).not.toBeNull();
      const roomRows = (marked.sheet.sections as Json[]).find((s) => s.key === 'room')!.rows as Json[];
      expect(roomRows.find((r) => r.title === 'Sea Suite')).toMatchObject({ change: 'changed', id: rooms[0]!.id });
      // Unchanged fields carry no mark; the count covers every mark.
      expect(fields.get('main-info.rating')?.changed_from ?? null).toBeNull();
      expect(marked.seen.changes).toBe(
        [...fields.values()].filter((f) => f.changed_from !== null).length + roomRows.filter((r) => r.change).length,
      );

      // Another operator member marks it as seen: the marks are gone for the whole account.
      expect((await call(t, operator.withoutFlag, 'POST', `/api/partners/fact-sheet/${property}/seen/`)).status).toBe(
        204,
      );
      const seen = await expectStatus(await sheet(t, operator.owner, property), 200);
      expect(seen.seen).toMatchObject({ publication: 2, changes: 0 });
      expect([...fieldsOf(seen).values()].filter((f) => f.changed_from !== null)).toEqual([]);
    });

    it('prints the sheet in the chosen language and layout, labels from the option lists', async () => {
      const es = await expectStatus(await sheet(t, operator.owner, property, '?language=es&layout=G'), 200);
      expect(es.sheet).toMatchObject({ language: 'es', layout: 'G', title: 'Ficha técnica' });
      const fa = await expectStatus(await sheet(t, operator.owner, property, '?language=fa'), 200);
      expect(fa.sheet.dir).toBe('rtl');
      expect((await sheet(t, operator.owner, property, '?language=xx')).status).toBe(400);
    });

    it('shows the photos the contract allows: A every one, E those released to the operator, N none', async () => {
      const ids = await photosNamed(t, hotel.owner.token, property, ['Pool', 'Lobby', 'Beach']);
      const listed = async (as = operator.owner) =>
        ((await expectStatus(await sheet(t, as, property), 200)).photos as Json[]).map((p) => p.id);
      expect(await listed()).toEqual(ids);
      const [first] = (await expectStatus(await sheet(t, operator.owner, property), 200)).photos as Json[];
      const image = await t.api('GET', first!.thumbnail as string, { token: operator.owner.token });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');

      // Amend to E: nothing until the hotel releases photos to this operator.
      const amend = await call(t, operator.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
        to_select_photos: 'E',
      });
      expect(amend.status, JSON.stringify(amend.body)).toBe(201);
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A' }), 200);
      expect(await listed()).toEqual([]);
      // The signed-in route refuses at once (a signed URL given before lives until it expires: signed-urls.test.ts).
      expect(
        (
          await t.api('GET', `/api/partners/fact-sheet/${property}/photo/${first!.id}/thumbnail/`, {
            token: operator.owner.token,
          })
        ).statusCode,
      ).toBe(404);
      const releases = await expectStatus(
        await call(t, hotel.owner, 'GET', `/api/facts/property/${property}/photo-releases/`),
        200,
      );
      expect(releases).toEqual([
        { operator: operator.owner.id, operator_name: 'Blue Sky Tours', contract, photos: [] },
      ]);
      await expectStatus(
        await call(t, hotel.owner, 'PUT', `/api/facts/property/${property}/photo-releases/`, {
          operator: operator.owner.id,
          photos: [ids[2]],
        }),
        200,
      );
      expect(await listed()).toEqual([ids[2]]);
      // Not a partner asking for approval, or a photo of another property: 400.
      expect(
        (
          await call(t, hotel.owner, 'PUT', `/api/facts/property/${property}/photo-releases/`, {
            operator: stranger.owner.id,
            photos: [],
          })
        ).status,
      ).toBe(400);
      const other = (await createProperty(t, hotel.owner.token)).id;
      const [foreign] = await photosNamed(t, hotel.owner.token, other, ['Elsewhere']);
      expect(
        (
          await call(t, hotel.owner, 'PUT', `/api/facts/property/${property}/photo-releases/`, {
            operator: operator.owner.id,
            photos: [foreign],
          })
        ).status,
      ).toBe(400);

      // N: none.
      await call(t, operator.owner, 'POST', `/api/partners/contract/contractVersion/${contract}/`, {
        to_select_photos: 'N',
      });
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'A' }), 200);
      expect(await listed()).toEqual([]);
    });

    it('ends with the contract: after a cancellation without notice every call is 404', async () => {
      await expectStatus(await edit(t, hotel.owner, contract, { status: 'X' }), 200);
      for (const [method, url, body] of [
        ['GET', `/api/partners/fact-sheet/${property}/`],
        ['POST', `/api/partners/fact-sheet/${property}/seen/`],
        ['POST', '/api/partners/override-facts/', { hotel: property }],
        ['GET', `/api/partners/override-facts/get/${property}/`],
        ['POST', '/api/partners/override-facts/create/', { hotel: property, data: { hotel_name: 'Mine' } }],
        ['GET', `/api/tour-operator/mapping/hotel/get/${property}/`],
        ['POST', '/api/tour-operator/mapping/hotel/create/', { hotel: property, override_code: 'X1' }],
      ] as [string, string, Json?][]) {
        expect((await call(t, operator.owner, method, url, body)).status, `${method} ${url}`).toBe(404);
      }
    });
  });
}
