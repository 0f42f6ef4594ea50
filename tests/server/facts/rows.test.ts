import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { testSections, url } from '../../helpers/sections.js';

type Row = Record<string, unknown>;

/** A field of a row that can be given the wrong type: the first boolean, number or string. */
function wrongType(schema: Row): [string, unknown] {
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Row>)) {
    if (['id', 'hotel'].includes(key)) continue;
    const types = ([] as string[]).concat((sub.type as string | string[] | undefined) ?? []);
    if (types.includes('boolean') || types.includes('number') || types.includes('integer'))
      return [key, 'not-a-number-or-flag'];
    if (types.includes('string')) return [key, { nested: true }];
  }
  throw new Error('no field to break');
}

for (const dialect of ALL_DIALECTS) {
  for (const section of testSections().filter((s) => s.kind === 'list')) {
    describeOn(dialect)(`facts list ${section.key} (${dialect})`, () => {
      let t: TestApp;
      let owner: Account;
      let sub: Account;
      let property: number;
      let schema: Row;
      const row = (seed: number): Row => {
        const { id: _id, hotel: _hotel, ...facts } = filledDocument(schema, seed);
        return { id: 0, ...facts };
      };
      beforeAll(async () => {
        t = await startTestApp(dialect);
        ({ owner, sub } = await ownerWithSubUser(t, { facts: false }));
        property = (await createProperty(t, owner.token)).id;
        schema = t.services.schemas.resolved(section.ref);
      });
      afterAll(() => t.stop());

      it('saves new rows together, assigning ids, and returns them in order', async () => {
        const { list, save } = section.routes;
        expect((await t.api('GET', url(list!, property), { token: owner.token })).json()).toEqual([]);
        const res = await t.api('POST', url(save!, property), {
          token: owner.token,
          body: [row(0), { ...row(1), hotel: property }],
        });
        expect(res.statusCode, res.body).toBe(200);
        const saved = res.json() as Row[];
        expect(saved).toHaveLength(2);
        expect(saved.every((r) => typeof r.id === 'number' && (r.id as number) > 0 && r.hotel === property)).toBe(true);
        // What the server decides (readOnly: a certificate's status and badge) is not what was sent.
        const decided = Object.entries((schema.properties ?? {}) as Record<string, Row>)
          .filter(([, p]) => p.readOnly === true)
          .map(([k]) => k);
        const { id: _a, ...sent } = row(1);
        const expected = Object.fromEntries(Object.entries(sent).filter(([k]) => !decided.includes(k)));
        expect(saved[1]).toMatchObject(expected);
        expect((await t.api('GET', url(list!, property), { token: owner.token })).json()).toEqual(saved);
      });

      it('rejects the whole save when one row is bad, naming the row', async () => {
        const { list, save } = section.routes;
        const before = (await t.api('GET', url(list!, property), { token: owner.token })).json() as Row[];
        const [field, wrong] = wrongType(schema);
        const bad = await t.api('POST', url(save!, property), {
          token: owner.token,
          body: [...before, { ...row(2), [field]: wrong, bogus: 1 }],
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().non_field_errors[0]).toMatch(new RegExp(`^\\w[\\w ]* \\(${before.length + 1}\\): `));
        expect(bad.json().rows[String(before.length)][field]).toBeDefined();
        // An unknown key is not what is wrong: it is ignored, and the header names it with its row.
        expect(bad.json().rows[String(before.length)].bogus).toBeUndefined();
        expect(bad.headers['x-ignored-fields']).toBe(`${before.length}.bogus`);
        const foreign = await t.api('POST', url(save!, property), {
          token: owner.token,
          body: [{ ...before[0], hotel: property + 999 }],
        });
        expect(foreign.statusCode).toBe(400);
        const ghost = await t.api('POST', url(save!, property), {
          token: owner.token,
          body: [{ ...before[0], id: 987654 }],
        });
        expect(ghost.statusCode).toBe(400);
        expect(ghost.json().non_field_errors[0]).toMatch(/no longer exists/);
        expect((await t.api('GET', url(list!, property), { token: owner.token })).json()).toEqual(before);
      });

      it('ignores unknown keys of a row and names them, saving the rest', async () => {
        const { list, save } = section.routes;
        const before = (await t.api('GET', url(list!, property), { token: owner.token })).json() as Row[];
        const res = await t.api('POST', url(save!, property), {
          token: owner.token,
          body: [{ ...before[0], bogus: 1 }, before[1]],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-ignored-fields']).toBe('0.bogus');
        expect(res.json()).toEqual(before);
      });

      it('updates rows by id and keeps the list order sent', async () => {
        const { list, save } = section.routes;
        const before = (await t.api('GET', url(list!, property), { token: owner.token })).json() as Row[];
        const reordered = [before[1]!, before[0]!];
        const res = await t.api('POST', url(save!, property), { token: owner.token, body: reordered });
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as Row[]).map((r) => r.id)).toEqual([before[1]!.id, before[0]!.id]);
        expect((await t.api('GET', url(list!, property), { token: owner.token })).json()).toEqual(res.json());
      });

      it('is invisible to other accounts and read-only without the facts flag', async () => {
        const { list, save } = section.routes;
        const other = await signUp(t);
        expect((await t.api('GET', url(list!, property), { token: other.token })).statusCode).toBe(404);
        expect((await t.api('POST', url(save!, property), { token: other.token, body: [] })).statusCode).toBe(404);
        expect((await t.api('GET', url(list!, property))).statusCode).toBe(401);
        const perms = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: owner.token })).json();
        await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
          token: owner.token,
          body: { user: sub.id, properties_allowed: [property] },
        });
        expect((await t.api('GET', url(list!, property), { token: sub.token })).statusCode).toBe(200);
        expect((await t.api('POST', url(save!, property), { token: sub.token, body: [] })).statusCode).toBe(403);
      });
    });
  }
}
