/**
 * The fact sheet as an operator downloads it (issue 15 §4, the operator's side): its view (the
 * publication with its approved overrides) printed, 204 while the hotel never published, 404
 * without a contract, and the hotel told (notify_fact_sheet_download).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/file-readers.js';
import { fillFacts } from '../../helpers/fixtures/published-hotel.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import {
  accepted,
  call,
  expectStatus,
  preferences,
  publish,
  type Json,
} from '../../helpers/fixtures/contracted-operator.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the operator's fact-sheet PDF (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let stranger: Party;
    let property: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1, { name: 'Sol Hotels' });
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
      stranger = await party(t, 'to');
      property = hotel.properties[0]!;
      await fillFacts(t, hotel.owner.token, property);
      await accepted(t, hotel.owner, operator.owner, { to_edit_facts: 'Y', override_moderation: 'O' });
      await preferences(t, hotel.owner, { partner_override_facts: true });
    });
    afterAll(() => t.stop());

    const pdf = (as: Party['owner'], query = '') =>
      t.api('GET', `/api/partners/fact-sheet/${property}/pdf/${query}`, { token: as.token });

    it('has nothing to print before the hotel publishes (204), and is no stranger’s (404)', async () => {
      expect((await pdf(operator.owner)).statusCode).toBe(204);
      expect((await pdf(stranger.owner)).statusCode).toBe(404);
    });

    it("prints the operator's view with its overrides, and tells the hotel", async () => {
      await publish(t, hotel.owner.token, property);
      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/override-facts/create/', {
          hotel: property,
          data: { hotel_name: 'Sunny Sol Beach', location: { closest_airport: 'Reus (REU)' } },
        }),
        201,
      );
      const res = await pdf(operator.withoutFlag, '?language=en&layout=G');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      // Named by the operator's own name for the hotel, in the sheet's language.
      expect(res.headers['content-disposition']).toContain('filename="sunny-sol-beach-fact-sheet-en.pdf"');
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Sunny Sol Beach');
      expect(text).toContain('Reus (REU)');
      expect(text).not.toContain('Sol Hotels 1');
      const bell = (await t.api('GET', '/api/notification/', { token: hotel.owner.token })).json() as Json[];
      expect(bell.find((n) => n.notification_type === 'fact_sheet_download')?.message).toBe(
        'Blue Sky Tours downloaded the fact sheet of Sol Hotels 1',
      );
      // The hotel's own download is its own sheet: its facts, not the operator's.
      const own = await t.api('GET', `/api/facts/download-facts/${property}/?language=en`, {
        token: hotel.owner.token,
      });
      expect(pdfText(own.rawPayload)).toContain('Sol Hotels 1');
    });
  });
}
