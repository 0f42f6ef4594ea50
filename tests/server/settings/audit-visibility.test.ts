import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signIn, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { invitedMember, sendCompany, png } from '../../helpers/fixtures/team-and-company.js';
import { upload } from '../../helpers/fixtures/uploaded-photos.js';
import { AUDIT_AUDIENCE } from '../../../src/server/features/audit/visibility.js';

interface Event {
  id: number;
  kind: string;
  action: string;
  summary: string;
  actor: number | null;
  actor_email: string | null;
  property: number | null;
  subject: string | null;
  subject_id: number | null;
  changes: unknown[];
}

const kinds = (
  JSON.parse(readFileSync('schemas/options/auditKinds.json', 'utf8')) as { options: { value: string }[] }
).options.map((o) => o.value);

/** Every event of the trail as this caller sees it (all pages). */
async function trail(t: TestApp, token: string): Promise<Event[]> {
  const out: Event[] = [];
  for (let page = 1; ; page++) {
    const res = await t.api('GET', `/api/settings/audit-trail/?page=${page}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ results: Event[]; next: string | null }>();
    out.push(...body.results);
    if (!body.next) return out;
  }
}

const ok = (res: { statusCode: number; body: string }, status = 201) => expect(res.statusCode, res.body).toBe(status);

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`audit trail shared with the team: what each member sees (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let member: Account;
    let other: Account;
    let allowed: number;
    let hidden: number;
    let permissionsId: number;
    const contact = { name: 'Carla Contact', email_address: 'carla.contact@example.com', phone: '+34 600 111 222' };

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      allowed = (await createProperty(t, owner.token, { hotel_name: 'Allowed Hotel' })).id;
      hidden = (await createProperty(t, owner.token, { hotel_name: 'Hidden Hotel' })).id;
      member = await invitedMember(t, owner, { first_name: 'Mona' });
      other = await invitedMember(t, owner, { first_name: 'Otto', phone: '+34 600 999 888' });
      const created = await t.api('POST', '/api/auth/permissions/create/', {
        token: owner.token,
        body: { user: member.id, properties_allowed: [allowed] },
      });
      ok(created);
      permissionsId = created.json<{ id: number }>().id;
      ok(
        await t.api('POST', '/api/auth/permissions/create/', {
          token: owner.token,
          body: { user: other.id, facts: true, properties_allowed: [allowed, hidden] },
        }),
      );
      ok(
        await t.api('PATCH', '/api/auth/authorized-user/update/', {
          token: owner.token,
          body: { id: other.id, title: 'Night manager' },
        }),
        200,
      );
      ok(
        await t.api('PATCH', '/api/auth/authorized-user/update/', {
          token: owner.token,
          body: { id: member.id, title: 'Reception' },
        }),
        200,
      );

      // One or more events of every kind, on both properties where they have one.
      for (const hotel of [allowed, hidden]) {
        ok(
          await t.api('POST', '/api/facts/main-info/create/', {
            token: owner.token,
            body: { hotel, zip_code: '07001' },
          }),
        );
        ok(
          await t.api('POST', `/api/facts/maintenance/update/${hotel}/`, {
            token: owner.token,
            body: [
              {
                id: 0,
                maintenance_type_apply: 'Lobby renovation',
                maintenance_zone: 'Partially',
                maintenance_disturbance: 'disturbing',
                maintenance_from: '2027-01-10',
                maintenance_to: '2027-02-01',
              },
            ],
          }),
          200,
        );
        ok(
          await upload(t, owner.token, hotel, [
            { name: 'imagesArray', value: await png(), filename: 'pool.png', contentType: 'image/png' },
          ]),
        );
        const rooms = await t.api('POST', `/api/facts/rooms/update/${hotel}/`, {
          token: owner.token,
          body: [{ id: 0, room_name: 'Double', room_name_type: 'double room', room_view: 'Sea view' }],
        });
        ok(rooms, 200);
        ok(
          await t.api('POST', '/api/stop-sale/range/', {
            token: owner.token,
            body: {
              hotel,
              rooms: [rooms.json<{ id: number }[]>()[0]!.id],
              from: '2027-01-10',
              to: '2027-01-12',
              color: 2,
            },
          }),
          200,
        );
      }
      ok(await sendCompany(t, 'POST', owner.token, { company: 'Ananas Hotels SL', country: 'ES' }));
      ok(await t.api('POST', '/api/settings/preferences/create/', { token: owner.token, body: { audit_trail: true } }));
      const group = await t.api('POST', '/api/settings/mailing-list/create/', {
        token: owner.token,
        body: { name: 'Partners' },
      });
      ok(group);
      ok(
        await t.api('POST', '/api/settings/contact-list/create/', {
          token: owner.token,
          body: { mailing_list: group.json<{ id: number }>().id, ...contact },
        }),
      );
      ok(await t.api('POST', '/api/settings/premium/request/', { token: owner.token, body: { plan: 'P' } }));
      // A send of the export centre, on both properties (published by hand: a send needs published, not complete).
      for (const hotel of [allowed, hidden]) {
        await t.services.db.kysely
          .updateTable('properties')
          .set({ publish_date: t.clock.now().toISOString() })
          .where('id', '=', hotel)
          .execute();
        ok(
          await t.api('GET', `/api/facts/send-facts/${group.json<{ id: number }>().id}/sheet/${hotel}/`, {
            token: owner.token,
          }),
        );
      }
      // A contract proposed to a tour operator (no property: contracts belong to the account).
      const operator = await signUp(t, { account_type: 'to' });
      ok(await t.api('POST', '/api/partners/contract/create/', { token: owner.token, body: { partner: operator.id } }));
      ok(
        await t.api('POST', '/api/auth/users/set_password/', {
          token: other.token,
          body: {
            current_password: PASSWORD,
            new_password: 'Quiet-Maple-Tree-71',
            re_new_password: 'Quiet-Maple-Tree-71',
          },
        }),
        204,
      );
      ok(
        await t.api('POST', '/api/auth/users/set_password/', {
          token: member.token,
          body: {
            current_password: PASSWORD,
            new_password: 'Bright-Cedar-Lake-82',
            re_new_password: 'Bright-Cedar-Lake-82',
          },
        }),
        204,
      );
      member.token = await signIn(t, member.email, 'Bright-Cedar-Lake-82');
      await t.api('POST', '/api/auth/token/login/', { body: { email: other.email, password: 'Wrong-Horse-00' } });
    });
    afterAll(() => t.stop());

    /**
     * What the rule in docs/security.md ("Permissions") says a member sees, written out independently of the server's
     * table.
     */
    function expected(e: Event, flags: { contacts: boolean; premium: boolean; properties?: boolean }): boolean {
      if (e.property !== null && e.property !== allowed) return false;
      switch (e.kind) {
        case 'facts':
        case 'rows':
        case 'photos':
        case 'property':
          return true;
        case 'team':
        case 'permissions':
          return e.subject === 'user' && e.subject_id === member.id;
        case 'sign-in':
        case 'account':
          return e.actor === member.id;
        case 'exports':
          return flags.properties === true;
        case 'contracts':
        case 'stop-sale':
          return true;
        case 'settings':
          if (e.subject === 'contact') return flags.contacts;
          if (e.subject === 'premium') return flags.premium;
          return ['company', 'preferences', 'mailing-list'].includes(e.subject ?? '');
        default:
          return false;
      }
    }

    it('the owner sees every event, of every kind the trail offers', async () => {
      const all = await trail(t, owner.token);
      // Overrides and code mappings are a tour operator's doing: a hotel's trail has them only once it decides on one (tests/server/operator).
      expect([...new Set(all.map((e) => e.kind))].sort()).toEqual(
        kinds.filter((k) => k !== 'overrides' && k !== 'mapping').sort(),
      );
      const subjects = new Set(all.filter((e) => e.kind === 'settings').map((e) => e.subject));
      expect([...subjects].sort()).toEqual(['company', 'contact', 'mailing-list', 'preferences', 'premium']);
      // Every kind of the filter list has a line in the rule: none is private by accident.
      for (const kind of kinds) expect(kind === 'settings' || kind in AUDIT_AUDIENCE, kind).toBe(true);
    });

    for (const flags of [
      { contacts: false, premium: false },
      { contacts: true, premium: false },
      { contacts: false, premium: true },
      { contacts: true, premium: true },
      { contacts: false, premium: false, properties: true },
    ] as { contacts: boolean; premium: boolean; properties?: boolean }[]) {
      it(`a member with ${flags.contacts ? '' : 'no '}contacts flag, ${flags.premium ? '' : 'no '}premium flag and ${flags.properties ? '' : 'no '}properties flag sees exactly what it may see, per kind`, async () => {
        ok(
          await t.api('PUT', `/api/auth/permissions/update/${permissionsId}/`, {
            token: owner.token,
            body: {
              user: member.id,
              stop_sale_contact_list: flags.contacts,
              premium_subscription: flags.premium,
              properties: flags.properties ?? false,
              properties_allowed: [allowed],
            },
          }),
          200,
        );
        const all = await trail(t, owner.token);
        const seen = await trail(t, member.token);
        const want = all.filter((e) => expected(e, flags));
        for (const kind of kinds) {
          expect(
            seen.filter((e) => e.kind === kind).map((e) => e.id),
            kind,
          ).toEqual(want.filter((e) => e.kind === kind).map((e) => e.id));
        }
        expect(seen.map((e) => e.id)).toEqual(want.map((e) => e.id));
        // Per kind, something is seen and something is not (the test can fail both ways).
        expect(seen.some((e) => e.kind === 'facts' && e.property === allowed)).toBe(true);
        expect(seen.some((e) => e.property === hidden)).toBe(false);
        expect(seen.some((e) => e.kind === 'permissions' && e.subject_id === member.id)).toBe(true);
        expect(seen.some((e) => e.kind === 'sign-in' && e.actor === member.id)).toBe(true);

        const text = JSON.stringify(seen);
        // The other member: its invitation, edits, permissions, sign-ins and password never show.
        expect(text.includes(other.email)).toBe(false);
        expect(text.includes('+34 600 999 888')).toBe(false);
        expect(seen.some((e) => e.kind === 'account' && e.actor === other.id)).toBe(false);
        // Contacts (name, address, phone) only with the contacts flag, as the contacts themselves.
        for (const value of Object.values(contact)) expect(text.includes(value), value).toBe(flags.contacts);
        expect(seen.some((e) => e.subject === 'premium')).toBe(flags.premium);
        expect(seen.some((e) => e.kind === 'exports')).toBe(flags.properties === true);

        // Filters narrow within what the member sees, never widen it.
        const contacts = await t.api('GET', '/api/settings/audit-trail/?kind=settings', { token: member.token });
        expect(contacts.json<{ results: Event[] }>().results.some((e) => e.subject === 'contact')).toBe(flags.contacts);
        const byOther = await t.api('GET', `/api/settings/audit-trail/?user=${other.id}`, { token: member.token });
        expect(byOther.json<{ count: number }>().count).toBe(0);
      });
    }

    it("a member sees the owner's edits of itself and the company details, not the edits of another member", async () => {
      const seen = await trail(t, member.token);
      expect(seen.some((e) => e.kind === 'team' && e.action === 'update' && e.subject_id === member.id)).toBe(true);
      expect(seen.some((e) => e.kind === 'team' && e.subject_id === other.id)).toBe(false);
      expect(seen.some((e) => e.kind === 'settings' && e.subject === 'company')).toBe(true);
    });
  });
}
