import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp } from '../../helpers/accounts.js';
import { auditEvents } from '../../helpers/fixtures/team-and-company.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`mailing groups and contacts (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('creates, edits and lists groups and their contacts; a group goes with its contacts', async () => {
      const owner = await signUp(t);
      const group = await t.api('POST', '/api/settings/mailing-list/create/', {
        token: owner.token,
        body: { name: ' Tour operators ', description: 'Contracted partners' },
      });
      expect(group.statusCode, group.body).toBe(201);
      const g = group.json();
      expect(g).toEqual({
        id: expect.any(Number),
        name: 'Tour operators',
        description: 'Contracted partners',
        date_created: t.clock.now().toISOString(),
        contacts_count: 0,
      });
      const other = (
        await t.api('POST', '/api/settings/mailing-list/create/', { token: owner.token, body: { name: 'Agents' } })
      ).json();

      const contact = await t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        body: {
          mailing_list: g.id,
          name: 'Olga Operator',
          title: 'Product manager',
          email_address: 'Olga@Operator.example',
          location: 'Berlin',
          phone: '+49 30 000',
        },
      });
      expect(contact.statusCode, contact.body).toBe(201);
      const c = contact.json();
      expect(c).toEqual({
        id: expect.any(Number),
        mailing_list: g.id,
        name: 'Olga Operator',
        title: 'Product manager',
        email_address: 'olga@operator.example',
        location: 'Berlin',
        phone: '+49 30 000',
      });
      const dup = await t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        body: { mailing_list: g.id, name: 'Again', email_address: 'olga@operator.example' },
      });
      expect(dup.statusCode).toBe(400);
      expect(dup.json()).toEqual({ email_address: ['This address is in the group already.'] });
      await t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        body: { mailing_list: g.id, name: 'Ben', email_address: 'ben@operator.example' },
      });

      const edited = await t.api('PUT', `/api/settings/contact-list/update/${c.id}/`, {
        token: owner.token,
        body: { ...c, title: 'Head of product' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().title).toBe('Head of product');
      const renamed = await t.api('PUT', `/api/settings/mailing-list/update/${g.id}/`, {
        token: owner.token,
        body: { ...g, name: 'Operators' },
      });
      expect(renamed.json()).toMatchObject({ id: g.id, name: 'Operators', contacts_count: 2 });

      const lists = (await t.api('GET', '/api/settings/mailing-lists/', { token: owner.token })).json() as {
        id: number;
        name: string;
        contacts_count: number;
      }[];
      expect(lists.map((l) => [l.name, l.contacts_count])).toEqual([
        ['Agents', 0],
        ['Operators', 2],
      ]);
      const contacts = (await t.api('GET', `/api/settings/contact-lists/${g.id}/`, { token: owner.token })).json() as {
        name: string;
      }[];
      expect(contacts.map((x) => x.name)).toEqual(['Ben', 'Olga Operator']);

      // A contact moves to another group of the account.
      const moved = await t.api('PUT', `/api/settings/contact-list/update/${c.id}/`, {
        token: owner.token,
        body: { ...c, mailing_list: other.id },
      });
      expect(moved.json().mailing_list).toBe(other.id);
      expect(
        (await t.api('DELETE', `/api/settings/contact-list/delete/${c.id}/`, { token: owner.token })).statusCode,
      ).toBe(204);
      expect(
        (await t.api('DELETE', `/api/settings/contact-list/delete/${c.id}/`, { token: owner.token })).statusCode,
      ).toBe(404);

      expect(
        (await t.api('DELETE', `/api/settings/mailing-list/delete/${g.id}/`, { token: owner.token })).statusCode,
      ).toBe(204);
      expect((await t.api('GET', `/api/settings/contact-lists/${g.id}/`, { token: owner.token })).statusCode).toBe(404);
      const left = await t.testDb.db.kysely
        .selectFrom('mailing_contacts')
        .select('id')
        .where('mailing_list_id', '=', g.id)
        .execute();
      expect(left).toEqual([]);

      const trail = await auditEvents(t, owner.token, '?kind=settings');
      expect(trail[0]!.summary).toBe('Deleted mailing group "Operators" and its contacts');
      const contactEdits = trail.filter((e) => e.summary === 'Edited contact olga@operator.example');
      expect(contactEdits.at(-1)!.changes).toEqual([
        { field: 'title', label: 'Job title', from: 'Product manager', to: 'Head of product' },
      ]);
    });

    it('validates e-mail addresses and other fields, naming each', async () => {
      const owner = await signUp(t);
      const g = (
        await t.api('POST', '/api/settings/mailing-list/create/', { token: owner.token, body: { name: 'G' } })
      ).json();
      const bad = await t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        body: { mailing_list: g.id, name: '', email_address: 'olga@', phone: 'call', fax: '1' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        name: ["Enter the contact's name."],
        email_address: ['Enter a valid email address.'],
        phone: ['Enter a valid phone number.'],
      });
      expect(bad.headers['x-ignored-fields']).toBe('fax');
      const missing = await t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        body: { mailing_list: 'one', name: 'X' },
      });
      expect(missing.json()).toEqual({
        mailing_list: ['Must be a whole number.'],
        email_address: ["Enter the contact's e-mail address."],
      });
      const noName = await t.api('POST', '/api/settings/mailing-list/create/', {
        token: owner.token,
        body: { description: true },
      });
      expect(noName.json()).toEqual({ name: ["Enter the group's name."], description: ['Must be text.'] });
    });

    it('keeps every account to its own groups, and needs the contacts-manager permission to change them', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { stop_sale_contact_list: true });
      const { sub: plain } = await ownerWithSubUser(t, { properties: true });
      const g = (
        await t.api('POST', '/api/settings/mailing-list/create/', {
          token: sub.token,
          body: { name: 'By the contacts manager' },
        })
      ).json();
      expect((await t.api('GET', '/api/settings/mailing-lists/', { token: owner.token })).json()).toHaveLength(1);
      const stranger = await signUp(t);
      expect((await t.api('GET', `/api/settings/contact-lists/${g.id}/`, { token: stranger.token })).statusCode).toBe(
        404,
      );
      expect(
        (
          await t.api('PUT', `/api/settings/mailing-list/update/${g.id}/`, {
            token: stranger.token,
            body: { name: 'Mine' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.api('DELETE', `/api/settings/mailing-list/delete/${g.id}/`, { token: stranger.token })).statusCode,
      ).toBe(404);
      expect(
        (
          await t.api('POST', '/api/settings/contact-list/create/', {
            token: stranger.token,
            body: { mailing_list: g.id, name: 'X', email_address: 'x@example.com' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.api('GET', '/api/settings/mailing-lists/', { token: stranger.token })).json()).toEqual([]);
      expect(
        (await t.api('POST', '/api/settings/mailing-list/create/', { token: plain.token, body: { name: 'X' } }))
          .statusCode,
      ).toBe(403);
      expect((await t.api('GET', '/api/settings/mailing-lists/', { token: plain.token })).statusCode).toBe(200);
      const { sub: reader } = await ownerWithSubUser(t, {});
      expect((await t.api('GET', `/api/settings/contact-lists/${g.id}/`, { token: reader.token })).statusCode).toBe(
        403,
      );
    });
  });
}
