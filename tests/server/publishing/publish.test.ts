import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { testSections, url } from '../../helpers/sections.js';

type Completeness = {
  publishable: boolean;
  sections: {
    section: string;
    enabled: boolean;
    filled: number;
    total: number;
    missing: { field: string; label: string }[];
  }[];
};

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`completeness and publishing (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
    });
    afterAll(() => t.stop());

    it('refuses to publish an empty property, naming each section and field that is missing', async () => {
      const c = (
        await t.api('GET', `/api/facts/completeness/${property}/`, { token: owner.token })
      ).json() as Completeness;
      expect(c.publishable).toBe(false);
      const main = c.sections.find((s) => s.section === 'main-info')!;
      expect(main.filled).toBe(0);
      expect(main.total).toBeGreaterThan(10);
      expect(main.missing.map((m) => m.field)).toEqual(
        expect.arrayContaining(['accommodation_type', 'rating', 'address', 'email', 'phone', 'zip_code']),
      );
      const res = await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: owner.token });
      expect(res.statusCode).toBe(400);
      const lines = res.json().non_field_errors as string[];
      expect(lines[0]).toMatch(/before publishing/);
      expect(lines.find((l) => l.startsWith('Main info: '))).toMatch(/Rating/);
      expect((await t.api('GET', '/api/facts/properties/', { token: owner.token })).json()[0].publish_date).toBeNull();
    });

    it('publishes once every enabled section meets its rules', async () => {
      for (const s of testSections().filter((x) => x.kind === 'document')) {
        const doc = { ...filledDocument(t.services.schemas.resolved(s.ref)), hotel: property };
        const res = await t.api('POST', url(s.routes.create!, property), { token: owner.token, body: doc });
        expect(res.statusCode, `${s.key}: ${res.body}`).toBe(201);
      }
      const c = (
        await t.api('GET', `/api/facts/completeness/${property}/`, { token: owner.token })
      ).json() as Completeness;
      expect(
        c.sections.filter((s) => s.enabled && s.missing.length),
        JSON.stringify(c.sections.filter((s) => s.missing.length)),
      ).toEqual([]);
      expect(c.publishable).toBe(true);
      const main = c.sections.find((s) => s.section === 'main-info')!;
      expect(main.filled).toBe(main.total);
      t.clock.advance(60_000);
      const res = await t.api('POST', `/api/facts/property/${property}/publish/create/`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: property, publish_date: t.clock.now().toISOString() });
      expect((await t.api('GET', '/api/facts/last-publish-date/', { token: owner.token })).json()).toEqual({
        date: t.clock.now().toISOString(),
      });
      expect((await t.api('GET', '/api/facts/properties/', { token: owner.token })).json()[0].publish_date).toBe(
        t.clock.now().toISOString(),
      );
    });

    it('answers every section at once in init-facts-info', async () => {
      const res = await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: owner.token });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Record<string, unknown>;
      for (const key of ['mainInfo', 'environmentInfo']) expect(body).toHaveProperty(key);
      expect((body.mainInfo as { version: number }).version).toBe(1);
      const other = await signUp(t);
      expect((await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: other.token })).statusCode).toBe(
        404,
      );
      expect((await t.api('GET', `/api/facts/completeness/${property}/`, { token: other.token })).statusCode).toBe(404);
      const fresh = (await createProperty(t, owner.token)).id;
      const empty = (
        await t.api('GET', `/api/facts/init-facts-info/${fresh}/`, { token: owner.token })
      ).json() as Record<string, unknown>;
      // A section never saved: every field empty, no id, no version, as its own read answers it.
      expect(empty.mainInfo).toMatchObject({
        id: null,
        hotel: fresh,
        version: null,
        rating: null,
        tax: { tax_applicable: null },
      });
      expect(empty.mainInfo).toEqual(
        (await t.api('GET', `/api/facts/main-info/${fresh}/`, { token: owner.token })).json(),
      );
      expect(empty.roomsInfo).toEqual([]);
    });

    it('keeps an audit entry with field-level changes labelled from the schema', async () => {
      const events = await t.services.db.kysely
        .selectFrom('audit_events')
        .selectAll()
        .where('property_id', '=', property)
        .where('kind', '=', 'facts')
        .execute();
      const main = events.find((e) => e.subject === 'main-info')!;
      const changes = JSON.parse(main.changes) as { field: string; label: string; to: unknown }[];
      expect(changes.find((c) => c.field === 'rating')).toMatchObject({ label: 'Rating' });
      expect(main.actor_id).toBe(owner.id);
    });
  });
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`init-facts-info caching (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
    });
    afterAll(() => t.stop());

    it('answers 304 to a matching ETag and a fresh body after any change', async () => {
      const owner = await signUp(t);
      const property = (await createProperty(t, owner.token)).id;
      const first = await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: owner.token });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"facts-\d+-0"$/);
      const again = await t.api('GET', `/api/facts/init-facts-info/${property}/`, {
        token: owner.token,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      await t.api('POST', '/api/facts/main-info/create/', {
        token: owner.token,
        body: { hotel: property, fax: '+34 971 000 001' },
      });
      const changed = await t.api('GET', `/api/facts/init-facts-info/${property}/`, {
        token: owner.token,
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().mainInfo.fax).toBe('+34 971 000 001');
      await t.api('POST', `/api/facts/maintenance/update/${property}/`, {
        token: owner.token,
        body: [
          {
            id: 0,
            maintenance_type_apply: 'Lobby renovation',
            maintenance_zone: 'Complete',
            maintenance_disturbance: 'disturbing',
            maintenance_from: '2027-01-01',
            maintenance_to: '2027-01-05',
          },
        ],
      });
      const rows = await t.api('GET', `/api/facts/init-facts-info/${property}/`, { token: owner.token });
      expect(rows.json().maintenanceInfo).toHaveLength(1);
      expect(rows.headers.etag).not.toBe(changed.headers.etag);
    });
  });
}
