import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { PASSWORD, ownerWithSubUser, signIn, signUp } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { HOUR } from '../../helpers/clock.js';
import { DAY } from './time.js';
import { auditEvents } from '../../helpers/fixtures/team-and-company.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`audit trail (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('records every kind of change with actor, time and client address, labelled from the schemas', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const ip = '192.0.2.44';
      const property = await createProperty(t, owner.token);
      const started = t.clock.now().toISOString();
      expect(
        (
          await t.api('POST', '/api/facts/main-info/create/', {
            token: owner.token,
            body: { hotel: property.id, zip_code: '07001' },
            ip,
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await t.api('PUT', `/api/facts/main-info/update/${property.id}/`, {
            token: owner.token,
            body: { hotel: property.id, version: 1, zip_code: '07002' },
            ip,
          })
        ).statusCode,
      ).toBe(200);
      const record = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      await t.api('PUT', `/api/auth/permissions/update/${record.id}/`, {
        token: owner.token,
        body: { user: sub.id, facts: true, photos: true, role: 'FO', properties_allowed: [property.id] },
        ip,
      });
      await t.api('POST', '/api/auth/token/login/', { body: { email: sub.email, password: 'Wrong-Horse-42' }, ip });
      await t.api('POST', '/api/auth/token/login/', { body: { email: sub.email, password: PASSWORD }, ip });
      await t.api('POST', '/api/auth/token/login/', { body: { email: 'nobody@example.com', password: PASSWORD }, ip });
      await t.api('POST', '/api/settings/mailing-list/create/', { token: owner.token, body: { name: 'Partners' }, ip });

      const events = await auditEvents(t, owner.token);
      const byKind = (kind: string) => events.filter((e) => e.kind === kind);
      expect(byKind('facts').map((e) => e.summary)).toEqual(['Main info updated (version 2)', 'Main info created']);
      expect(byKind('facts')[0]).toMatchObject({
        actor: owner.id,
        actor_email: owner.email,
        ip,
        property: property.id,
        changes: [{ field: 'zip_code', label: 'Zip code', from: '07001', to: '07002' }],
      });
      expect(byKind('property')[0]).toMatchObject({
        summary: 'Added property "Hotel Ananas Playa"',
        property: property.id,
      });
      const permissions = byKind('permissions');
      expect(permissions.map((e) => e.summary)).toEqual([
        `Changed the permissions of ${sub.email}`,
        `Set the permissions of ${sub.email}`,
      ]);
      expect(permissions[0]!.changes).toEqual([
        { field: 'photos', label: 'Add / Edit Property Photos', from: false, to: true },
        { field: 'role', label: 'Role in hotel', from: null, to: 'FO' },
        { field: 'properties_allowed', label: 'Allowed properties', from: [], to: [property.id] },
      ]);
      const signIns = byKind('sign-in').filter((e) => e.actor === sub.id);
      expect(signIns.slice(0, 2).map((e) => [e.action, e.summary, e.ip])).toEqual([
        ['success', 'Signed in', ip],
        ['failure', 'Failed sign-in: wrong password', ip],
      ]);
      expect(events.some((e) => e.actor_email === 'nobody@example.com')).toBe(false);
      expect(byKind('settings')[0]).toMatchObject({
        summary: 'Added mailing group "Partners"',
        changes: [{ field: 'name', label: 'Group name', from: null, to: 'Partners' }],
      });
      expect(events.every((e) => e.created_at >= started || e.kind !== 'facts')).toBe(true);
    });

    it('filters by property, user, kind and dates, and pages with count, next and previous', async () => {
      const owner = await signUp(t);
      const a = await createProperty(t, owner.token, { hotel_name: 'A' });
      const b = await createProperty(t, owner.token, { hotel_name: 'B' });
      t.clock.advance(2 * DAY);
      owner.token = await signIn(t, owner.email);
      const day = t.clock.now().toISOString().slice(0, 10);
      for (let i = 0; i < 30; i++) {
        await t.api('POST', '/api/settings/mailing-list/create/', { token: owner.token, body: { name: `G${i}` } });
      }
      const page1 = await t.api('GET', '/api/settings/audit-trail/?kind=settings', { token: owner.token });
      expect(page1.json()).toMatchObject({
        count: 30,
        previous: null,
        next: 'http://portal.test/api/settings/audit-trail/?kind=settings&page=2',
      });
      expect(page1.json().results).toHaveLength(25);
      expect(page1.json().results[0].summary).toBe('Added mailing group "G29"');
      const page2 = await t.api('GET', '/api/settings/audit-trail/?kind=settings&page=2', { token: owner.token });
      expect(page2.json()).toMatchObject({
        count: 30,
        next: null,
        previous: 'http://portal.test/api/settings/audit-trail/?kind=settings&page=1',
      });
      expect(page2.json().results).toHaveLength(5);
      expect(
        (await t.api('GET', '/api/settings/audit-trail/?kind=settings&page=3', { token: owner.token })).statusCode,
      ).toBe(404);

      expect((await auditEvents(t, owner.token, `?property=${b.id}`)).map((e) => e.summary)).toEqual([
        'Added property "B"',
      ]);
      expect(await auditEvents(t, owner.token, `?property=${a.id}&kind=settings`)).toEqual([]);
      expect((await auditEvents(t, owner.token, `?user=${owner.id}&kind=property`)).length).toBe(2);
      expect(
        (
          await t.api('GET', `/api/settings/audit-trail/?date_from=${day}&date_to=${day}`, { token: owner.token })
        ).json().count,
      ).toBe(31); // the groups and the new sign-in
      const before = new Date(Date.parse(day) - DAY).toISOString().slice(0, 10);
      expect((await auditEvents(t, owner.token, `?date_to=${before}`)).map((e) => e.kind).sort()).toEqual([
        'property',
        'property',
        'sign-in',
      ]);

      const bad = await t.api('GET', '/api/settings/audit-trail/?kind=gossip&date_from=yesterday&page=0', {
        token: owner.token,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['date_from', 'kind', 'page']);
      expect(
        (
          await t.api('GET', `/api/settings/audit-trail/?date_from=${day}&date_to=${before}`, { token: owner.token })
        ).json(),
      ).toEqual({
        // A rule between the two fields (x-rules): its words at both.
        date_from: ['The end of the range is before its start.'],
        date_to: ['The end of the range is before its start.'],
      });
    });

    it('shows the trail to authorized users only when the owner shares it, within their properties, never across accounts', async () => {
      const { owner, sub } = await ownerWithSubUser(t, { facts: true });
      const mine = await createProperty(t, owner.token, { hotel_name: 'Allowed' });
      const hidden = await createProperty(t, owner.token, { hotel_name: 'Hidden' });
      const record = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
      await t.api('PUT', `/api/auth/permissions/update/${record.id}/`, {
        token: owner.token,
        body: { user: sub.id, facts: true, properties_allowed: [mine.id] },
      });

      const closed = await t.api('GET', '/api/settings/audit-trail/', { token: sub.token });
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toEqual({ detail: 'The account owner has not shared the audit trail with the team.' });
      await t.api('POST', '/api/settings/preferences/create/', { token: owner.token, body: { audit_trail: true } });
      const open = await auditEvents(t, sub.token);
      expect(open.length).toBeGreaterThan(0);
      expect(open.some((e) => e.property === hidden.id)).toBe(false);
      expect(open.some((e) => e.property === mine.id)).toBe(true);
      expect(
        (await t.api('GET', `/api/settings/audit-trail/?property=${hidden.id}`, { token: sub.token })).statusCode,
      ).toBe(404);

      const stranger = await signUp(t);
      const theirs = await auditEvents(t, stranger.token);
      expect(theirs.every((e) => e.actor === stranger.id)).toBe(true);
      expect(
        (await t.api('GET', `/api/settings/audit-trail/?property=${mine.id}`, { token: stranger.token })).statusCode,
      ).toBe(404);
      expect(
        (await t.api('GET', `/api/settings/audit-trail/?user=${owner.id}`, { token: stranger.token })).json().count,
      ).toBe(0);

      // Turning sharing off closes it again; recording never stops.
      await t.api('PUT', '/api/settings/preferences/edit/', { token: owner.token, body: { audit_trail: false } });
      expect((await t.api('GET', '/api/settings/audit-trail/', { token: sub.token })).statusCode).toBe(403);
      t.clock.advance(HOUR);
      await signIn(t, sub.email);
      expect((await auditEvents(t, owner.token, `?user=${sub.id}&kind=sign-in`))[0]!.summary).toBe('Signed in');
    });
  });
}
