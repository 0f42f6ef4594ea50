/**
 * Every route declared `stepUp` in routes.json, read from the schema bundle (so a route marked
 * later is walked here too, and fails until it has a fixture below): a session whose proof is
 * stale is refused (403 step_up_required) and changes nothing, whatever it tries first: enrolling
 * or confirming a second factor of its own, turning the factor off, or leaning on another session
 * of the same user that has just proved itself. Once the session itself gives the proof, the same
 * call goes through (so the fixture is a call that would otherwise succeed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { RouteDef, SchemaBundle } from '../../../src/shared/bundle-types.js';
import { needsStepUp } from '../../../src/server/routing/step-up-rule.js';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, signIn, signUp, type Account } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';
import { createProperty } from '../../helpers/properties.js';
import { snapshotDatabase } from '../../helpers/db-snapshot.js';
import { totp } from '../../helpers/fixtures/team-and-company.js';

const guarded = (bundle as unknown as SchemaBundle).routes.filter((r) => r.stepUp);

interface Call {
  params?: Record<string, number>;
  body?: unknown;
}

/** The account a fixture acts as, and (two-factor on or pending) its key. */
interface Actor {
  account: Account;
  secret?: string;
}

interface Fixture {
  /** The caller's account, set up with fresh sessions: everything the call needs. */
  setup(t: TestApp): Promise<{ actor: Actor; call: () => Promise<Call> }>;
}

let unique = 0;
const fresh = (prefix: string) => `${prefix}-${++unique}-${Math.random().toString(36).slice(2, 7)}`;

async function ok(t: TestApp, token: string, method: string, url: string, body?: unknown) {
  const res = await t.api(method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.body ? res.json<Record<string, unknown>>() : {};
}

const owner = async (t: TestApp, type: 'accommodation' | 'to' = 'accommodation'): Promise<Actor> => ({
  account: await signUp(t, { account_type: type }),
});

async function member(t: TestApp, a: Account): Promise<number> {
  const body = { email: `${fresh('member')}@example.com`, first_name: 'M', last_name: 'X' };
  return (await ok(t, a.token, 'POST', '/api/auth/authorized-user/invite/', body)).id as number;
}
const whitelist = async (t: TestApp, a: Account) =>
  (await ok(t, a.token, 'POST', '/api/settings/whitelist/create/', { name: fresh('Office'), domain: '127.0.0.1' }))
    .id as number;
const webhook = async (t: TestApp, a: Account) =>
  (
    await ok(t, a.token, 'POST', '/api/settings/webhook/create/', {
      url: 'https://hooks.example/ananas',
      events: ['facts.updated'],
    })
  ).id as number;

/** Two-factor sign-in turned on (with fresh sessions): the actor's proof is its code from now on. */
async function withTwoFactor(t: TestApp, actor: Actor): Promise<Actor> {
  const { secret } = await ok(t, actor.account.token, 'POST', '/api/auth/two-factor/enrol/');
  await ok(t, actor.account.token, 'POST', '/api/auth/two-factor/confirm/', { code: await totp(t, secret as string) });
  return { ...actor, secret: secret as string };
}

/** A pending proposal from a tour operator to the actor's hotel (which has a property). */
async function proposalTo(t: TestApp, hotel: Account): Promise<number> {
  await createProperty(t, hotel.token, { hotel_name: fresh('Hotel') });
  const operator = await signUp(t, { account_type: 'to' });
  return (await ok(t, operator.token, 'POST', '/api/partners/contract/create/', { partner: hotel.id })).id as number;
}

const FIXTURES: Record<string, Fixture> = {
  authRegister: {
    async setup(t) {
      const actor = await owner(t);
      const email = `${fresh('added')}@example.com`;
      const body = { email, password: PASSWORD, re_password: PASSWORD, first_name: 'A', last_name: 'B' };
      return { actor, call: async () => ({ body: { ...body, manager: actor.account.id } }) };
    },
  },
  authSetPassword: {
    async setup(t) {
      const body = {
        current_password: PASSWORD,
        new_password: 'Brand-New-Horse-7',
        re_new_password: 'Brand-New-Horse-7',
      };
      return { actor: await owner(t), call: async () => ({ body }) };
    },
  },
  authSetEmail: {
    async setup(t) {
      const email = `${fresh('moved')}@example.com`;
      return {
        actor: await owner(t),
        call: async () => ({ body: { current_password: PASSWORD, new_email: email, re_new_email: email } }),
      };
    },
  },
  authDeactivate: {
    async setup(t) {
      return { actor: await owner(t), call: async () => ({ body: { current_password: PASSWORD } }) };
    },
  },
  authPermissionsCreate: {
    async setup(t) {
      const actor = await owner(t);
      const user = await member(t, actor.account);
      return { actor, call: async () => ({ body: { user, facts: true } }) };
    },
  },
  authPermissionsUpdate: {
    async setup(t) {
      const actor = await owner(t);
      const user = await member(t, actor.account);
      const perms = await ok(t, actor.account.token, 'POST', '/api/auth/permissions/create/', { user });
      return {
        actor,
        call: async () => ({ params: { id: perms.id as number }, body: { user, developer_tools: true } }),
      };
    },
  },
  authAuthorizedUserInvite: {
    async setup(t) {
      const body = { email: `${fresh('invitee')}@example.com`, first_name: 'I', last_name: 'N' };
      return { actor: await owner(t), call: async () => ({ body }) };
    },
  },
  authAuthorizedUserUpdate: {
    async setup(t) {
      const actor = await owner(t);
      const id = await member(t, actor.account);
      return { actor, call: async () => ({ body: { id, is_active: true, title: 'Night manager' } }) };
    },
  },
  authAuthorizedUserDelete: {
    async setup(t) {
      const actor = await owner(t);
      const id = await member(t, actor.account);
      return { actor, call: async () => ({ params: { id } }) };
    },
  },
  authTwoFactorEnrol: {
    async setup(t) {
      return { actor: await owner(t), call: async () => ({}) };
    },
  },
  authTwoFactorConfirm: {
    async setup(t) {
      const actor = await owner(t);
      const { secret } = await ok(t, actor.account.token, 'POST', '/api/auth/two-factor/enrol/');
      return { actor, call: async () => ({ body: { code: await totp(t, secret as string) } }) };
    },
  },
  authTwoFactorDisable: {
    async setup(t) {
      return {
        actor: await withTwoFactor(t, await owner(t)),
        call: async () => ({ body: { current_password: PASSWORD } }),
      };
    },
  },
  authTwoFactorRecoveryCodes: {
    async setup(t) {
      return { actor: await withTwoFactor(t, await owner(t)), call: async () => ({}) };
    },
  },
  contractCreate: {
    async setup(t) {
      const hotel = await signUp(t);
      await createProperty(t, hotel.token, { hotel_name: fresh('Hotel') });
      return { actor: await owner(t, 'to'), call: async () => ({ body: { partner: hotel.id } }) };
    },
  },
  contractEdit: {
    async setup(t) {
      const actor = await owner(t);
      const id = await proposalTo(t, actor.account);
      return { actor, call: async () => ({ params: { id }, body: { status: 'A' } }) };
    },
  },
  contractVersion: {
    async setup(t) {
      const actor = await owner(t);
      const id = await proposalTo(t, actor.account);
      return { actor, call: async () => ({ params: { id }, body: { status: 'C', comment: 'Our counter-proposal' } }) };
    },
  },
  whitelistCreate: {
    async setup(t) {
      return { actor: await owner(t), call: async () => ({ body: { name: 'Office', domain: '203.0.113.0/24' } }) };
    },
  },
  whitelistUpdate: {
    async setup(t) {
      const actor = await owner(t);
      const id = await whitelist(t, actor.account);
      return { actor, call: async () => ({ params: { id }, body: { name: 'Moved', domain: '203.0.113.9' } }) };
    },
  },
  whitelistDelete: {
    async setup(t) {
      const actor = await owner(t);
      const id = await whitelist(t, actor.account);
      return { actor, call: async () => ({ params: { id } }) };
    },
  },
  apiKeyCreate: {
    async setup(t) {
      const actor = await owner(t);
      const domain = await whitelist(t, actor.account);
      return { actor, call: async () => ({ body: { title: 'Channel manager', fact_sheet: true, domain } }) };
    },
  },
  apiKeyUpdate: {
    async setup(t) {
      const actor = await owner(t);
      const domain = await whitelist(t, actor.account);
      const key = await ok(t, actor.account.token, 'POST', '/api/settings/api-key/create/', { title: 'CM', domain });
      return {
        actor,
        call: async () => ({ params: { id: key.id as number }, body: { title: 'CM', domain, stop_sale: true } }),
      };
    },
  },
  apiKeyDelete: {
    async setup(t) {
      const actor = await owner(t);
      const domain = await whitelist(t, actor.account);
      const key = await ok(t, actor.account.token, 'POST', '/api/settings/api-key/create/', { title: 'CM', domain });
      return { actor, call: async () => ({ params: { id: key.id as number } }) };
    },
  },
  webhookCreate: {
    async setup(t) {
      const body = { url: 'https://hooks.example/new', events: ['photos.updated'] };
      return { actor: await owner(t), call: async () => ({ body }) };
    },
  },
  webhookUpdate: {
    async setup(t) {
      const actor = await owner(t);
      const id = await webhook(t, actor.account);
      return {
        actor,
        call: async () => ({ params: { id }, body: { url: 'https://hooks.example/moved', events: ['facts.updated'] } }),
      };
    },
  },
  webhookDelete: {
    async setup(t) {
      const actor = await owner(t);
      const id = await webhook(t, actor.account);
      return { actor, call: async () => ({ params: { id } }) };
    },
  },
  webhookResume: {
    async setup(t) {
      const actor = await owner(t);
      const id = await webhook(t, actor.account);
      // Paused for failing, as the sender leaves it (pause.ts).
      await t.services.db.kysely
        .updateTable('webhook_endpoints')
        .set({ paused_at: t.clock.now().toISOString(), consecutive_failures: 5 })
        .where('id', '=', id)
        .execute();
      return { actor, call: async () => ({ params: { id } }) };
    },
  },
  webhookRedeliver: {
    async setup(t) {
      const actor = await owner(t);
      const endpoint = await webhook(t, actor.account);
      // A failed delivery of the endpoint (recorded directly: no event needs to happen).
      const row = await t.services.db.kysely
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint,
          account_id: actor.account.id,
          property_id: null,
          event: 'facts.updated',
          message_id: fresh('msg'),
          payload: '{}',
          status: 'failed',
          attempts: 1,
          created_at: t.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { actor, call: async () => ({ params: { id: row.id } }) };
    },
  },
};

function url(route: RouteDef, call: Call): string {
  return `/${route.path}`.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${route.operationId}: the fixture gives no value for {${name}}`);
    return String(value);
  });
}

describe('the step-up table covers routes.json', () => {
  it('has a fixture for every route declared stepUp, and none for another', () => {
    expect(guarded.length).toBeGreaterThan(20);
    expect(Object.keys(FIXTURES).sort(), 'add a fixture to tests/server/auth/step-up-routes.test.ts').toEqual(
      guarded.map((r) => r.operationId).sort(),
    );
  });
});

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`every stepUp route refuses a stale session (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, {}, { STEP_UP_MINUTES: '10' });
    });
    afterAll(() => t.stop());

    const proofOf = async (actor: Actor) =>
      actor.secret ? { code: await totp(t, actor.secret) } : { password: PASSWORD };

    /** Another sign-in of the same user (with a code of the next 30-second step when two-factor is on). */
    async function secondSession(actor: Actor): Promise<string> {
      if (!actor.secret) return signIn(t, actor.account.email);
      t.clock.advance(31_000);
      const body = { email: actor.account.email, password: PASSWORD, code: await totp(t, actor.secret) };
      const res = await t.api('POST', '/api/auth/token/login/', { body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ auth_token: string }>().auth_token;
    }

    for (const route of guarded) {
      it(`${route.method} ${route.path}`, async () => {
        const fixture = FIXTURES[route.operationId];
        if (!fixture) throw new Error(`no fixture for ${route.operationId}`);
        const { actor, call } = await fixture.setup(t);
        const stale = actor.account.token;
        const other = await secondSession(actor);
        t.clock.advance(11 * MINUTE);
        const first = await call();
        expect(needsStepUp(route, first.body), 'the fixture sends a call the rule guards').toBe(true);
        const send = (token: string, c: Call) => t.api(route.method, url(route, c), { token, body: c.body });
        const refusedOn = async (label: string, res: Awaited<ReturnType<typeof send>>) => {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
          expect(res.json(), label).toMatchObject({
            code: 'step_up_required',
            proof: actor.secret ? 'code' : 'password',
          });
        };

        const before = await snapshotDatabase(t);
        await refusedOn('stale', await send(stale, first));
        // A second factor of the session's own: enrolling, confirming, turning off: none is a way round.
        const post = (path: string, body?: unknown) => t.api('POST', path, { token: stale, body });
        await refusedOn('enrol', await post('/api/auth/two-factor/enrol/', {}));
        const code = actor.secret ? await totp(t, actor.secret) : '123456';
        await refusedOn('confirm', await post('/api/auth/two-factor/confirm/', { code }));
        await refusedOn('disable', await post('/api/auth/two-factor/disable/', { current_password: PASSWORD }));
        await refusedOn('recovery codes', await post('/api/auth/two-factor/recovery-codes/'));
        await refusedOn('after the factor tries', await send(stale, await call()));
        expect(await snapshotDatabase(t), 'a refused call changed nothing').toEqual(before);

        // Another session of the same user proves itself: this one stays stale.
        const proved = await t.api('POST', '/api/auth/step-up/', { token: other, body: await proofOf(actor) });
        expect(proved.statusCode, proved.body).toBe(200);
        await refusedOn("another session's proof", await send(stale, await call()));

        // Its own proof (a code of the next 30-second step: each is taken once): the call goes through.
        t.clock.advance(31_000);
        const own = await t.api('POST', '/api/auth/step-up/', { token: stale, body: await proofOf(actor) });
        expect(own.statusCode, own.body).toBe(200);
        const done = await send(stale, await call());
        expect(done.statusCode, done.body).toBeLessThan(300);
      });
    }
  });
}
