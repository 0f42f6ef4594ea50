import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ALL_DIALECTS, describeOn } from '../helpers/db.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, signUp, type Account } from '../helpers/accounts.js';
import { createProperty } from '../helpers/properties.js';
import { invitedMember, sendCompany } from '../helpers/fixtures/team-and-company.js';
import { file, jpeg, uploaded } from '../helpers/fixtures/uploaded-photos.js';

/**
 * Parallel calls that compete for one unique value or one list: exactly one winner, a clear 400
 * or 409 for every other caller (never a 500), and the database holds exactly one result.
 */
const N = 10;
const parallel = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));
const statuses = (all: LightMyRequestResponse[]) => all.map((r) => r.statusCode).sort();

/** One winner with `win`, every other caller answered `lose` with `body`. */
function oneWinner(all: LightMyRequestResponse[], win: number, lose: number, body: unknown): void {
  expect(statuses(all), all.map((r) => r.body).join('\n')).toEqual(
    [win, ...Array<number>(all.length - 1).fill(lose)].sort(),
  );
  for (const r of all.filter((x) => x.statusCode === lose)) expect(r.json()).toEqual(body);
}

const register = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  re_password: PASSWORD,
  account_type: 'accommodation',
  first_name: 'Rae',
  last_name: 'Racer',
  ...extra,
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`races on unique values and list saves (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
    });
    afterAll(() => t.stop());
    const db = () => t.testDb.db.kysely;
    const count = async (
      table: 'users' | 'mailing_contacts' | 'permissions' | 'premium_requests',
      where: [string, unknown],
    ) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where(where[0] as never, '=', where[1] as never)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('sign-ups with one e-mail: one account, the others told the address is taken', async () => {
      const all = await parallel(N, () =>
        t.api('POST', '/api/auth/users/', { body: register('same.racer@example.com') }),
      );
      oneWinner(all, 201, 400, { email: ['A user with that email already exists.'] });
      expect(await count('users', ['email', 'same.racer@example.com'])).toBe(1);
    });

    it('sign-ups with one username: one account, the others told the username is taken', async () => {
      const all = await parallel(N, (i) =>
        t.api('POST', '/api/auth/users/', { body: register(`racer${i}@example.com`, { username: 'the-racer' }) }),
      );
      oneWinner(all, 201, 400, { username: ['A user with that username already exists.'] });
      expect(await count('users', ['username', 'the-racer'])).toBe(1);
    });

    it('sign-ups whose usernames the server picks from one local part all succeed, with different usernames', async () => {
      const all = await parallel(N, (i) =>
        t.api('POST', '/api/auth/users/', { body: register(`twin@domain${i}.example`) }),
      );
      expect(statuses(all)).toEqual(Array<number>(N).fill(201));
      expect(new Set(all.map((r) => r.json<{ username: string }>().username)).size).toBe(N);
    });

    it('invitations of one address: one member, the others told the address is taken', async () => {
      const all = await parallel(N, () =>
        t.api('POST', '/api/auth/authorized-user/invite/', {
          token: owner.token,
          body: { email: 'invitee@example.com', first_name: 'Ina', last_name: 'Vitee' },
        }),
      );
      oneWinner(all, 201, 400, { email: ['A user with that email already exists.'] });
      expect(await count('users', ['email', 'invitee@example.com'])).toBe(1);
    });

    it('permission creates for one member: one record, 409 for the others', async () => {
      const member = await invitedMember(t, owner);
      const all = await parallel(N, (i) =>
        t.api('POST', '/api/auth/permissions/create/', {
          token: owner.token,
          body: { user: member.id, facts: i % 2 === 0 },
        }),
      );
      oneWinner(all, 201, 409, { detail: 'This user has permissions already; update them instead.' });
      expect(await count('permissions', ['user_id', member.id])).toBe(1);
    });

    it('profile and e-mail changes to one username or address: one wins, the other is told it is taken', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const names = await Promise.all(
        [a, b].map((u) =>
          t.api('PATCH', '/api/auth/profile/update', { token: u.token, body: { username: 'wanted-name' } }),
        ),
      );
      oneWinner(names, 200, 400, { username: ['A user with that username already exists.'] });
      const emails = await Promise.all(
        [a, b].map((u) =>
          t.api('POST', '/api/auth/users/set_email/', {
            token: u.token,
            body: { current_password: PASSWORD, new_email: 'wanted@example.com', re_new_email: 'wanted@example.com' },
          }),
        ),
      );
      oneWinner(emails, 204, 400, { new_email: ['A user with that email already exists.'] });
      expect(await count('users', ['email', 'wanted@example.com'])).toBe(1);
    });

    it('contacts with one address in one group: one contact (the database says so), the others told it is there', async () => {
      const group = (
        await t.api('POST', '/api/settings/mailing-list/create/', { token: owner.token, body: { name: 'Race group' } })
      ).json<{ id: number }>().id;
      const other = (
        await t.api('POST', '/api/settings/mailing-list/create/', { token: owner.token, body: { name: 'Other group' } })
      ).json<{ id: number }>().id;
      const contact = { name: 'Dup Licate', email_address: 'Dup@Example.com' };
      const all = await parallel(N, () =>
        t.api('POST', '/api/settings/contact-list/create/', {
          token: owner.token,
          body: { mailing_list: group, ...contact },
        }),
      );
      oneWinner(all, 201, 400, { email_address: ['This address is in the group already.'] });
      expect(await count('mailing_contacts', ['mailing_list_id', group])).toBe(1);
      // The same address may be in another group; moving it into a group that has it is refused.
      const elsewhere = await t.api('POST', '/api/settings/contact-list/create/', {
        token: owner.token,
        body: { mailing_list: other, ...contact },
      });
      expect(elsewhere.statusCode).toBe(201);
      const moved = await t.api('PUT', `/api/settings/contact-list/update/${elsewhere.json<{ id: number }>().id}/`, {
        token: owner.token,
        body: { mailing_list: group, ...contact },
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toEqual({ email_address: ['This address is in the group already.'] });
      // The database refuses a second row even when the handler's check is skipped.
      const row = await db()
        .selectFrom('mailing_contacts')
        .selectAll()
        .where('mailing_list_id', '=', group)
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = row;
      await expect(db().insertInto('mailing_contacts').values(copy).execute()).rejects.toThrow();
    });

    it('upgrade requests: one waits, 409 for the others', async () => {
      const account = await signUp(t);
      const all = await parallel(N, () =>
        t.api('POST', '/api/settings/premium/request/', { token: account.token, body: { plan: 'P' } }),
      );
      oneWinner(all, 201, 409, { detail: 'An upgrade request is waiting for the Ananas team already.' });
      expect(await count('premium_requests', ['account_id', account.id])).toBe(1);
    });

    it('creates of a document made once (company details, preferences, a fact section): one 201, 409 for the others', async () => {
      const account = await signUp(t);
      const company = await parallel(N, () =>
        sendCompany(t, 'POST', account.token, { company: 'Race Ltd', country: 'ES' }),
      );
      oneWinner(company, 201, 409, { detail: 'The company details exist already; edit them instead.' });
      const prefs = await parallel(N, () =>
        t.api('POST', '/api/settings/preferences/create/', { token: account.token, body: { audit_trail: true } }),
      );
      expect(statuses(prefs)).toEqual([201, ...Array<number>(N - 1).fill(409)]);
      const hotel = (await createProperty(t, account.token)).id;
      const sections = await parallel(N, () =>
        t.api('POST', '/api/facts/main-info/create/', { token: account.token, body: { hotel, zip_code: '07001' } }),
      );
      expect(statuses(sections)).toEqual([201, ...Array<number>(N - 1).fill(409)]);
    });

    it('two-factor enrolments and confirmations at once: never a 500, one key in the end', async () => {
      const a = await signUp(t);
      const enrolments = await parallel(N, () => t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token }));
      expect(statuses(enrolments)).toEqual(Array<number>(N).fill(200));
      expect(
        Number(
          (
            await db()
              .selectFrom('two_factor')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', a.id)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(1);
    });

    const lists = [
      {
        name: 'restaurants',
        url: 'facility/restaurants',
        row: (tag: string) => ({ id: 0, restaurant_name: tag }),
        label: (r: Record<string, unknown>) => r.restaurant_name,
      },
      {
        name: 'bars',
        url: 'facility/bars',
        row: (tag: string) => ({ id: 0, bar_name: tag }),
        label: (r: Record<string, unknown>) => r.bar_name,
      },
      {
        name: 'maintenance',
        url: 'maintenance',
        // Choices come from option lists: the caller and row are told apart by the dates.
        row: (tag: string) => {
          const [, caller, k] = /caller (\d+) row (\d+)/.exec(tag)!.map(Number);
          const day = `2027-${String(k! + 1).padStart(2, '0')}-${String(caller! + 1).padStart(2, '0')}`;
          return {
            id: 0,
            maintenance_type_apply: 'Lobby renovation',
            maintenance_zone: 'Complete',
            maintenance_disturbance: 'little disturbing',
            maintenance_from: day,
            maintenance_to: day,
          };
        },
        label: (r: Record<string, unknown>) => r.maintenance_from,
      },
    ];
    for (const list of lists) {
      for (const [callers, size] of [
        [2, 2],
        [20, 3],
      ] as const) {
        it(`${callers} whole-list saves of ${list.name} (${size} rows each) leave exactly one caller's list`, async () => {
          const hotel = (await createProperty(t, owner.token)).id;
          const mine = (i: number) => Array.from({ length: size }, (_, k) => list.row(`caller ${i} row ${k}`));
          const all = await parallel(callers, (i) =>
            t.api('POST', `/api/facts/${list.url}/update/${hotel}/`, { token: owner.token, body: mine(i) }),
          );
          expect(statuses(all)).toEqual(Array<number>(callers).fill(200));
          const stored = (await t.api('GET', `/api/facts/${list.url}/${hotel}/`, { token: owner.token })).json<
            Record<string, unknown>[]
          >();
          expect(stored).toHaveLength(size);
          const labels = stored.map(list.label);
          const winners = Array.from({ length: callers }, (_, i) => i).filter(
            (i) => JSON.stringify(mine(i).map(list.label)) === JSON.stringify(labels),
          );
          expect(winners).toHaveLength(1);
          // ...and it is exactly what that caller was answered.
          expect(
            all.some(
              (r) => JSON.stringify(r.json<Record<string, unknown>[]>().map(list.label)) === JSON.stringify(labels),
            ),
          ).toBe(true);
        });
      }
    }

    it('a list save racing edits of rows another save removes: the edit is told the row is gone, nothing merges', async () => {
      const hotel = (await createProperty(t, owner.token)).id;
      const url = `/api/facts/facility/bars/update/${hotel}/`;
      const first = (
        await t.api('POST', url, {
          token: owner.token,
          body: [
            { id: 0, bar_name: 'Old A' },
            { id: 0, bar_name: 'Old B' },
          ],
        })
      ).json<{ id: number }[]>();
      const [replace, edit] = await Promise.all([
        t.api('POST', url, { token: owner.token, body: [{ id: 0, bar_name: 'New only' }] }),
        t.api('POST', url, { token: owner.token, body: first.map((r, i) => ({ ...r, bar_name: `Edited ${i}` })) }),
      ]);
      const stored = (await t.api('GET', `/api/facts/facility/bars/${hotel}/`, { token: owner.token }))
        .json<{ bar_name: string }[]>()
        .map((r) => r.bar_name);
      expect(replace.statusCode).toBe(200);
      // Either the edit went first (and the replacement removed its rows) or it found them gone.
      if (edit.statusCode !== 200) {
        expect(edit.statusCode).toBe(400);
        expect(edit.json().non_field_errors[0]).toMatch(/no longer exists/);
      }
      expect(stored).toEqual(['New only']);
    });

    it('gallery edits at once: one featured photo, sequences 1..n, a photo deleted twice is deleted once', async () => {
      const hotel = (await createProperty(t, owner.token)).id;
      const photos = await uploaded(
        t,
        owner.token,
        hotel,
        await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => file(await jpeg(64, 48), `p${i}.jpg`))),
      );
      const featured = await parallel(photos.length, (i) =>
        t.api('PATCH', '/api/facts/property/gallery/featured-image/', {
          token: owner.token,
          body: { property: hotel, photo: photos[i]!.id },
        }),
      );
      expect(statuses(featured)).toEqual(Array<number>(photos.length).fill(200));
      const deletes = await parallel(4, (i) =>
        t.api('DELETE', `/api/facts/property/gallery/${hotel}/${photos[i % 2]!.id}/delete/`, { token: owner.token }),
      );
      expect(statuses(deletes)).toEqual([204, 204, 404, 404]);
      const moves = await parallel(4, (i) =>
        t.api('PATCH', `/api/facts/property/gallery/${hotel}/${photos[2 + i]!.id}/update/`, {
          token: owner.token,
          body: { sequence: 1 },
        }),
      );
      expect(statuses(moves)).toEqual([200, 200, 200, 200]);
      const left = (await t.api('GET', `/api/facts/property/${hotel}/gallery/`, { token: owner.token })).json<
        { id: number; sequence: number; featured: boolean }[]
      >();
      expect(left.map((p) => p.sequence)).toEqual([1, 2, 3, 4]);
      expect(left.filter((p) => p.featured).length).toBeLessThanOrEqual(1);
    });

    it('room saves adding rooms at once keep every room; a delete racing a save of the same room is one or the other', async () => {
      const hotel = (await createProperty(t, owner.token)).id;
      const room = (name: string) => ({ id: 0, room_name: name, room_name_type: 'double room', room_view: 'Sea view' });
      const all = await parallel(N, (i) =>
        t.api('POST', `/api/facts/rooms/update/${hotel}/`, { token: owner.token, body: [room(`Room ${i}`)] }),
      );
      expect(statuses(all)).toEqual(Array<number>(N).fill(200));
      const rooms = (await t.api('GET', `/api/facts/rooms/${hotel}/`, { token: owner.token })).json<
        { id: number; room_name: string }[]
      >();
      expect(rooms.map((r) => r.room_name).sort()).toEqual(Array.from({ length: N }, (_, i) => `Room ${i}`).sort());
      const target = rooms[0]!;
      const [saved, deleted] = await Promise.all([
        t.api('POST', `/api/facts/rooms/update/${hotel}/`, {
          token: owner.token,
          body: [{ ...target, room_name: 'Renamed' }],
        }),
        t.api('DELETE', `/api/facts/rooms/delete/${target.id}/`, { token: owner.token }),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect([200, 400]).toContain(saved.statusCode);
      const after = (await t.api('GET', `/api/facts/rooms/${hotel}/`, { token: owner.token })).json<{ id: number }[]>();
      expect(after.some((r) => r.id === target.id)).toBe(false);
      expect(after).toHaveLength(N - 1);
    });
  });
}
