import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { FREE_PHOTO_QUOTA, PAYMENT_NOTE } from '../../../src/shared/plans.js';
import { auditEvents } from '../../helpers/fixtures/team-and-company.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`plans, upgrade requests and the staff's grant (${dialect})`, () => {
    let t: TestApp;
    let staff: Account;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      staff = await signUp(t);
      await t.testDb.db.kysely.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();
    });
    afterAll(() => t.stop());

    it('lists Free and Premium with what each allows, the current plan and no pending request', async () => {
      const owner = await signUp(t);
      const res = await t.api('GET', '/api/settings/plans/', { token: owner.token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        current_plan: 'F',
        premium_active: false,
        requests: [],
        payment_note: PAYMENT_NOTE,
      });
      expect(
        body.plans.map((p: { code: string; title: string; photo_quota: number | null }) => [
          p.code,
          p.title,
          p.photo_quota,
        ]),
      ).toEqual([
        ['F', 'Free', FREE_PHOTO_QUOTA],
        ['P', 'Premium', null],
      ]);
      expect(FREE_PHOTO_QUOTA).toBe(25);
      expect(body.plans[0].features).toContain('Up to 25 photos');
      expect(PAYMENT_NOTE).toMatch(/no card details/);
    });

    it("lists an operator's features to an operator, not a hotel's (no properties, photos or stop-sale chart of its own)", async () => {
      const operator = await signUp(t, { account_type: 'to' });
      const body = (await t.api('GET', '/api/settings/plans/', { token: operator.token })).json();
      const free = body.plans[0].features as string[];
      expect(free.join(' ')).toMatch(/Data mapping/);
      expect(free.join(' ')).toMatch(/Fact sheets of every hotel your contracts cover/);
      expect(free).not.toContain('Up to 25 photos');
      expect(free).not.toContain('Properties with every fact section');
      expect(free).not.toContain('Stop-sale availability chart');
    });

    it('records an upgrade request (never card data), tells staff, and the staff grant makes the account Premium', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { premium_subscription: true });
      const payer = await signUp(t);
      const card = await t.api('POST', '/api/settings/premium/request/', {
        token: payer.token,
        body: { plan: 'P', card_number: '4111111111111111', cvc: '123' },
      });
      // Card data is never taken: the fields are ignored (and named), nothing of them is kept.
      expect(card.statusCode, card.body).toBe(201);
      expect(card.headers['x-ignored-fields']).toBe('card_number, cvc');
      expect(card.body).not.toContain('4111');
      const stored = await t.services.db.kysely.selectFrom('premium_requests').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain('4111');
      expect(
        (await t.api('POST', '/api/settings/premium/request/', { token: owner.token, body: { plan: 'F' } })).json(),
      ).toEqual({ plan: ['Must be "P".'] });
      expect(
        (
          await t.api('POST', '/api/settings/premium/request/', {
            token: owner.token,
            body: { plan: 'P', duration: 7 },
          })
        ).json(),
      ).toEqual({ duration: ['Not a valid choice.'] });

      const asked = await t.api('POST', '/api/settings/premium/request/', {
        token: sub.token,
        body: { plan: 'P', duration: 3, message: 'Two years please' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      expect(asked.json()).toMatchObject({
        plan: 'P',
        duration: 3,
        message: 'Two years please',
        status: 'pending',
        payment_note: PAYMENT_NOTE,
      });
      expect(
        (await t.api('POST', '/api/settings/premium/request/', { token: owner.token, body: { plan: 'P' } })).statusCode,
      ).toBe(409);
      expect((await t.api('GET', '/api/settings/plans/', { token: owner.token })).json().requests).toEqual([
        asked.json(),
      ]);
      const bell = (await t.api('GET', '/api/notification/', { token: staff.token })).json() as {
        notification_type: string;
        message: string;
      }[];
      expect(bell[0]).toMatchObject({
        notification_type: 'premium-request',
        message: `${sub.email} asks for the Premium plan.`,
      });

      expect((await t.api('POST', `/api/settings/premium/grant/${owner.id}/`, { token: owner.token })).statusCode).toBe(
        403,
      );
      expect((await t.api('POST', `/api/settings/premium/grant/${sub.id}/`, { token: staff.token })).statusCode).toBe(
        404,
      );
      const granted = await t.api('POST', `/api/settings/premium/grant/${owner.id}/`, { token: staff.token });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json()).toEqual({ user: owner.id, plan: 'P', premium_active: true });

      expect((await t.api('GET', '/api/auth/users/me/', { token: owner.token })).json().premium_active).toBe(true);
      expect((await t.api('GET', '/api/auth/users/me/', { token: sub.token })).json().premium_active).toBe(true);
      expect((await t.api('GET', '/api/settings/preferences/', { token: owner.token })).json()).toMatchObject({
        user: owner.id,
        plan: 'P',
      });
      expect((await t.api('GET', '/api/settings/plans/', { token: owner.token })).json()).toMatchObject({
        current_plan: 'P',
        premium_active: true,
        requests: [{ id: asked.json().id, status: 'granted' }],
      });
      const note = (await t.api('GET', '/api/notification/', { token: owner.token })).json()[0];
      expect(note).toMatchObject({ notification_type: 'premium', link: '/premium-account' });
      expect(
        (await t.api('POST', '/api/settings/premium/request/', { token: owner.token, body: { plan: 'P' } })).json(),
      ).toEqual({ detail: 'This account is Premium already.' });

      const trail = await auditEvents(t, owner.token, '?kind=settings');
      expect(trail.map((e) => [e.summary, e.actor_email])).toEqual([
        ['The Ananas team granted the Premium plan', staff.email],
        ['Asked for the Premium plan', sub.email],
      ]);
      // Premium stays read-only in the preferences form.
      expect(
        (
          await t.api('PUT', '/api/settings/preferences/edit/', {
            token: owner.token,
            body: { plan: 'P', theme: 'dark' },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await t.api('PUT', '/api/settings/preferences/edit/', { token: owner.token, body: { plan: 'F' } })).statusCode,
      ).toBe(400);
    });

    it('needs the premium-subscription permission to ask', async () => {
      const { sub } = await ownerWithSubUser(t, { company: true });
      expect(
        (await t.api('POST', '/api/settings/premium/request/', { token: sub.token, body: { plan: 'P' } })).statusCode,
      ).toBe(403);
      expect((await t.api('GET', '/api/settings/plans/', { token: sub.token })).statusCode).toBe(200);
    });
  });
}
