import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { uncounted, filledDocument } from '../../helpers/schema-samples.js';
import { testSections, url } from '../../helpers/sections.js';

type Doc = Record<string, unknown>;

/** A property whose value can be given the wrong type: the first boolean, number or string. */
function wrongType(schema: Doc): [string, unknown] {
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Doc>)) {
    if (['id', 'hotel', 'version'].includes(key)) continue;
    const types = ([] as string[]).concat((sub.type as string | string[] | undefined) ?? []);
    if (types.includes('boolean') || types.includes('number') || types.includes('integer'))
      return [key, 'not-a-number-or-flag'];
    if (types.includes('string')) return [key, { nested: true }];
  }
  throw new Error('no field to break');
}

/**
 * A section never saved reads as the spec's new section: every field of the schema, in schema
 * order, at its empty value (null; [] for lists; a nested group with its own fields empty; a
 * schema default where there is one), id and version null.
 */
function expectEmpty(schema: Doc, value: unknown, where: string): void {
  const props = (schema.properties ?? {}) as Record<string, Doc>;
  expect(Object.keys(value as Doc), where).toEqual(Object.keys(props));
  for (const [key, sub] of Object.entries(props)) {
    const v = (value as Doc)[key];
    const types = ([] as string[]).concat((sub.type as string | string[] | undefined) ?? []);
    if (sub.properties) expectEmpty(sub, v, `${where}.${key}`);
    else if ('default' in sub) expect(v, `${where}.${key}`).toEqual(sub.default);
    else if (types.includes('array')) expect(v, `${where}.${key}`).toEqual([]);
    else expect(v, `${where}.${key}`).toBeNull();
  }
}

for (const dialect of ALL_DIALECTS) {
  for (const section of testSections().filter((s) => s.kind === 'document')) {
    describeOn(dialect)(`facts section ${section.key} (${dialect})`, () => {
      let t: TestApp;
      let owner: Account;
      let sub: Account;
      let property: number;
      let schema: Doc;
      beforeAll(async () => {
        t = await startTestApp(dialect);
        ({ owner, sub } = await ownerWithSubUser(t, { facts: false }));
        property = (await createProperty(t, owner.token)).id;
        schema = t.services.schemas.resolved(section.ref);
      });
      afterAll(() => t.stop());

      it('round-trips a fully filled document: create, read, update, with versions', async () => {
        const { get, create, update } = section.routes;
        const empty = await t.api('GET', url(get!, property), { token: owner.token });
        expect(empty.statusCode).toBe(200);
        const blank = empty.json() as Doc;
        expect(blank.hotel).toBe(property);
        expectEmpty(schema, { ...blank, hotel: null }, section.key);
        expect(blank.id).toBeNull();
        expect(blank.version).toBeNull();

        const doc = { ...filledDocument(schema), hotel: property };
        const created = await t.api('POST', url(create!, property), { token: owner.token, body: doc });
        expect(created.statusCode, created.body).toBe(201);
        // A derived fact is counted from the property's rooms (none here), never taken from a request.
        expect(created.json()).toEqual({ ...doc, ...uncounted(schema), id: property, version: 1 });
        expect((await t.api('GET', url(get!, property), { token: owner.token })).json()).toEqual(created.json());
        expect((await t.api('POST', url(create!, property), { token: owner.token, body: doc })).statusCode).toBe(409);

        const changed = { ...filledDocument(schema, 1), hotel: property, version: 1 };
        const updated = await t.api('PUT', url(update!, property), { token: owner.token, body: changed });
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.json()).toEqual({ ...changed, ...uncounted(schema), id: property, hotel: property, version: 2 });
        expect((await t.api('GET', url(get!, property), { token: owner.token })).json().version).toBe(2);
      });

      it('refuses a stale version with 409 naming who changed it; without a version the update is unconditional', async () => {
        const { update, get } = section.routes;
        const stale = await t.api('PUT', url(update!, property), { token: owner.token, body: { version: 1 } });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ current_version: 2, updated_by: { id: owner.id, email: owner.email } });
        expect(stale.json().updated_at).toMatch(/^\d{4}-/);
        expect((await t.api('GET', url(get!, property), { token: owner.token })).json().version).toBe(2);
        // The spec's clients send no version (or null): the save is unconditional.
        const current = (await t.api('GET', url(get!, property), { token: owner.token })).json() as Doc;
        const { version: _v, ...unversioned } = current;
        const noVersion = await t.api('PUT', url(update!, property), { token: owner.token, body: unversioned });
        expect(noVersion.statusCode, noVersion.body).toBe(200);
        expect(noVersion.json()).toEqual({ ...current, version: 3 });
        const nullVersion = await t.api('PUT', url(update!, property), {
          token: owner.token,
          body: { ...unversioned, version: null },
        });
        expect(nullVersion.statusCode, nullVersion.body).toBe(200);
        expect(nullVersion.json().version).toBe(4);
        expect((await t.api('GET', url(get!, property), { token: owner.token })).json()).toEqual({
          ...current,
          version: 4,
        });
      });

      it('names wrong types in a 400 and changes nothing; ignores unknown fields and says so', async () => {
        const { update, get } = section.routes;
        const before = (await t.api('GET', url(get!, property), { token: owner.token })).json() as Doc;
        const [field, bad] = wrongType(schema);
        const res = await t.api('PUT', url(update!, property), {
          token: owner.token,
          body: { ...before, [field]: bad, no_such_field: 1 },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()[field]).toBeDefined();
        expect(res.json().no_such_field).toBeUndefined();
        // The wrong value may switch a flag off: its dependents are named too (stored as null).
        expect(String(res.headers['x-ignored-fields']).split(', ')).toContain('no_such_field');
        expect((await t.api('GET', url(get!, property), { token: owner.token })).json()).toEqual(before);

        const ignored = await t.api('PUT', url(update!, property), {
          token: owner.token,
          body: { ...before, no_such_field: 1 },
        });
        expect(ignored.statusCode, ignored.body).toBe(200);
        expect(ignored.headers['x-ignored-fields']).toBe('no_such_field');
        expect(ignored.json()).toEqual({ ...before, version: (before.version as number) + 1 });
        expect(
          (await t.api('GET', url(get!, property), { token: owner.token })).headers['x-ignored-fields'],
        ).toBeUndefined();
      });

      it('is invisible to other accounts and anonymous callers, read-only without the facts flag', async () => {
        const { get, update, create } = section.routes;
        const other = await signUp(t);
        const theirs = (await createProperty(t, other.token)).id;
        expect((await t.api('GET', url(get!, property), { token: other.token })).statusCode).toBe(404);
        expect((await t.api('PUT', url(update!, property), { token: other.token, body: {} })).statusCode).toBe(404);
        expect(
          (await t.api('POST', url(create!, theirs), { token: owner.token, body: { hotel: theirs } })).statusCode,
        ).toBe(404);
        expect((await t.api('GET', url(get!, property))).statusCode).toBe(401);
        // The sub-user without the property in its allowed list does not see it at all.
        expect((await t.api('GET', url(get!, property), { token: sub.token })).statusCode).toBe(404);
        const perms = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
        await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
          token: owner.token,
          body: { user: sub.id, facts: false, properties_allowed: [property] },
        });
        expect((await t.api('GET', url(get!, property), { token: sub.token })).statusCode).toBe(200);
        expect((await t.api('PUT', url(update!, property), { token: sub.token, body: {} })).statusCode).toBe(403);
        await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
          token: owner.token,
          body: { user: sub.id, facts: true, properties_allowed: [property] },
        });
        const saved = await t.api('PUT', url(update!, property), { token: sub.token, body: {} });
        expect(saved.statusCode, saved.body).toBe(200);
      });
    });
  }
}
