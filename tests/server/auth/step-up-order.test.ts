/**
 * Issue 38 §2: a step-up route checks the form before it asks for the proof. A body the schema
 * refuses, or one the route's pre-check refuses (routing/precheck.ts: an API key expiring in the
 * past), answers its 400 to a stale session; a valid body still gets step_up_required and changes
 * nothing; after the proof the same wrong body answers the same 400. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';
import { createProperty } from '../../helpers/properties.js';
import { apiKey, whitelist, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { hotelWithProperties, party } from '../../helpers/fixtures/contract-parties.js';

const STEP_UP_REQUIRED = expect.objectContaining({ code: 'step_up_required', proof: 'password' });
const PAST_EXPIRY = { expires_at: ['The expiry must be today or later.'] };
const EMAIL_TAKEN = { email: ['A user with that email already exists.'] };
const NO_PROPERTY = { properties: ['Choose at least one property, or cover every property of the hotel.'] };
const VERSION_STATUS = {
  non_field_errors: ['A new version is an amendment (status P) or a counter-proposal (status C).'],
};

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`step-up checks the form first (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { STEP_UP_MINUTES: '10' });
    });
    afterAll(() => t.stop());

    const today = () => t.clock.now().toISOString().slice(0, 10);
    const yesterday = () => new Date(t.clock.now().getTime() - 24 * 60 * MINUTE).toISOString().slice(0, 10);
    const createKey = (a: Account, body: Json) =>
      t.api('POST', '/api/settings/api-key/create/', { token: a.token, body: { title: 'Feed', ...body } });
    const stale = () => t.clock.advance(11 * MINUTE);
    const prove = async (a: Account) => {
      const res = await t.api('POST', '/api/auth/step-up/', { token: a.token, body: { password: PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
    };
    /** Every row a refused call could have written: the account's keys, whitelists and audit trail. */
    const footprint = async (a: Account) => ({
      keys: await t.services.db.kysely
        .selectFrom('api_keys')
        .select(['id', 'title', 'expires_at', 'secret_hash'])
        .where('account_id', '=', a.id)
        .orderBy('id')
        .execute(),
      whitelists: await t.services.db.kysely
        .selectFrom('whitelists')
        .select(['id', 'name', 'entries'])
        .where('account_id', '=', a.id)
        .orderBy('id')
        .execute(),
      audit: (
        await t.services.db.kysely
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });

    it('an API key expiring in the past: 400 at the field without a proof, the same 400 with one; a valid key asks for the proof', async () => {
      const a = await signUp(t);
      const office = await whitelist(t, a, '127.0.0.1');
      stale();
      const before = await footprint(a);
      const past = await createKey(a, { domain: office.id, expires_at: yesterday() });
      expect(past.statusCode, past.body).toBe(400);
      expect(past.json()).toEqual(PAST_EXPIRY);
      const valid = await createKey(a, { domain: office.id, expires_at: today() });
      expect(valid.statusCode).toBe(403);
      expect(valid.json()).toEqual(STEP_UP_REQUIRED);
      expect(await footprint(a)).toEqual(before);
      await prove(a);
      const again = await createKey(a, { domain: office.id, expires_at: yesterday() });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(PAST_EXPIRY);
      expect((await createKey(a, { domain: office.id, expires_at: today() })).statusCode).toBe(201);
    });

    it('editing a key to expire in the past: 400 without a proof, the key unchanged', async () => {
      const a = await signUp(t);
      const key = await apiKey(t, a, { expires_at: '2099-12-31' });
      stale();
      const before = await footprint(a);
      const edit = (expires: string) =>
        t.api('PUT', `/api/settings/api-key/update/${key.id}/`, {
          token: a.token,
          body: { title: key.title, domain: key.domain, expires_at: expires },
        });
      const past = await edit(yesterday());
      expect(past.statusCode, past.body).toBe(400);
      expect(past.json()).toEqual(PAST_EXPIRY);
      expect((await edit('2100-01-01')).json()).toEqual(STEP_UP_REQUIRED);
      expect(await footprint(a)).toEqual(before);
    });

    it('a body the schema refuses answers its field errors, not the step-up refusal, with or without a proof', async () => {
      const a = await signUp(t);
      const office = await whitelist(t, a, '127.0.0.1');
      stale();
      const before = await footprint(a);
      const noTitle = () =>
        t.api('POST', '/api/settings/api-key/create/', { token: a.token, body: { domain: office.id } });
      const notADate = () => createKey(a, { domain: office.id, expires_at: 'next Tuesday' });
      const unproved = [await noTitle(), await notADate()];
      expect(unproved.map((r) => r.statusCode)).toEqual([400, 400]);
      expect(unproved[0].json()).toEqual({ title: ['Enter a title.'] });
      expect(Object.keys(unproved[1].json())).toEqual(['expires_at']);
      // A body the schema refuses: the router's schema check comes first.
      const password = await t.api('POST', '/api/auth/users/set_password/', {
        token: a.token,
        body: { current_password: PASSWORD },
      });
      expect(password.statusCode).toBe(400);
      expect(Object.keys(password.json()).sort()).toEqual(['new_password', 're_new_password']);
      expect(await footprint(a)).toEqual(before);
      await prove(a);
      expect((await noTitle()).json()).toEqual(unproved[0].json());
      expect((await notADate()).json()).toEqual(unproved[1].json());
    });

    it('a whitelist entry the pre-check refuses answers 400 without a proof; a valid one asks for it', async () => {
      const a = await signUp(t);
      stale();
      const before = await footprint(a);
      const add = (domain: string) =>
        t.api('POST', '/api/settings/whitelist/create/', { token: a.token, body: { name: 'Office', domain } });
      const bad = await add('10.0.0.0/33');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().domain[0]).toMatch(/10\.0\.0\.0\/33/);
      expect((await add('10.0.0.0/24')).json()).toEqual(STEP_UP_REQUIRED);
      expect(await footprint(a)).toEqual(before);
    });

    it('a webhook URL of the wrong form answers 400 without a proof; a well-formed one asks for it before its address is looked up', async () => {
      const a = await signUp(t);
      stale();
      const endpoints = () =>
        t.services.db.kysely.selectFrom('webhook_endpoints').select('id').where('account_id', '=', a.id).execute();
      const add = (url: string) =>
        t.api('POST', '/api/settings/webhook/create/', { token: a.token, body: { url, events: ['facts.updated'] } });
      const ftp = await add('ftp://example.com/hooks');
      expect(ftp.statusCode).toBe(400);
      expect(ftp.json()).toEqual({ url: ['The URL must start with https://.'] });
      const credentials = await add('https://user:secret@example.com/hooks');
      expect(credentials.json()).toEqual({ url: ['Put no credentials in the URL; verify the signature instead.'] });
      // A private address is found by the lookup, which waits for the proof.
      expect((await add('https://10.0.0.1/hooks')).json()).toEqual(STEP_UP_REQUIRED);
      expect((await add('https://example.com/hooks')).json()).toEqual(STEP_UP_REQUIRED);
      expect(await endpoints()).toEqual([]);
    });

    it('a new password that does not match its repeat, or is guessable by itself, answers 400 without a proof', async () => {
      const a = await signUp(t);
      stale();
      const change = (body: Json) => t.api('POST', '/api/auth/users/set_password/', { token: a.token, body });
      const hashOf = async () =>
        (
          await t.services.db.kysely
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', a.id)
            .executeTakeFirstOrThrow()
        ).password_hash;
      const stored = await hashOf();
      const differ = await change({
        current_password: 'a-guess',
        new_password: 'Another-Horse-43',
        re_new_password: 'x',
      });
      expect(differ.statusCode).toBe(400);
      expect(differ.json()).toEqual({ re_new_password: ["The two password fields didn't match."] });
      const guessable = await change({
        current_password: 'a-guess',
        new_password: 'hotel123',
        re_new_password: 'hotel123',
      });
      expect(guessable.statusCode).toBe(400);
      expect(Object.keys(guessable.json())).toEqual(['new_password']);
      expect(await hashOf()).toBe(stored);
      // A form right in itself asks for the proof first; only then is the current password checked.
      const valid = await change({
        current_password: PASSWORD,
        new_password: 'Another-Horse-43',
        re_new_password: 'Another-Horse-43',
      });
      expect(valid.json()).toEqual(STEP_UP_REQUIRED);
      expect(await hashOf()).toBe(stored);
    });

    it('the current password in a form is still checked only after the proof: a stale session cannot guess with it', async () => {
      const a = await signUp(t);
      stale();
      const res = await t.api('POST', '/api/auth/users/set_password/', {
        token: a.token,
        body: { current_password: 'a-guess', new_password: 'Another-Horse-43', re_new_password: 'Another-Horse-43' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(STEP_UP_REQUIRED);
    });

    it('a new e-mail that does not match its repeat answers 400 without a proof; the current password waits for it', async () => {
      const a = await signUp(t);
      stale();
      const change = (body: Json) => t.api('POST', '/api/auth/users/set_email/', { token: a.token, body });
      const differ = await change({
        current_password: 'a-guess',
        new_email: 'moved@example.com',
        re_new_email: 'moved@example.org',
      });
      expect(differ.statusCode).toBe(400);
      expect(differ.json()).toEqual({ re_new_email: ["The two email fields didn't match."] });
      const valid = await change({
        current_password: 'a-guess',
        new_email: 'moved@example.com',
        re_new_email: 'Moved@Example.com',
      });
      expect(valid.json()).toEqual(STEP_UP_REQUIRED);
      const stored = await t.services.db.kysely
        .selectFrom('users')
        .select('email')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      expect(stored.email).toBe(a.email);
    });

    it("an owner's sign-up of an authorized user: passwords that differ or are guessable answer 400, another manager 403, before the proof", async () => {
      const owner = await signUp(t);
      const other = await signUp(t);
      stale();
      const email = `marguerite-${Math.random().toString(36).slice(2, 7)}@example.com`;
      const add = (body: Json) =>
        t.api('POST', '/api/auth/users/', {
          token: owner.token,
          body: { email, first_name: 'Marguerite', last_name: 'Fontaine', manager: owner.id, ...body },
        });
      const differ = await add({ password: 'Another-Horse-43', re_password: 'Another-Horse-44' });
      expect(differ.statusCode).toBe(400);
      expect(differ.json()).toEqual({ re_password: ["The two password fields didn't match."] });
      // Close to the names typed beside it: the form alone tells.
      const close = await add({ password: 'Marguerite-Horse-77', re_password: 'Marguerite-Horse-77' });
      expect(close.statusCode).toBe(400);
      expect(close.json().password).toContain('The password is too similar to your personal details.');
      const elsewhere = await add({ password: 'Another-Horse-43', re_password: 'Another-Horse-43', manager: other.id });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().code).toBeUndefined();
      const valid = await add({ password: 'Another-Horse-43', re_password: 'Another-Horse-43' });
      expect(valid.json()).toEqual(STEP_UP_REQUIRED);
      const created = await t.services.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(created).toEqual([]);
    });

    it("an invitation to the owner's own address answers 400 without a proof; whether another account has an address waits for it", async () => {
      const owner = await signUp(t);
      const someone = await signUp(t);
      stale();
      const invite = (address: string) =>
        t.api('POST', '/api/auth/authorized-user/invite/', {
          token: owner.token,
          body: { email: address, first_name: 'New', last_name: 'Member' },
        });
      const own = await invite(owner.email.toUpperCase());
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual(EMAIL_TAKEN);
      expect((await invite(someone.email)).json()).toEqual(STEP_UP_REQUIRED);
      await prove(owner);
      expect((await invite(someone.email)).json()).toEqual(EMAIL_TAKEN);
      expect((await invite(owner.email)).json()).toEqual(EMAIL_TAKEN);
    });

    it("permissions naming another account's property answer 400 without a proof; the member addressed is judged after it", async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const fresh = await signUp(t, { manager: owner.id, managerToken: owner.token });
      const mine = await createProperty(t, owner.token, { hotel_name: 'Own Hotel' });
      const stranger = await ownerWithSubUser(t);
      const theirs = await createProperty(t, stranger.owner.token, { hotel_name: 'Their Hotel' });
      stale();
      const records = () =>
        t.services.db.kysely
          .selectFrom('permissions')
          .selectAll()
          .where('user_id', 'in', [sub.id, fresh.id, stranger.sub.id])
          .orderBy('id')
          .execute();
      const before = await records();
      const update = (user: number, ids: number[]) =>
        t.api('PUT', `/api/auth/permissions/update/${user}/`, {
          token: owner.token,
          body: { user, properties_allowed: ids },
        });
      const create = (ids: number[]) =>
        t.api('POST', '/api/auth/permissions/create/', {
          token: owner.token,
          body: { user: fresh.id, properties_allowed: ids },
        });
      const notOurs = { properties_allowed: [`Not properties of this account: ${theirs.id}.`] };
      for (const res of [await update(sub.id, [mine.id, theirs.id]), await create([theirs.id])]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(notOurs);
      }
      expect((await update(sub.id, [mine.id])).json()).toEqual(STEP_UP_REQUIRED);
      expect((await create([mine.id])).json()).toEqual(STEP_UP_REQUIRED);
      // Another account's member: its 404 comes after the proof, as before.
      expect((await update(stranger.sub.id, [mine.id])).json()).toEqual(STEP_UP_REQUIRED);
      expect(await records()).toEqual(before);
      await prove(owner);
      expect((await update(stranger.sub.id, [mine.id])).statusCode).toBe(404);
      expect((await update(sub.id, [theirs.id])).json()).toEqual(notOurs);
    });

    it('a contract form wrong in itself (no partner, a status no such request carries, no property) answers 400 without a proof', async () => {
      const hotel = await hotelWithProperties(t, 1);
      const operator = await party(t, 'to');
      const partner = operator.owner.id;
      const draft = await t.api('POST', '/api/partners/contract/create/', {
        token: hotel.owner.token,
        body: { partner, status: 'D' },
      });
      expect(draft.statusCode, draft.body).toBe(201);
      const id = draft.json<{ id: number }>().id;
      stale();
      const contracts = () =>
        t.services.db.kysely
          .selectFrom('contracts')
          .select(['id', 'status', 'rev'])
          .where('hotel_account_id', '=', hotel.owner.id)
          .execute();
      const before = await contracts();
      const send = (method: string, url: string, body: Json) => t.api(method, url, { token: hotel.owner.token, body });
      const create = (body: Json) => send('POST', '/api/partners/contract/create/', body);
      const edit = (body: Json) => send('PUT', `/api/partners/contract/edit/${id}/`, body);
      const version = (body: Json) => send('POST', `/api/partners/contract/contractVersion/${id}/`, body);

      // The contract routes' errorField adds a summary line beside the field errors: toMatchObject.
      const noPartner = await create({ status: 'P' });
      expect(noPartner.statusCode).toBe(400);
      expect(noPartner.json()).toMatchObject({ partner: ['This field is required.'] });
      const accepted = await create({ partner, status: 'A' });
      expect(accepted.statusCode).toBe(400);
      expect(accepted.json()).toMatchObject({
        status: ['A new contract is a draft (D) or a proposal sent at once (P).'],
      });
      for (const res of [
        await create({ partner, all_properties: false }),
        await create({ partner, all_properties: false, properties: [] }),
        await edit({ status: 'P', all_properties: false, properties: [] }),
        await version({ status: 'P', all_properties: false, properties: [] }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject(NO_PROPERTY);
      }
      const versionAccepted = await version({ status: 'A', comment: 'x' });
      expect(versionAccepted.statusCode).toBe(400);
      expect(versionAccepted.json()).toMatchObject(VERSION_STATUS);
      // Forms right in themselves ask for the proof; what the contract or partner says waits for it.
      expect((await create({ partner, properties: hotel.properties, all_properties: false })).json()).toEqual(
        STEP_UP_REQUIRED,
      );
      expect((await edit({ status: 'P', properties: [] })).json()).toEqual(STEP_UP_REQUIRED);
      expect((await version({ status: 'C', comment: 'x' })).json()).toEqual(STEP_UP_REQUIRED);
      expect(await contracts()).toEqual(before);
      await prove(hotel.owner);
      expect((await edit({ status: 'P', all_properties: false, properties: [] })).json()).toMatchObject(NO_PROPERTY);
      expect((await version({ status: 'A', comment: 'x' })).json()).toMatchObject(VERSION_STATUS);
      expect((await version({ status: 'C', comment: 'x' })).statusCode).toBe(409);
    });
  });
}
