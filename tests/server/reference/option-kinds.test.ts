/**
 * Option lists hold only values of their kind (issue 25 §4): a value kept for the spec's clients
 * (`"offered": false`) is not offered by the options call, yet a request sending it is accepted,
 * stored as sent, or stored as the value it means (`mapsTo`).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';

type Lists = { category: string; options: { value: string; text: string }[] }[];

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`option lists offer only values of their kind (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
    });
    afterAll(() => t.stop());

    it('the room view list offers views only', async () => {
      const lists = (await t.api('POST', '/api/external/ops/options/', { body: { head: 'Facts' } })).json() as Lists;
      const views = lists.find((l) => l.category === 'roomViews')!.options.map((o) => o.value);
      expect(views).toContain('Sea view');
      for (const junk of ['Roulette', 'Air condition', 'Non Refundable', 'Low cost', 'triple', 'Annex'])
        expect(views).not.toContain(junk);
      expect(lists.find((l) => l.category === 'creditCards')!.options.map((o) => o.value)).not.toContain('Amex');
    });

    it('a value not offered is still accepted from a client that sends it, as sent or as the value it means', async () => {
      const room = { id: 0, room_name: 'Old client room', room_name_type: 'double room', room_view: 'Roulette' };
      const saved = await t.api('POST', `/api/facts/rooms/update/${property}/`, { token: owner.token, body: [room] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await t.api('GET', `/api/facts/rooms/${property}/`, { token: owner.token })).json()[0]).toMatchObject({
        room_view: 'Roulette',
      });

      const facility = await t.api('POST', '/api/facts/facility/create/', {
        token: owner.token,
        body: { hotel: property, hotel_credit_cards: ['Visa', 'Amex'] },
      });
      expect(facility.statusCode, facility.body).toBeLessThan(300);
      expect(facility.json().hotel_credit_cards).toEqual(['Visa', 'American express']);
    });
  });
}
