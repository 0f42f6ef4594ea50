import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, PASSWORD, signIn, type Account } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';
import { auditEvents, totp } from '../../helpers/fixtures/team-and-company.js';
import { create, edit, hotelWithProperties, party, propose } from '../../helpers/fixtures/contract-parties.js';

/** The 403 a sensitive change answers without a fresh proof. */
const required = (proof: 'password' | 'code') => expect.objectContaining({ code: 'step_up_required', proof });

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`step-up for sensitive changes (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { STEP_UP_MINUTES: '10' });
    });
    afterAll(() => t.stop());

    const addWhitelist = (a: Account, name = 'Office') =>
      t.api('POST', '/api/settings/whitelist/create/', { token: a.token, body: { name, domain: '127.0.0.1' } });
    const stepUp = (a: Account, body: Record<string, unknown>) =>
      t.api('POST', '/api/auth/step-up/', { token: a.token, body });

    async function owner(): Promise<Account> {
      return (await party(t, 'accommodation')).owner;
    }

    it('signing in is a fresh proof for STEP_UP_MINUTES; after that the change answers 403 step_up_required', async () => {
      const a = await owner();
      expect((await addWhitelist(a)).statusCode).toBe(201);
      t.clock.advance(9 * MINUTE);
      expect((await addWhitelist(a, 'Still fresh')).statusCode).toBe(201);
      t.clock.advance(2 * MINUTE);
      const refused = await addWhitelist(a, 'Too late');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(required('password'));
      const status = await t.api('GET', '/api/auth/step-up/', { token: a.token });
      expect(status.json()).toMatchObject({ proof: 'password' });
      expect(Date.parse(status.json().valid_until)).toBeLessThan(t.clock.now().getTime());
      // Nothing was written by the refused call.
      const rows = await t.services.db.kysely
        .selectFrom('whitelists')
        .select('name')
        .where('account_id', '=', a.id)
        .execute();
      expect(rows.map((w) => w.name).sort()).toEqual(['Office', 'Still fresh']);
    });

    it('accepts the password, refuses a wrong one, records both in the audit trail, and expires again', async () => {
      const a = await owner();
      t.clock.advance(11 * MINUTE);
      expect((await addWhitelist(a)).statusCode).toBe(403);
      const wrong = await stepUp(a, { password: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ password: ['Invalid password.'] });
      expect((await stepUp(a, {})).statusCode).toBe(400);
      const ok = await stepUp(a, { password: PASSWORD });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        proof: 'password',
        proved_at: t.clock.now().toISOString(),
        valid_until: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
      });
      expect((await addWhitelist(a)).statusCode).toBe(201);
      const events = await auditEvents(t, a.token);
      expect(events.filter((e) => e.kind === 'account').map((e) => e.action)).toContain('step-up');
      expect(events.filter((e) => e.kind === 'sign-in').map((e) => e.action)).toContain('step-up-failure');
      t.clock.advance(10 * MINUTE + 1);
      expect((await addWhitelist(a, 'Expired again')).json()).toEqual(required('password'));
    });

    it('with two-factor sign-in on, asks for the code (a password is not enough) and turning it off needs the step-up', async () => {
      const a = await owner();
      const enrol = await t.api('POST', '/api/auth/two-factor/enrol/', { token: a.token });
      const { secret } = enrol.json<{ secret: string }>();
      expect(
        (
          await t.api('POST', '/api/auth/two-factor/confirm/', {
            token: a.token,
            body: { code: await totp(t, secret) },
          })
        ).statusCode,
      ).toBe(200);
      t.clock.advance(11 * MINUTE);
      const refused = await addWhitelist(a);
      expect(refused.json()).toEqual(required('code'));
      const withPassword = await stepUp(a, { password: PASSWORD });
      expect(withPassword.statusCode).toBe(400);
      expect(withPassword.json()).toEqual({ code: ['Enter the 6-digit code from your authenticator app.'] });
      expect((await stepUp(a, { code: '000000' })).statusCode).toBe(400);
      const ok = await stepUp(a, { code: await totp(t, secret) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ proof: 'code' });
      expect((await addWhitelist(a)).statusCode).toBe(201);
      t.clock.advance(11 * MINUTE);
      // Turning two-factor sign-in off is itself a sensitive change: the password alone does not do it.
      const off = await t.api('POST', '/api/auth/two-factor/disable/', {
        token: a.token,
        body: { current_password: PASSWORD },
      });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual(required('code'));
      expect((await t.api('GET', '/api/auth/two-factor/', { token: a.token })).json()).toMatchObject({ enabled: true });
      expect((await stepUp(a, { code: await totp(t, secret) })).statusCode).toBe(200);
      expect(
        (await t.api('POST', '/api/auth/two-factor/disable/', { token: a.token, body: { current_password: PASSWORD } }))
          .statusCode,
      ).toBe(204);
    });

    it('guards API keys, webhooks and team permission flags; another session of the same user proves alone', async () => {
      const { owner: a, sub } = await ownerWithSubUser(t, { facts: true });
      const w = await addWhitelist(a);
      const wid = w.json<{ id: number }>().id;
      const second = await signIn(t, a.email);
      t.clock.advance(11 * MINUTE);
      const key = await t.api('POST', '/api/settings/api-key/create/', {
        token: a.token,
        body: { title: 'CM', fact_sheet: true, stop_sale: false, hotel_photos: false, domain: wid },
      });
      expect(key.json()).toEqual(required('password'));
      const hook = await t.api('POST', '/api/settings/webhook/create/', {
        token: a.token,
        body: { url: 'https://example.com/hook', events: ['mapping.updated'] },
      });
      expect(hook.statusCode).toBe(403);
      expect(hook.json()).toEqual(required('password'));
      const permId = (
        await t.services.db.kysely
          .selectFrom('permissions')
          .select('id')
          .where('user_id', '=', sub.id)
          .executeTakeFirstOrThrow()
      ).id;
      const perms = await t.api('PUT', `/api/auth/permissions/update/${permId}/`, {
        token: a.token,
        body: { user: sub.id, facts: true, photos: true },
      });
      expect(perms.json()).toEqual(required('password'));
      // A proof counts for the session that gave it, not for the user's other sessions.
      expect((await stepUp({ ...a, token: second }, { password: PASSWORD })).statusCode).toBe(200);
      expect(
        (
          await t.api('POST', '/api/settings/api-key/create/', {
            token: a.token,
            body: { title: 'CM', fact_sheet: true, domain: wid },
          })
        ).statusCode,
      ).toBe(403);
      const made = await t.api('POST', '/api/settings/api-key/create/', {
        token: second,
        body: { title: 'CM', fact_sheet: true, domain: wid },
      });
      expect(made.statusCode, made.body).toBe(201);
    });

    it('contract moves: proposing, accepting and cancelling ask for a fresh proof; drafts, their saves, rejecting and reading do not', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      const contract = await propose(t, operator.owner, hotel.owner.id);
      t.clock.advance(11 * MINUTE);
      const refused = await edit(t, hotel.owner, contract.id as number, { status: 'A' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'step_up_required', proof: 'password' });
      expect(
        (await t.api('GET', `/api/partners/contract/view/${contract.id}/`, { token: hotel.owner.token })).json(),
      ).toMatchObject({ status: 'P' });
      expect((await stepUp(hotel.owner, { password: PASSWORD })).statusCode).toBe(200);
      const accepted = await edit(t, hotel.owner, contract.id as number, { status: 'A' });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'A' });
      // Cancelling is guarded too, on the other side.
      const cancel = await edit(t, operator.owner, contract.id as number, { status: 'X' });
      expect(cancel.status).toBe(403);

      // A proposal sent at once lets the partner bind the account by accepting: it needs the proof.
      const other = await hotelWithProperties(t, 1);
      const proposal = await create(t, operator.owner, { partner: other.owner.id });
      expect(proposal.status).toBe(403);
      expect(proposal.body).toMatchObject({ code: 'step_up_required' });
      // A draft, its saves (status D) and rejecting a proposal bind nothing: no proof asked.
      const draft = await create(t, operator.owner, { partner: other.owner.id, status: 'D' });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      const saved = await edit(t, operator.owner, draft.body.id as number, { status: 'D', comment: 'Later' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // Sending the draft is a proposal: asked.
      expect((await edit(t, operator.owner, draft.body.id as number, { status: 'P' })).status).toBe(403);
      const third = await hotelWithProperties(t, 1);
      const fresh = await party(t, 'to');
      const incoming = await propose(t, fresh.owner, third.owner.id);
      t.clock.advance(11 * MINUTE);
      const rejected = await edit(t, third.owner, incoming.id as number, { status: 'R' });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      expect(rejected.body).toMatchObject({ status: 'R' });
    });

    it('adding an authorized user by sign-up (manager) asks for a fresh proof; a plain sign-up does not', async () => {
      const a = await owner();
      t.clock.advance(11 * MINUTE);
      const body = (email: string) => ({
        email,
        password: PASSWORD,
        re_password: PASSWORD,
        account_type: 'accommodation',
        first_name: 'New',
        last_name: 'Member',
      });
      const added = await t.api('POST', '/api/auth/users/', {
        token: a.token,
        body: { ...body('added-by-stale@example.com'), manager: a.id },
      });
      expect(added.statusCode).toBe(403);
      expect(added.json()).toMatchObject(required('password'));
      const users = t.services.db.kysely.selectFrom('users').select('email');
      expect(await users.where('email', '=', 'added-by-stale@example.com').execute()).toEqual([]);
      // The same stale token on a sign-up of someone's own account: not a change of this account.
      const own = await t.api('POST', '/api/auth/users/', { token: a.token, body: body('own-account@example.com') });
      expect(own.statusCode, own.body).toBe(201);
    });
  });
}
