/**
 * Developer tools (issue 16 §1, §2): whitelists, the life of an API key (shown once, hashed at
 * rest, expiry, rotation overlap, revocation), the partner API's checks (address, scope, expiry,
 * rate) and what a key sees, ETag/304 and the per-day statistics; on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signIn, signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { sha256 } from '../../../src/server/features/auth/secrets.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { apiKey, partner, publishNow, whitelist, type Json } from '../../helpers/fixtures/partner-api-access.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`developer tools (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('reads whitelist entries: IPv4, IPv6, CIDR ranges and origins; refuses anything else', async () => {
      const hotel = await signUp(t);
      const w = await whitelist(t, hotel, '203.0.113.7, 198.51.100.0/24\n2001:DB8::/32 https://hotel.example:8443');
      expect(w.entries).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', 'https://hotel.example:8443']);
      const bad = await t.api('POST', '/api/settings/whitelist/create/', {
        token: hotel.token,
        body: { name: 'Bad', domain: '10.0.0.0/33' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().domain[0]).toMatch(/10\.0\.0\.0\/33/);
      const path = await t.api('POST', '/api/settings/whitelist/create/', {
        token: hotel.token,
        body: { name: 'Bad', domain: 'https://hotel.example/page' },
      });
      expect(path.statusCode).toBe(400);
      const list = await t.api('GET', '/api/settings/whitelists/', { token: hotel.token });
      expect(list.json().map((x: Json) => x.id)).toEqual([w.id]);
      // Another account's entry does not exist for this one.
      const other = await signUp(t);
      expect(
        (
          await t.api('PUT', `/api/settings/whitelist/update/${w.id}/`, {
            token: other.token,
            body: { name: 'x', domain: '10.0.0.1' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.api('DELETE', `/api/settings/whitelist/delete/${w.id}/`, { token: other.token })).statusCode,
      ).toBe(404);
    });

    it('shows the secret once, stores only its hash, lists prefix, scopes, expiry, created and last used', async () => {
      const hotel = await signUp(t);
      const key = await apiKey(t, hotel, { fact_sheet: true, hotel_photos: false, expires_at: '2099-12-31' });
      expect(key.token).toMatch(/^ak_[0-9a-f]{12}_[A-Za-z0-9_-]{32}$/);
      expect(key.token.startsWith(key.prefix)).toBe(true);
      const stored = await t.services.db.kysely
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', key.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret_hash).toBe(sha256(key.token));
      expect(JSON.stringify(stored)).not.toContain(key.token.slice(16));
      const list = (await t.api('GET', '/api/settings/api-keys/', { token: hotel.token })).json() as Json[];
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: key.id,
        token: null,
        prefix: key.prefix,
        fact_sheet: true,
        stop_sale: true,
        hotel_photos: false,
        expires_at: '2099-12-31',
        last_used: null,
      });
      expect((await partner(t, key.token, '/api/v1/properties/')).statusCode).toBe(200);
      const used = (await t.api('GET', '/api/settings/api-keys/', { token: hotel.token })).json() as Json[];
      expect(used[0]!.last_used).toBe(t.clock.now().toISOString());
      // Every change is in the audit trail.
      const trail = await t.services.db.kysely
        .selectFrom('audit_events')
        .select(['subject', 'action', 'summary'])
        .where('account_id', '=', hotel.id)
        .where('subject', 'in', ['api-key', 'whitelist'])
        .execute();
      expect(trail.map((e) => `${e.subject}:${e.action}`)).toEqual(['whitelist:create', 'api-key:create']);
      expect(trail.map((e) => e.summary).join(' ')).not.toContain(key.token);
    });

    it('refuses a missing or wrong key (401), an expired one (401), another address (403) and a missing scope (403)', async () => {
      const hotel = await signUp(t);
      const property = (await createProperty(t, hotel.token)).id;
      expect((await partner(t, undefined, '/api/v1/properties/')).statusCode).toBe(401);
      expect((await partner(t, 'ak_000000000000_nope', '/api/v1/properties/')).statusCode).toBe(401);
      // A session token is not a key.
      expect((await t.api('GET', '/api/v1/properties/', { token: hotel.token })).statusCode).toBe(401);
      const key = await apiKey(
        t,
        hotel,
        { fact_sheet: false, expires_at: t.clock.now().toISOString().slice(0, 10) },
        '10.1.0.0/16, 2001:db8:1::/48',
      );
      expect((await partner(t, key.token, '/api/v1/properties/', { ip: '10.1.200.3' })).statusCode).toBe(200);
      expect((await partner(t, key.token, '/api/v1/properties/', { ip: '2001:db8:1:ffff::9' })).statusCode).toBe(200);
      expect((await partner(t, key.token, '/api/v1/properties/', { ip: '::ffff:10.1.0.1' })).statusCode).toBe(200);
      expect((await partner(t, key.token, '/api/v1/properties/', { ip: '10.2.0.1' })).statusCode).toBe(403);
      expect((await partner(t, key.token, '/api/v1/properties/', { ip: '2001:db8:2::1' })).statusCode).toBe(403);
      const scope = await partner(t, key.token, `/api/v1/properties/${property}/facts/`, { ip: '10.1.0.1' });
      expect(scope.statusCode).toBe(403);
      expect(scope.json().detail).toMatch(/fact sheet/);
      expect(
        (await partner(t, key.token, `/api/v1/properties/${property}/photos/`, { ip: '10.1.0.1' })).statusCode,
      ).toBe(200);
      t.clock.advance(86_400_000);
      const expired = await partner(t, key.token, '/api/v1/properties/', { ip: '10.1.0.1' });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().detail).toMatch(/expired/);
    });

    it('rotates with an overlap: both secrets work for 24 hours, then only the new one; a revoked key stops at once', async () => {
      const hotel = await signUp(t);
      const key = await apiKey(t, hotel);
      const rotated = await t.api('PUT', `/api/settings/api-key/update/${key.id}/`, {
        token: hotel.token,
        body: { title: 'Renamed', domain: key.domain, fact_sheet: true, rotate: true },
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const fresh = rotated.json();
      expect(fresh.token).not.toBe(key.token);
      expect(fresh.previous_valid_until).toBe(new Date(t.clock.now().getTime() + 86_400_000).toISOString());
      expect((await partner(t, key.token, '/api/v1/properties/')).statusCode).toBe(200);
      expect((await partner(t, fresh.token, '/api/v1/properties/')).statusCode).toBe(200);
      t.clock.advance(86_400_000 + 1000);
      expect((await partner(t, key.token, '/api/v1/properties/')).statusCode).toBe(401);
      expect((await partner(t, fresh.token, '/api/v1/properties/')).statusCode).toBe(200);
      // A plain edit answers no secret (a new session: a day went by).
      hotel.token = await signIn(t, hotel.email);
      const edit = await t.api('PUT', `/api/settings/api-key/update/${key.id}/`, {
        token: hotel.token,
        body: { title: 'Again', domain: key.domain },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().token).toBeNull();
      expect(
        (await t.api('DELETE', `/api/settings/api-key/delete/${key.id}/`, { token: hotel.token })).statusCode,
      ).toBe(204);
      expect((await partner(t, fresh.token, '/api/v1/properties/')).statusCode).toBe(401);
    });

    it('refuses a whitelist of another account and deleting an entry a key uses', async () => {
      const hotel = await signUp(t);
      const other = await signUp(t);
      const foreign = await whitelist(t, other, '10.0.0.1');
      const res = await t.api('POST', '/api/settings/api-key/create/', {
        token: hotel.token,
        body: { title: 'X', domain: foreign.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().domain).toBeDefined();
      const key = await apiKey(t, hotel);
      expect(
        (await t.api('DELETE', `/api/settings/whitelist/delete/${key.domain}/`, { token: hotel.token })).statusCode,
      ).toBe(409);
    });

    it('gates every call for sub-users by the developer_tools flag', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      expect((await t.api('GET', '/api/settings/api-keys/', { token: sub.token })).statusCode).toBe(403);
      expect((await t.api('GET', '/api/settings/whitelists/', { token: sub.token })).statusCode).toBe(403);
      expect((await t.api('GET', '/api/reports/api-statistics/', { token: sub.token })).statusCode).toBe(403);
      const perms = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      expect(
        (
          await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
            token: owner.token,
            body: { ...perms, developer_tools: true },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.api('GET', '/api/settings/api-keys/', { token: sub.token })).statusCode).toBe(200);
    });

    it("a hotel's key reads its own properties: list, updated_since, facts in the stable shape, photos; others are 404", async () => {
      const hotel = await signUp(t);
      const stranger = await signUp(t);
      const a = (await createProperty(t, hotel.token, { hotel_name: 'Alpha' })).id;
      const foreign = (await createProperty(t, stranger.token, { hotel_name: 'Foreign' })).id;
      const key = await apiKey(t, hotel);
      const list = (await partner(t, key.token, '/api/v1/properties/')).json();
      expect(list).toMatchObject({
        count: 1,
        page: 1,
        next: null,
        results: [{ id: a, hotel_name: 'Alpha', published_at: null, code: null }],
      });
      const later = new Date(t.clock.now().getTime() + 60_000).toISOString();
      expect(
        (await partner(t, key.token, `/api/v1/properties/?updated_since=${encodeURIComponent(later)}`)).json().count,
      ).toBe(0);
      const unpublished = (await partner(t, key.token, `/api/v1/properties/${a}/facts/`)).json();
      expect(unpublished).toMatchObject({ id: a, published_at: null, sections: null });
      await publishNow(t, a, hotel.id);
      const facts = (await partner(t, key.token, `/api/v1/properties/${a}/facts/`)).json();
      expect(facts.publication).toBe(1);
      // Every section present, every field of main-info a key.
      expect(Object.keys(facts.sections)).toContain('main-info');
      expect(Object.keys(facts.sections['main-info'])).toEqual(
        expect.arrayContaining(['accommodation_type', 'rating', 'zip_code']),
      );
      expect(Array.isArray(facts.sections.room)).toBe(true);
      expect((await partner(t, key.token, `/api/v1/properties/${foreign}/facts/`)).statusCode).toBe(404);
      expect((await partner(t, key.token, `/api/v1/properties/${foreign}/photos/`)).statusCode).toBe(404);
    });

    it("an operator's key sees only contracted hotels, with its overrides and codes, never another operator's", async () => {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const rival = await signUp(t, { account_type: 'to' });
      const covered = (await createProperty(t, hotel.token, { hotel_name: 'Covered' })).id;
      const stranger = await signUp(t);
      const uncontracted = (await createProperty(t, stranger.token, { hotel_name: 'Elsewhere' })).id;
      await accepted(t, hotel, op);
      await accepted(t, hotel, rival);
      await publishNow(t, covered, hotel.id);
      const now = t.clock.now().toISOString();
      const db = t.services.db.kysely;
      await db
        .insertInto('overrides')
        .values({
          operator_account_id: rival.id,
          property_id: covered,
          field: 'hotel_name',
          value: JSON.stringify('Rival name'),
          hotel_value: JSON.stringify('Covered'),
          status: 'approved',
          comment: null,
          created_by: rival.id,
          created_at: now,
          decided_by: hotel.id,
          decided_at: now,
          decision_comment: null,
        } as never)
        .execute();
      const map = await t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
        token: op.token,
        body: { hotel: covered, override_code: 'OP-77' },
      });
      expect(map.statusCode, map.body).toBeLessThan(300);
      const key = await apiKey(t, op);
      const list = (await partner(t, key.token, '/api/v1/properties/')).json();
      expect(list.results).toEqual([expect.objectContaining({ id: covered, hotel_name: 'Covered', code: 'OP-77' })]);
      const facts = (await partner(t, key.token, `/api/v1/properties/${covered}/facts/`)).json();
      expect(facts).toMatchObject({ hotel_name: 'Covered', code: 'OP-77' });
      expect((await partner(t, key.token, `/api/v1/properties/${uncontracted}/facts/`)).statusCode).toBe(404);
      const rivalKey = await apiKey(t, rival);
      expect((await partner(t, rivalKey.token, '/api/v1/properties/')).json().results[0].hotel_name).toBe('Rival name');
      expect((await partner(t, rivalKey.token, `/api/v1/properties/${covered}/facts/`)).json().hotel_name).toBe(
        'Rival name',
      );
    });

    it("reads the stop-sale chart of a range with the operator's event codes (scope stop_sale)", async () => {
      const hotel = await signUp(t);
      const op = await signUp(t, { account_type: 'to' });
      const property = (await createProperty(t, hotel.token, { hotel_name: 'Chart' })).id;
      const rooms = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: hotel.token,
        body: [{ id: 0, room_name: 'Double', room_name_type: 'double room', room_view: 'Sea view' }],
      });
      expect(rooms.statusCode, rooms.body).toBe(200);
      const room = (rooms.json() as Json[])[0]!.id as number;
      await accepted(t, hotel, op);
      await publishNow(t, property, hotel.id);
      const now = t.clock.now().toISOString();
      await t.services.db.kysely
        .insertInto('stop_sale_events')
        .values([
          { property_id: property, room_id: room, date: '2026-12-01', color: 2, updated_by: hotel.id, updated_at: now },
          { property_id: property, room_id: room, date: '2027-02-01', color: 3, updated_by: hotel.id, updated_at: now },
        ] as never)
        .execute();
      const map = await t.api('POST', '/api/tour-operator/mapping/hotel/create/', {
        token: op.token,
        body: { hotel: property, override_code: 'CH-1', stop_event_code: 'SS-EV' },
      });
      expect(map.statusCode, map.body).toBeLessThan(300);
      const key = await apiKey(t, op);
      const res = await partner(
        t,
        key.token,
        `/api/v1/properties/${property}/stop-sale/?from=2026-12-01&to=2026-12-31`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rooms).toEqual([
        {
          id: room,
          room_name: 'Double',
          code: null,
          days: [{ date: '2026-12-01', state: 2, state_name: 'Stop Sale', event_code: 'SS-EV' }],
        },
      ]);
      expect(
        (await partner(t, key.token, `/api/v1/properties/${property}/stop-sale/?from=2026-12-31&to=2026-12-01`))
          .statusCode,
      ).toBe(400);
      const noScope = await apiKey(t, op, { stop_sale: false });
      expect(
        (await partner(t, noScope.token, `/api/v1/properties/${property}/stop-sale/?from=2026-12-01&to=2026-12-31`))
          .statusCode,
      ).toBe(403);
      const own = await apiKey(t, hotel);
      expect(
        (await partner(t, own.token, `/api/v1/properties/${property}/stop-sale/?from=2026-12-01&to=2027-02-28`)).json()
          .rooms[0].days,
      ).toHaveLength(2);
    });

    it('answers 304 to If-None-Match while nothing changed, limits the rate per key (429, Retry-After) and counts calls per key and day', async () => {
      const hotel = await signUp(t);
      await createProperty(t, hotel.token);
      const key = await apiKey(t, hotel);
      const first = await partner(t, key.token, '/api/v1/properties/');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await partner(t, key.token, '/api/v1/properties/', { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await createProperty(t, hotel.token);
      const changed = await partner(t, key.token, '/api/v1/properties/', { headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      // 3 calls so far; the limit is 120 a minute (the test clock stands still: one window).
      for (let i = 3; i < 120; i++) expect((await partner(t, key.token, '/api/v1/properties/')).statusCode).toBe(200);
      const limited = await partner(t, key.token, '/api/v1/properties/');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another key of the account has its own budget.
      const other = await apiKey(t, hotel, { title: 'Second' });
      expect((await partner(t, other.token, '/api/v1/properties/')).statusCode).toBe(200);
      t.clock.advance(60_000);
      expect((await partner(t, key.token, '/api/v1/properties/')).statusCode).toBe(200);
      const stats = (await t.api('GET', '/api/reports/api-statistics/', { token: hotel.token })).json();
      const today = t.clock.now().toISOString().slice(0, 10);
      expect(stats.days).toEqual(
        expect.arrayContaining([
          { date: today, key: key.id, title: 'Channel manager', prefix: key.prefix, calls: 121 },
          { date: today, key: other.id, title: 'Second', prefix: other.prefix, calls: 1 },
        ]),
      );
      expect(stats.total).toBe(122);
    });
  });
}
