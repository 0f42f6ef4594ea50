/**
 * Issue 37 §3: an API refusal answers in the language the request's Accept-Language asks for, as
 * DRF does; a request that asks for none reads the contract's English, word for word (whatever the
 * caller's profile language).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`validation messages in the request's language (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let group: number;
    let property: number;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      const created = await t.api('POST', '/api/settings/mailing-list/create/', {
        token: owner.token,
        body: { name: 'Tour operators' },
      });
      expect(created.statusCode, created.body).toBe(201);
      group = created.json().id;
      property = (await createProperty(t, owner.token)).id;
    });
    afterAll(() => t.stop());

    const contact = (headers?: Record<string, string>) =>
      t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        headers,
        body: { mailing_list: group, name: '  ', title: 'x'.repeat(151), email_address: 'olga-at-example' },
      });

    it('answers Accept-Language: ru in Russian: the catalogue’s words and the schema’s own', async () => {
      const res = await contact({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        name: ['Введите имя контакта.'],
        title: ['Не больше 150 символов.'],
        email_address: ['Введите корректный адрес эл. почты.'],
      });
    });

    it('answers a request without Accept-Language in the contract’s English', async () => {
      const res = await contact();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        name: ["Enter the contact's name."],
        title: ['Ensure this field has no more than 150 characters.'],
        email_address: ['Enter a valid email address.'],
      });
    });

    it('names a list’s rows in the language too', async () => {
      const rooms = (headers?: Record<string, string>) =>
        t.api('POST', `/api/facts/rooms/update/${property}/`, {
          token: owner.token,
          headers,
          body: [{ id: 0, room_total_units: 3 }],
        });
      const russian = await rooms({ 'accept-language': 'ru' });
      expect(russian.statusCode).toBe(400);
      expect(russian.json().non_field_errors).toEqual([
        'Номер (1): не указано название номера - не указан тип номера - не указан вид из номера',
      ]);
      const english = await rooms();
      expect(english.json().non_field_errors).toEqual([
        'Room (1): room name required - room type required - room view required',
      ]);
    });
  });
}
