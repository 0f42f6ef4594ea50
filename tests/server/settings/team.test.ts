import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, ownerWithSubUser, signIn, signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { DAY } from './time.js';
import { auditEvents, invitationLink, invitedMember } from '../../helpers/fixtures/team-and-company.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`authorized users and invitations (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const invite = (token: string, body: Record<string, unknown>) =>
      t.api('POST', '/api/auth/authorized-user/invite/', { token, body });
    const accept = (link: { uid: string; token: string }, password = PASSWORD, again = password) =>
      t.api('POST', '/api/auth/users/invitation/accept/', {
        body: { ...link, new_password: password, re_new_password: again },
      });

    it('invites without a password, mails a single-use link, and the accepted user signs in as part of the team', async () => {
      const owner = await signUp(t);
      const res = await invite(owner.token, {
        email: 'Front.Desk@Example.com',
        first_name: 'Fran',
        last_name: 'Desk',
        phone: '+34 600 000 000',
        title: 'Front office',
        country: 'ES',
        language: 'es',
      });
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        email: 'front.desk@example.com',
        first_name: 'Fran',
        title: 'Front office',
        country: 'ES',
        language: 'es',
        is_active: false,
        invitation_pending: true,
        manager: owner.id,
        last_login: null,
      });
      const [mail] = t.mail.to('front.desk@example.com');
      // In the invitee's language (their profile says es).
      expect(mail!.subject).toBe('Test Person le ha invitado a Ananas');
      expect(mail!.text).toMatch(/http:\/\/portal\.test\/auth\/invite\/[^/\s]+\/[^/\s]+/);
      expect(mail!.text).toMatch(/3 días/);

      // No password works before the invitation is accepted.
      expect(
        (await t.api('POST', '/api/auth/token/login/', { body: { email: 'front.desk@example.com', password: '' } }))
          .statusCode,
      ).toBe(400);
      const link = invitationLink(t, 'front.desk@example.com');
      const weak = await accept(link, '12345678');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().new_password).toBeDefined();
      expect((await accept(link, PASSWORD, 'Other-Horse-42')).json()).toEqual({
        re_new_password: ["The two password fields didn't match."],
      });
      expect((await accept(link)).statusCode).toBe(204);
      expect((await accept(link)).json()).toEqual({ token: ['Invalid or expired link. Ask for a new one.'] });

      const token = await signIn(t, 'front.desk@example.com');
      const me = (await t.api('GET', '/api/auth/users/me/', { token })).json();
      expect(me).toMatchObject({ id: user.id, manager: owner.id, account_type: 'accommodation' });
      const listed = (await t.api('GET', '/api/auth/authorized-users/', { token: owner.token })).json();
      expect(listed).toEqual([expect.objectContaining({ id: user.id, is_active: true, invitation_pending: false })]);
      expect((await t.api('GET', `/api/auth/authorized-user/${user.id}/`, { token: owner.token })).json()).toEqual(
        listed[0],
      );

      const trail = await auditEvents(t, owner.token, '?kind=team');
      expect(trail.map((e) => e.summary)).toEqual([
        'front.desk@example.com accepted the invitation',
        'Invited front.desk@example.com as an authorized user',
      ]);
    });

    it('lets an invitation expire after 3 days, and refuses addresses in use and bad fields', async () => {
      const owner = await signUp(t);
      expect(
        (await invite(owner.token, { email: 'late@example.com', first_name: 'L', last_name: 'Ate' })).statusCode,
      ).toBe(201);
      t.clock.advance(3 * DAY + 1000);
      expect((await accept(invitationLink(t, 'late@example.com'))).json()).toEqual({
        token: ['Invalid or expired link. Ask for a new one.'],
      });
      owner.token = await signIn(t, owner.email);
      const taken = await invite(owner.token, { email: owner.email, first_name: 'A', last_name: 'B' });
      expect(taken.json()).toEqual({ email: ['A user with that email already exists.'] });
      const bad = await invite(owner.token, {
        email: 'nope',
        first_name: '',
        last_name: 'B',
        country: 'Spain',
        password: 'x',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['country', 'email', 'first_name']);
      expect(bad.headers['x-ignored-fields']).toBe('password');
    });

    it('edits a member; switching it off ends its sessions at once; back on, it signs in again', async () => {
      const owner = await signUp(t);
      const member = await invitedMember(t, owner);
      const edited = await t.api('PATCH', '/api/auth/authorized-user/update/', {
        token: owner.token,
        body: {
          id: member.id,
          first_name: 'Maria',
          phone: '+34 611 111 111',
          title: 'Reservations',
          language: 'de',
          country: 'DE',
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        first_name: 'Maria',
        phone: '+34 611 111 111',
        title: 'Reservations',
        language: 'de',
        country: 'DE',
        is_active: true,
      });

      const off = await t.api('PATCH', '/api/auth/authorized-user/update/', {
        token: owner.token,
        body: { id: member.id, is_active: false },
      });
      expect(off.json().is_active).toBe(false);
      expect((await t.api('GET', '/api/auth/users/me/', { token: member.token })).statusCode).toBe(401);
      const refused = await t.api('POST', '/api/auth/token/login/', {
        body: { email: member.email, password: PASSWORD },
      });
      expect(refused.json()).toEqual({
        non_field_errors: ['Your access to this account has been turned off. Ask the account owner.'],
      });

      const on = await t.api('PATCH', '/api/auth/authorized-user/update/', {
        token: owner.token,
        body: { id: member.id, is_active: true },
      });
      expect(on.json().is_active).toBe(true);
      await signIn(t, member.email);

      const [event] = await auditEvents(t, owner.token, '?kind=team');
      expect(event).toMatchObject({
        summary: `Edited authorized user ${member.email}`,
        changes: [{ field: 'is_active', label: 'Active', from: false, to: true }],
      });
      const first = (await auditEvents(t, owner.token, '?kind=team')).find((e) =>
        e.changes.some((c) => c.field === 'first_name'),
      )!;
      expect(first.changes).toEqual(
        expect.arrayContaining([{ field: 'first_name', label: 'First name', from: 'Mia', to: 'Maria' }]),
      );
    });

    it('withdraws a pending invitation when the member is switched off, and restores it when switched on', async () => {
      const owner = await signUp(t);
      const res = await invite(owner.token, { email: 'pending@example.com', first_name: 'P', last_name: 'Ending' });
      const id = res.json().id as number;
      await t.api('PATCH', '/api/auth/authorized-user/update/', { token: owner.token, body: { id, is_active: false } });
      expect((await accept(invitationLink(t, 'pending@example.com'))).json()).toEqual({
        token: ['This invitation has been withdrawn. Ask the account owner for a new one.'],
      });
      const on = await t.api('PATCH', '/api/auth/authorized-user/update/', {
        token: owner.token,
        body: { id, is_active: true },
      });
      expect(on.json()).toMatchObject({ is_active: false, invitation_pending: true });
    });

    it('removes a member with its sessions and permissions; the trail keeps the record', async () => {
      const owner = await signUp(t);
      const member = await invitedMember(t, owner);
      await t.api('POST', '/api/auth/permissions/create/', {
        token: owner.token,
        body: { user: member.id, facts: true },
      });
      expect(
        (await t.api('DELETE', `/api/auth/authorized-user/delete/${member.id}/`, { token: owner.token })).statusCode,
      ).toBe(204);
      expect((await t.api('GET', '/api/auth/users/me/', { token: member.token })).statusCode).toBe(401);
      expect((await t.api('GET', `/api/auth/authorized-user/${member.id}/`, { token: owner.token })).statusCode).toBe(
        404,
      );
      expect(
        await t.testDb.db.kysely.selectFrom('permissions').select('id').where('user_id', '=', member.id).execute(),
      ).toEqual([]);
      expect((await auditEvents(t, owner.token, '?kind=team'))[0]!.summary).toBe(
        `Removed authorized user ${member.email}`,
      );
    });

    it("is the owner's alone: sub-users get 403, other owners 404, and the old register-with-manager path still works", async () => {
      const { owner, sub } = await ownerWithSubUser(t, {
        properties: true,
        facts: true,
        photos: true,
        company: true,
        export: true,
      });
      const stranger = await signUp(t);
      expect((await t.api('GET', '/api/auth/authorized-users/', { token: sub.token })).statusCode).toBe(403);
      expect((await invite(sub.token, { email: 'x@example.com', first_name: 'X', last_name: 'Y' })).statusCode).toBe(
        403,
      );
      expect(
        (
          await t.api('PATCH', '/api/auth/authorized-user/update/', {
            token: sub.token,
            body: { id: sub.id, is_active: true },
          })
        ).statusCode,
      ).toBe(403);
      expect((await t.api('GET', `/api/auth/authorized-user/${sub.id}/`, { token: stranger.token })).statusCode).toBe(
        404,
      );
      expect(
        (
          await t.api('PATCH', '/api/auth/authorized-user/update/', {
            token: stranger.token,
            body: { id: sub.id, is_active: false },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.api('DELETE', `/api/auth/authorized-user/delete/${sub.id}/`, { token: stranger.token })).statusCode,
      ).toBe(404);
      expect(
        (await t.api('DELETE', `/api/auth/authorized-user/delete/${owner.id}/`, { token: owner.token })).statusCode,
      ).toBe(404);
      expect((await t.api('GET', '/api/auth/authorized-users/', { token: stranger.token })).json()).toEqual([]);
      // ownerWithSubUser registered the sub-user through POST api/auth/users/ with manager.
      expect((await t.api('GET', '/api/auth/authorized-users/', { token: owner.token })).json()).toEqual([
        expect.objectContaining({ id: sub.id, is_active: true, invitation_pending: false }),
      ]);
    });

    it('takes a deleted property out of every allowed list, so the permissions can be saved again', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const kept = await createProperty(t, owner.token, { hotel_name: 'Kept' });
      const gone = await createProperty(t, owner.token, { hotel_name: 'Gone' });
      const record = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      await t.api('PUT', `/api/auth/permissions/update/${record.id}/`, {
        token: owner.token,
        body: { ...record, properties_allowed: [kept.id, gone.id] },
      });
      expect((await t.api('DELETE', `/api/facts/property/delete/${gone.id}/`, { token: owner.token })).statusCode).toBe(
        204,
      );
      const after = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      expect(after.properties_allowed).toEqual([kept.id]);
      expect(
        (await t.api('PUT', `/api/auth/permissions/update/${record.id}/`, { token: owner.token, body: after }))
          .statusCode,
      ).toBe(200);
    });
  });
}
