/**
 * A property's publications (issue 29 §1): the hotel and its contracted operators list them,
 * compare any two (the fact sheet's change marks for any pair; the operator in its own view, with
 * its approved overrides) and download the sheet of an earlier one. Another account's property, a
 * stranger or a publication that does not exist: 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/file-readers.js';
import { signIn } from '../../helpers/accounts.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import {
  accepted,
  call,
  change,
  expectStatus,
  preferences,
  publish,
  type Json,
} from '../../helpers/fixtures/contracted-operator.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`publications of a property (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let other: Party & { properties: number[] };
    let operator: Party;
    let stranger: Party;
    let property: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1, { name: 'Sol Hotels' });
      other = await hotelWithProperties(t, 1, { name: 'Luna Hotels' });
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
      stranger = await party(t, 'to');
      property = hotel.properties[0]!;
      await fillFacts(t, hotel.owner.token, property);
      await accepted(t, hotel.owner, operator.owner, { to_edit_facts: 'Y', override_moderation: 'O' });
      await preferences(t, hotel.owner, { partner_override_facts: true });
      // Publication 1; then the airport and a room change, publication 2; then the zip code, publication 3.
      await publish(t, hotel.owner.token, property);
      await change(t, hotel.owner.token, property, 'location', { closest_airport: 'Palma de Mallorca (PMI)' });
      const rooms = (
        await t.api('GET', `/api/facts/rooms/${property}/`, { token: hotel.owner.token })
      ).json() as Json[];
      const saved = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.owner.token,
        body: [{ ...rooms[0], room_name: 'Sea Suite' }, ...rooms.slice(1)],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await publish(t, hotel.owner.token, property);
      await change(t, hotel.owner.token, property, 'main-info', { zip_code: '07999' });
      await publish(t, hotel.owner.token, property);
    });
    afterAll(() => t.stop());

    const hotelUrl = (p: number, rest = '') => `/api/facts/property/${p}/publications/${rest}`;
    const operatorUrl = (p: number, rest = '') => `/api/partners/fact-sheet/${p}/publications/${rest}`;
    const fieldsOf = (body: Json) =>
      new Map(
        (body.sections as Json[]).flatMap((s) => (s.fields as Json[]).map((f) => [`${s.key}.${f.key}`, f] as const)),
      );

    it('lists every publication newest first, with who, when and the sections changed since the one before', async () => {
      const list = await expectStatus(await call(t, hotel.owner, 'GET', hotelUrl(property)), 200);
      expect(list).toMatchObject({ property, latest: 3, seen: null });
      expect((list.publications as Json[]).map((p) => p.number)).toEqual([3, 2, 1]);
      const [third, second, first] = list.publications as Json[];
      // Named as the person signed up (tests/helpers/accounts.ts), not by the address.
      expect(third!.published_by).toBe('Test Person');
      expect(third!.sections.map((s: Json) => s.key)).toEqual(['main-info']);
      // The renamed room type is named among the accessibility section's counted facts (x-derived):
      // that section changed too, as the operator reads it.
      expect(second!.sections.map((s: Json) => s.key).sort()).toEqual(['accessibility', 'location', 'room']);
      expect(first!.sections.map((s: Json) => s.key)).toEqual(
        expect.arrayContaining(['main-info', 'location', 'room']),
      );
    });

    it('compares any two publications for the hotel: fields old → new and rows, per section', async () => {
      const diff = await expectStatus(
        await call(t, hotel.owner, 'GET', hotelUrl(property, 'compare/?from=1&to=3&language=en')),
        200,
      );
      expect(diff).toMatchObject({ property, from: { number: 1 }, to: { number: 3 } });
      const fields = fieldsOf(diff);
      expect(fields.get('location.closest_airport')).toMatchObject({ to: 'Palma de Mallorca (PMI)' });
      expect(fields.get('main-info.zip_code')).toMatchObject({ to: '07999' });
      expect(fields.get('main-info.zip_code')!.from).not.toBe('07999');
      const rooms = (diff.sections as Json[]).find((s) => s.key === 'room')!;
      expect(rooms.rows).toEqual([expect.objectContaining({ title: 'Sea Suite', change: 'changed' })]);
      expect(diff.changes).toBe((diff.sections as Json[]).reduce((n, s) => n + s.fields.length + s.rows.length, 0));
      // The sheet carries the same marks as the operator's fact sheet.
      const marked = (diff.sheet.sections as Json[])
        .flatMap((s) => (s.groups as Json[]).flatMap((g) => g.fields as Json[]))
        .filter((f) => f.changed_from !== null);
      expect(marked.length).toBe(fields.size);

      // Only the pair asked for: 2 → 3 is the zip code alone; the reverse pair reads back; a pair with itself is no change.
      const later = await expectStatus(
        await call(t, hotel.owner, 'GET', hotelUrl(property, 'compare/?from=2&to=3')),
        200,
      );
      expect([...fieldsOf(later).keys()]).toEqual(['main-info.zip_code']);
      const back = await expectStatus(
        await call(t, hotel.owner, 'GET', hotelUrl(property, 'compare/?from=3&to=2')),
        200,
      );
      expect(fieldsOf(back).get('main-info.zip_code')!.from).toBe('07999');
      expect(
        (await expectStatus(await call(t, hotel.owner, 'GET', hotelUrl(property, 'compare/?from=2&to=2')), 200))
          .changes,
      ).toBe(0);
    });

    it('compares for a contracted operator in its own view (its overrides laid over both)', async () => {
      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/override-facts/create/', {
          hotel: property,
          data: { location: { closest_airport: 'Reus (REU)' } },
        }),
        201,
      );
      const list = await expectStatus(await call(t, operator.withoutFlag, 'GET', operatorUrl(property)), 200);
      expect((list.publications as Json[]).map((p) => p.number)).toEqual([3, 2, 1]);
      expect((list.publications as Json[]).every((p) => p.published_by === null)).toBe(true);
      // Its override hides the hotel's airport change: publication 2 changed only the rooms for it
      // (and the accessibility section's counted room names).
      expect(list.publications[1].sections.map((s: Json) => s.key).sort()).toEqual(['accessibility', 'room']);
      const diff = await expectStatus(
        await call(t, operator.owner, 'GET', operatorUrl(property, 'compare/?from=1&to=3')),
        200,
      );
      const fields = fieldsOf(diff);
      expect(fields.has('location.closest_airport')).toBe(false);
      expect(fields.get('main-info.zip_code')).toMatchObject({ to: '07999' });
      expect((diff.sections as Json[]).find((s) => s.key === 'room')!.rows).toEqual([
        expect.objectContaining({ title: 'Sea Suite', change: 'changed' }),
      ]);
    });

    it("answers 404 for another account's property, a stranger, a publication that does not exist; 400 for a bad pair", async () => {
      expect((await call(t, other.owner, 'GET', hotelUrl(property))).status).toBe(404);
      expect((await call(t, other.owner, 'GET', hotelUrl(property, 'compare/?from=1&to=2'))).status).toBe(404);
      expect((await t.api('GET', hotelUrl(property, '1/pdf/'), { token: other.owner.token })).statusCode).toBe(404);
      expect((await call(t, stranger.owner, 'GET', operatorUrl(property))).status).toBe(404);
      expect((await call(t, stranger.owner, 'GET', operatorUrl(property, 'compare/?from=1&to=2'))).status).toBe(404);
      expect((await t.api('GET', operatorUrl(property, '1/pdf/'), { token: stranger.owner.token })).statusCode).toBe(
        404,
      );
      expect((await call(t, hotel.owner, 'GET', hotelUrl(property, 'compare/?from=1&to=9'))).status).toBe(404);
      expect((await call(t, operator.owner, 'GET', operatorUrl(property, 'compare/?from=9&to=1'))).status).toBe(404);
      expect((await t.api('GET', hotelUrl(property, '9/pdf/'), { token: hotel.owner.token })).statusCode).toBe(404);
      expect((await t.api('GET', operatorUrl(property, '9/pdf/'), { token: operator.owner.token })).statusCode).toBe(
        404,
      );
      const bad = await call(t, hotel.owner, 'GET', hotelUrl(property, 'compare/?from=abc&to=2'));
      expect(bad.status).toBe(400);
      expect(bad.body.from).toBeDefined();
      expect((await call(t, hotel.owner, 'GET', hotelUrl(property, 'compare/?to=2'))).status).toBe(400);
      // The other hotel's own property, never published, lists none.
      expect(await expectStatus(await call(t, other.owner, 'GET', hotelUrl(other.properties[0]!)), 200)).toMatchObject({
        latest: null,
        publications: [],
      });
    });

    it('prints the sheet of an earlier publication from the facts it published', async () => {
      const first = await t.api('GET', hotelUrl(property, '1/pdf/?language=en'), { token: hotel.owner.token });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.headers['content-disposition']).toContain('filename="sol-hotels-1-fact-sheet-en-publication-1.pdf"');
      const text = pdfText(first.rawPayload);
      expect(text).not.toContain('Palma de Mallorca (PMI)');
      expect(text).not.toContain('Sea Suite');
      const latest = pdfText(
        (await t.api('GET', hotelUrl(property, '3/pdf/?language=en'), { token: hotel.owner.token })).rawPayload,
      );
      expect(latest).toContain('Palma de Mallorca (PMI)');
      expect(latest).toContain('Sea Suite');

      // The operator's earlier sheet is its view of publication 1 (its airport), and the hotel is told.
      const op = await t.api('GET', operatorUrl(property, '1/pdf/?language=en'), { token: operator.withoutFlag.token });
      expect(op.statusCode, op.body).toBe(200);
      const opText = pdfText(op.rawPayload);
      expect(opText).toContain('Reus (REU)');
      expect(opText).not.toContain('Sea Suite');
      const bell = (await t.api('GET', '/api/notification/', { token: hotel.owner.token })).json() as Json[];
      expect(
        bell.some(
          (n) =>
            n.notification_type === 'fact_sheet_download' &&
            n.message === 'Blue Sky Tours downloaded an earlier publication of the fact sheet of Sol Hotels 1',
        ),
      ).toBe(true);
    });

    // Issue 38: "an earlier publication's PDF is not marked as superseded, and its footer reads
    // 'Created 2026-12-02 · Published 2026-11-25'". Last in the file: it moves the clock a day on.
    it('marks an earlier publication’s sheet as superseded by the latest, and dates it published, then printed', async () => {
      t.clock.advance(24 * 3_600_000);
      // A day on, the sessions of the set-up have expired: both sign in again.
      const hotelToken = await signIn(t, hotel.owner.email);
      const operatorToken = await signIn(t, operator.withoutFlag.email);
      const pdf = async (url: string, token: string) => {
        const res = await t.api('GET', url, { token });
        expect(res.statusCode, res.body).toBe(200);
        return pdfText(res.rawPayload);
      };
      const earlier = await pdf(hotelUrl(property, '1/pdf/?language=en'), hotelToken);
      expect(earlier).toContain('Superseded by publication 3 of 2026-11-21');
      // The footer: the facts' date first, then the day this copy was printed.
      expect(earlier).toMatch(/Published on 2026-11-21 · Printed on 2026-11-22/);
      expect(earlier).not.toContain('Created');
      // Under the title, before any footer, and again in the footer of every page.
      expect(earlier.indexOf('Superseded by publication 3')).toBeLessThan(earlier.indexOf('Published on'));
      expect(earlier.split('Superseded by publication 3').length).toBeGreaterThan(2);

      const latest = await pdf(hotelUrl(property, '3/pdf/?language=en'), hotelToken);
      expect(latest).not.toContain('Superseded');
      expect(latest).toContain('Published on 2026-11-21 · Printed on 2026-11-22');

      // The operator's: its earlier publication in its language, the current sheet unmarked.
      const operatorEarlier = await pdf(operatorUrl(property, '2/pdf/?language=de'), operatorToken);
      expect(operatorEarlier).toContain('Ersetzt durch Veröffentlichung 3 vom 2026-11-21');
      expect(operatorEarlier).toContain('Gedruckt am 2026-11-22');
      const current = await pdf(`/api/partners/fact-sheet/${property}/pdf/?language=en`, operatorToken);
      expect(current).not.toContain('Superseded');
      expect(current).toContain('Printed on 2026-11-22');
    });
  });
}
