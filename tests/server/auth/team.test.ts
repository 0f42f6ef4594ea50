import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, ownerWithSubUser, signUp } from '../../helpers/accounts.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`authorized users and permissions (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    const register = (token: string | undefined, manager: number, accountType = 'accommodation') =>
      t.api('POST', '/api/auth/users/', {
        token,
        body: {
          email: `sub-${Math.random().toString(36).slice(2)}@example.com`,
          password: PASSWORD,
          re_password: PASSWORD,
          account_type: accountType,
          first_name: 'S',
          last_name: 'U',
          manager,
        },
      });

    it('lets an owner add an authorized user under its own id, and mails an invitation', async () => {
      const owner = await signUp(t);
      const res = await register(owner.token, owner.id);
      expect(res.statusCode).toBe(201);
      expect(res.json().manager).toBe(owner.id);
      expect(t.mail.to(res.json().email)[0]!.subject).toMatch(/invited you/);
    });

    it('refuses a manager named by anyone but that owner', async () => {
      const owner = await signUp(t);
      const stranger = await signUp(t);
      expect((await register(undefined, owner.id)).statusCode).toBe(403);
      expect((await register(stranger.token, owner.id)).statusCode).toBe(403);
      const { sub } = await ownerWithSubUser(t, {});
      expect((await register(sub.token, sub.id)).statusCode).toBe(403);
      const otherType = await register(owner.token, owner.id, 'to');
      expect(otherType.statusCode).toBe(400);
      expect(otherType.json().account_type).toBeDefined();
    });

    it("creates, reads and updates a sub-user's permissions; owners hold every flag", async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true, role: 'FO' });
      const mine = await t.api('GET', `/api/auth/permissions/${owner.id}/`, { token: owner.token });
      expect(mine.json()).toMatchObject({ user: owner.id, facts: true, properties: true, developer_tools: true });
      const read = await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token });
      expect(read.json()).toMatchObject({
        user: sub.id,
        facts: true,
        photos: false,
        role: 'FO',
        properties_allowed: [],
      });
      const own = await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: sub.token });
      expect(own.json()).toEqual(read.json());
      const again = await t.api('POST', '/api/auth/permissions/create/', {
        token: owner.token,
        body: { user: sub.id },
      });
      expect(again.statusCode).toBe(409);
      const id = read.json().id as number;
      const updated = await t.api('PUT', `/api/auth/permissions/update/${id}/`, {
        token: owner.token,
        body: { user: sub.id, photos: true, role: 'GM' },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ facts: false, photos: true, role: 'GM' });
      const badRole = await t.api('PUT', `/api/auth/permissions/update/${id}/`, {
        token: owner.token,
        body: { user: sub.id, role: 'CEO', facts: 'sometimes' },
      });
      expect(badRole.json()).toEqual({ role: ['Not a valid choice.'], facts: ['Must be true or false.'] });
    });

    it("never lets a sub-user raise its own permissions, nor anyone touch another account's team", async () => {
      const { owner, sub } = await ownerWithSubUser(t, {});
      const record = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      const self = await t.api('PUT', `/api/auth/permissions/update/${record.id}/`, {
        token: sub.token,
        body: { user: sub.id, facts: true },
      });
      expect(self.statusCode).toBe(403);
      const other = await signUp(t);
      expect((await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: other.token })).statusCode).toBe(404);
      expect(
        (
          await t.api('PUT', `/api/auth/permissions/update/${record.id}/`, {
            token: other.token,
            body: { user: sub.id },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.api('POST', '/api/auth/permissions/create/', { token: other.token, body: { user: sub.id } }))
          .statusCode,
      ).toBe(404);
      expect((await t.api('GET', `/api/auth/permissions/${owner.id}/`, { token: sub.token })).statusCode).toBe(404);
      expect((await t.api('GET', '/api/auth/permissions/abc/', { token: owner.token })).statusCode).toBe(404);
    });

    it('closes the whole team when the owner deactivates the account', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      await t.api('PATCH', '/api/auth/users/me/change/', { token: owner.token, body: { current_password: PASSWORD } });
      expect((await t.api('GET', '/api/auth/users/me/', { token: sub.token })).statusCode).toBe(401);
    });
  });
}
