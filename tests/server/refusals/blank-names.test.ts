/**
 * Names of blanks only (issue 34 §2 "Blank names"): a property, its copy, a company, a room, a
 * restaurant, a bar, a mailing group and contact, a team member, a profile, an API key or a
 * whitelist named only with white space (spaces, tabs, line breaks, no-break, em and ideographic
 * spaces...) or invisible characters is refused with 400 at the field, in the field's words, and
 * nothing is stored. A name with blanks around letters is still a name.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty, sendForm } from '../../helpers/properties.js';
import { companyParts } from '../../helpers/fixtures/team-and-company.js';

type Json = Record<string, unknown>;

/** Every kind of blank a name was stored with: ASCII, Unicode white space, and invisible characters. */
const BLANKS = [
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u2028',
  '\u202f',
  '\ufeff',
  '\u200b',
  '\u2060',
  ' \u00a0\t\u2003\n\u3000\u200b ',
];

interface Case {
  name: string;
  /** The field the 400 names, as a path into the body. */
  field: string[];
  /** The field's words. */
  message: string;
  send(t: TestApp, blank: string): Promise<{ statusCode: number; body: string }>;
  /** How many records of this kind exist (must not change). */
  count(t: TestApp): Promise<number>;
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`blank names (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;
    let group: number;
    let member: number;

    const rows = async (kind: string) =>
      (
        await t.services.db.kysely
          .selectFrom('fact_rows')
          .select('id')
          .where('kind', '=', kind)
          .where('property_id', '=', property)
          .execute()
      ).length;
    const count = (
      table: 'properties' | 'companies' | 'mailing_lists' | 'mailing_contacts' | 'whitelists' | 'api_keys',
    ) =>
      t.services.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const named = (table: 'users', id: number) =>
      t.services.db.kysely
        .selectFrom(table)
        .select(['first_name', 'last_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => `${r.first_name}|${r.last_name}`);

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token, { hotel_name: 'Hotel Ananas Playa' })).id;
      const list = await t.api('POST', '/api/settings/mailing-list/create/', {
        token: owner.token,
        body: { name: 'Partners' },
      });
      expect(list.statusCode, list.body).toBe(201);
      group = list.json<{ id: number }>().id;
      const invited = await t.api('POST', '/api/auth/authorized-user/invite/', {
        token: owner.token,
        body: { email: 'ana@example.com', first_name: 'Ana', last_name: 'Vidal' },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      member = invited.json<{ id: number }>().id;
    });
    afterAll(() => t.stop());

    const json = (method: string, url: string, body: unknown) => (t2: TestApp) =>
      t2.api(method, url, { token: owner.token, body });
    const cases = (): Case[] => [
      {
        name: 'a property (form data)',
        field: ['hotel_name'],
        message: "Enter the hotel's name.",
        send: (t2, blank) =>
          sendForm(t2, 'POST', '/api/facts/property/create/', owner.token, [
            { name: 'hotel_name', value: blank },
            { name: 'country', value: 'ES' },
          ]),
        count: () => count('properties'),
      },
      {
        name: 'a property renamed (JSON)',
        field: ['hotel_name'],
        message: "Enter the hotel's name.",
        send: (t2, blank) =>
          json('PUT', `/api/facts/property/update/${property}/`, { hotel_name: blank, country: 'ES' })(t2),
        count: async () =>
          (
            await t.services.db.kysely
              .selectFrom('properties')
              .select('hotel_name')
              .where('id', '=', property)
              .executeTakeFirstOrThrow()
          ).hotel_name === 'Hotel Ananas Playa'
            ? 1
            : 0,
      },
      {
        name: 'a copy of a property',
        field: ['hotel_name'],
        message: "Enter the new hotel's name.",
        send: (t2, blank) => json('POST', `/api/facts/property/${property}/copy/`, { hotel_name: blank })(t2),
        count: () => count('properties'),
      },
      {
        name: 'a company',
        field: ['company'],
        message: "Enter the company's name.",
        send: (t2, blank) =>
          sendForm(t2, 'POST', '/api/settings/company/create/', owner.token, companyParts({ company: blank })),
        count: () => count('companies'),
      },
      {
        name: 'a room',
        field: ['rows', '0', 'room_name'],
        message: 'room name required',
        send: (t2, blank) =>
          json('POST', `/api/facts/rooms/update/${property}/`, [
            { id: 0, room_name: blank, room_name_type: 'double room', room_view: 'Sea view' },
          ])(t2),
        count: () => rows('room'),
      },
      {
        name: 'a restaurant',
        field: ['rows', '0', 'restaurant_name'],
        message: 'This field may not be blank.',
        send: (t2, blank) =>
          json('POST', `/api/facts/facility/restaurants/update/${property}/`, [{ id: 0, restaurant_name: blank }])(t2),
        count: () => rows('restaurant'),
      },
      {
        name: 'a bar',
        field: ['rows', '0', 'bar_name'],
        message: 'This field may not be blank.',
        send: (t2, blank) =>
          json('POST', `/api/facts/facility/bars/update/${property}/`, [{ id: 0, bar_name: blank }])(t2),
        count: () => rows('bar'),
      },
      {
        name: 'a mailing group',
        field: ['name'],
        message: "Enter the group's name.",
        send: (t2, blank) => json('POST', '/api/settings/mailing-list/create/', { name: blank })(t2),
        count: () => count('mailing_lists'),
      },
      {
        name: 'a mailing contact',
        field: ['name'],
        message: "Enter the contact's name.",
        send: (t2, blank) =>
          json('POST', '/api/settings/contact-list/create/', {
            mailing_list: group,
            name: blank,
            email_address: 'desk@example.com',
          })(t2),
        count: () => count('mailing_contacts'),
      },
      {
        name: 'a team member invited',
        field: ['first_name'],
        message: 'This field may not be blank.',
        send: (t2, blank) =>
          json('POST', '/api/auth/authorized-user/invite/', {
            email: 'blank@example.com',
            first_name: blank,
            last_name: 'Vidal',
          })(t2),
        count: async () =>
          ((await t.api('GET', '/api/auth/authorized-users/', { token: owner.token })).json() as []).length,
      },
      {
        name: 'a team member renamed',
        field: ['last_name'],
        message: 'This field may not be blank.',
        send: (t2, blank) => json('PATCH', '/api/auth/authorized-user/update/', { id: member, last_name: blank })(t2),
        count: async () => ((await named('users', member)) === 'Ana|Vidal' ? 1 : 0),
      },
      {
        name: 'a profile',
        field: ['first_name'],
        message: 'This field may not be blank.',
        send: (t2, blank) => json('PATCH', '/api/auth/profile/update', { first_name: blank })(t2),
        count: async () => ((await named('users', owner.id)) === 'Test|Person' ? 1 : 0),
      },
      {
        name: 'a whitelist',
        field: ['name'],
        message: 'Enter a name.',
        send: (t2, blank) => json('POST', '/api/settings/whitelist/create/', { name: blank, domain: '127.0.0.1' })(t2),
        count: () => count('whitelists'),
      },
    ];

    it('refuses every name of blanks at its field, in its words, and stores nothing', async () => {
      for (const c of cases()) {
        const before = await c.count(t);
        for (const blank of BLANKS) {
          const res = await c.send(t, blank);
          const label = `${c.name} named ${JSON.stringify(blank)}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          let at: unknown = JSON.parse(res.body) as Json;
          for (const key of c.field) at = (at as Json | undefined)?.[key];
          expect(at, `${label}: ${res.body}`).toEqual([c.message]);
        }
        expect(await c.count(t), c.name).toBe(before);
      }
    });

    it('still takes a name with blanks around it, and a sign-up names its person', async () => {
      const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: [{ id: 0, room_name: '\u00a0Sea Suite\u3000', room_name_type: 'double room', room_view: 'Sea view' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const signUpBlank = await t.api('POST', '/api/auth/users/', {
        body: {
          email: 'blank-signup@example.com',
          password: 'Correct-Horse-42',
          re_password: 'Correct-Horse-42',
          account_type: 'accommodation',
          first_name: '\u2003',
          last_name: 'Person',
        },
      });
      expect(signUpBlank.statusCode, signUpBlank.body).toBe(400);
      expect(signUpBlank.json()).toEqual({ first_name: ['This field may not be blank.'] });
      expect(
        await t.services.db.kysely
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'blank-signup@example.com')
          .executeTakeFirst(),
      ).toBeUndefined();
    });
  });
}
