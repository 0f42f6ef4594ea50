/**
 * Whole numbers as text (issue 34 §2 "Numbers"): where a whole number is expected, a query
 * string, form field or JSON text is read only when it is (optionally signed) decimal digits, as
 * the issue asks (stricter than DRF, which also reads "1.0"); JavaScript's other spellings of 1 (0x1, 0b1, 0o1, 1e0,
 * .1e1, Infinity) and "1.0" are refused with 400 at the field instead of being read as numbers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty, sendForm } from '../../helpers/properties.js';
import { publishNow } from '../../helpers/fixtures/partner-api-access.js';

const NOT_DECIMAL = ['1.0', '1.', '0x1', '0X1', '0b1', '0o1', '1e0', '.1e1', '1E0', '0x01', 'Infinity', '1_0', '١'];

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`whole numbers as text (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
      await publishNow(t, property, owner.id);
      await publishNow(t, property, owner.id);
    });
    afterAll(() => t.stop());

    const get = (url: string) => t.api('GET', url, { token: owner.token });

    it('refuses every other spelling of 1 in a query, naming the parameter', async () => {
      for (const text of NOT_DECIMAL) {
        const q = encodeURIComponent(text);
        const compare = await get(`/api/facts/property/${property}/publications/compare/?from=${q}&to=2`);
        expect(compare.statusCode, `from=${text}: ${compare.body}`).toBe(400);
        expect(Object.keys(compare.json()), text).toEqual(['from']);
        const audit = await get(`/api/settings/audit-trail/?page=${q}`);
        expect(audit.statusCode, `page=${text}: ${audit.body}`).toBe(400);
        expect(audit.json(), text).toEqual({ page: ['Must be a whole number.'] });
        const directory = await t.api('POST', `/api/partners/?page=${q}`, { token: owner.token, body: {} });
        expect(directory.statusCode, `directory page=${text}: ${directory.body}`).toBe(400);
        expect(Object.keys(directory.json()), text).toEqual(['page']);
      }
    });

    it('reads decimal digits, signed or not', async () => {
      for (const [from, to] of [
        ['1', '2'],
        ['+1', '2'],
        ['01', '2'],
      ]) {
        const res = await get(`/api/facts/property/${property}/publications/compare/?from=${from}&to=${to}`);
        expect(res.statusCode, `from=${from}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ from: { number: 1 }, to: { number: 2 } });
      }
      expect((await get('/api/settings/audit-trail/?page=1')).statusCode).toBe(200);
      expect((await get(`/api/facts/property/${property}/publications/compare/?from=-1&to=2`)).statusCode).toBe(400);
    });

    it('refuses them in a JSON body and in form data too, and stores nothing', async () => {
      for (const text of NOT_DECIMAL) {
        const rooms = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
          token: owner.token,
          body: [
            {
              id: 0,
              room_name: 'Sea Suite',
              room_name_type: 'double room',
              room_view: 'Sea view',
              room_total_units: text,
            },
          ],
        });
        expect(rooms.statusCode, `${text}: ${rooms.body}`).toBe(400);
        expect(rooms.json().rows, text).toEqual({ '0': { room_total_units: ['Must be a whole number.'] } });
        const photo = await sendForm(t, 'POST', `/api/facts/property/${property}/gallery/create/`, owner.token, [
          { name: 'room', value: text },
        ]);
        expect(photo.statusCode, `${text}: ${photo.body}`).toBe(400);
      }
      const stored = await t.services.db.kysely.selectFrom('fact_rows').select('id').execute();
      expect(stored).toEqual([]);
      const ok = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: [
          {
            id: 0,
            room_name: 'Sea Suite',
            room_name_type: 'double room',
            room_view: 'Sea view',
            room_total_units: '12',
          },
        ],
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<{ room_total_units: number }[]>()[0]!.room_total_units).toBe(12);
    });
  });
}
