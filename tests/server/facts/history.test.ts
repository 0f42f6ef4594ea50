import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { ownerWithSubUser, signUp, type Account } from '../../helpers/accounts.js';
import { MINUTE } from '../../helpers/clock.js';
import { createProperty } from '../../helpers/properties.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { auditEvents } from '../../helpers/fixtures/team-and-company.js';

type Doc = Record<string, unknown>;
interface Revision {
  revision: number;
  action: string;
  restored_from: number | null;
  actor_email: string | null;
  changes: { field: string; label: string; from: unknown; to: unknown }[];
}
interface History {
  current_revision: number;
  kind: string;
  revisions: Revision[];
}

const SECTION = 'children';
const room = (name: string, extra: Doc = {}) => ({
  id: 0,
  room_name: name,
  room_name_type: 'double room',
  room_view: 'Sea view',
  ...extra,
});
const facts = (doc: Doc) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !['id', 'hotel', 'version'].includes(k)));

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`fact history and restore (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;
    let schema: Doc;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
      schema = t.services.schemas.resolved(`facts/${SECTION}.schema.json`) as Doc;
    });
    afterAll(() => t.stop());

    const history = async (section: string, as = owner, id = property) => {
      const res = await t.api('GET', `/api/facts/history/${id}/${section}/`, { token: as.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<History>();
    };
    const restore = (section: string, revision: number, current: number, as = owner, id = property) =>
      t.api('POST', `/api/facts/history/${id}/${section}/${revision}/restore/`, {
        token: as.token,
        body: { current_revision: current },
      });
    const section = async () =>
      (await t.api('GET', `/api/facts/${SECTION}/${property}/`, { token: owner.token })).json<Doc>();

    async function twoVersions(): Promise<{ first: Doc; second: Doc }> {
      const created = await t.api('POST', `/api/facts/${SECTION}/create/`, {
        token: owner.token,
        body: { ...filledDocument(schema), hotel: property },
      });
      expect(created.statusCode, created.body).toBe(201);
      t.clock.advance(MINUTE);
      const updated = await t.api('PUT', `/api/facts/${SECTION}/update/${property}/`, {
        token: owner.token,
        body: { ...filledDocument(schema, 1), hotel: property, version: 1 },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      return { first: created.json(), second: updated.json() };
    }

    it('a section: every revision with who and the field diff; restore brings one back as a new revision, audited; a stale restore is 409', async () => {
      const { first, second } = await twoVersions();
      const h = await history(SECTION);
      expect(h).toMatchObject({ kind: 'document', current_revision: 2 });
      expect(h.revisions.map((r) => [r.revision, r.action, r.actor_email])).toEqual([
        [2, 'update', owner.email],
        [1, 'create', owner.email],
      ]);
      const changed = h.revisions[0]!.changes;
      expect(changed.length).toBeGreaterThan(0);
      for (const c of changed)
        expect(c.to, c.field).toEqual(c.field.split('.').reduce<unknown>((v, k) => (v as Doc)[k], second));

      // The preview: what restoring revision 1 would change now (current → revision 1).
      const preview = (
        await t.api('GET', `/api/facts/history/${property}/${SECTION}/1/`, { token: owner.token })
      ).json<{ changes: Revision['changes']; data: Doc; current_revision: number }>();
      expect(preview.current_revision).toBe(2);
      expect(preview.changes.map((c) => c.field).sort()).toEqual(changed.map((c) => c.field).sort());
      expect(facts(preview.data)).toEqual(facts(first));

      const restored = await restore(SECTION, 1, 2);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({ revision: 3, current_revision: 3 });
      const now = await section();
      expect(now.version).toBe(3);
      expect(facts(now)).toEqual(facts(first));
      const after = await history(SECTION);
      expect(after.revisions[0]).toMatchObject({ revision: 3, action: 'restore', restored_from: 1 });
      expect(after.revisions.map((r) => r.revision)).toEqual([3, 2, 1]);
      const audit = (await auditEvents(t, owner.token)).find((e) => e.action === 'restore');
      expect(audit).toMatchObject({ kind: 'facts', subject: SECTION });
      expect(audit!.summary).toContain('restored from revision 1');

      // Stale: the page saw revision 2, the section is at 3 now.
      const stale = await restore(SECTION, 2, 2);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ current_revision: 3 });
      expect((await section()).version).toBe(3);
      // A revision that does not exist, or a section that does not: 404.
      expect((await restore(SECTION, 99, 3)).statusCode).toBe(404);
      expect(
        (await t.api('GET', `/api/facts/history/${property}/no-such-section/`, { token: owner.token })).statusCode,
      ).toBe(404);
    });

    it('a list: rows added, removed and changed per revision; restoring before a wrong save brings back the renamed and the deleted room', async () => {
      const saved = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: [room('Garden studio'), room('Family suite')],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [garden, family] = saved.json() as { id: number }[];
      // The wrong save: a room renamed, then the other deleted.
      expect(
        (
          await t.api('POST', `/api/facts/rooms/update/${property}/`, {
            token: owner.token,
            body: [{ ...garden, room_name: 'Oops' }],
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.api('DELETE', `/api/facts/rooms/delete/${family!.id}/`, { token: owner.token })).statusCode).toBe(
        204,
      );

      const h = await history('room');
      expect(h.current_revision).toBe(3);
      expect(h.revisions.map((r) => r.action)).toEqual(['delete', 'save', 'save']);
      expect(h.revisions[2]!.changes.map((c) => c.label)).toEqual([
        'Room "Garden studio" added',
        'Room "Family suite" added',
      ]);
      expect(h.revisions[1]!.changes).toHaveLength(1);
      expect(h.revisions[1]!.changes[0]).toMatchObject({
        field: `${garden!.id}.room_name`,
        from: 'Garden studio',
        to: 'Oops',
      });
      expect(h.revisions[1]!.changes[0]!.label).toMatch(/^Room "Oops" › /);
      expect(h.revisions[0]!.changes.map((c) => c.label)).toEqual(['Room "Family suite" removed']);

      // Stale: another save came after the page read the history.
      expect((await restore('room', 1, 2)).statusCode).toBe(409);
      const res = await restore('room', 1, 3);
      expect(res.statusCode, res.body).toBe(200);
      const rooms = (await t.api('GET', `/api/facts/rooms/${property}/`, { token: owner.token })).json() as {
        id: number;
        room_name: string;
      }[];
      expect(rooms.map((r) => r.room_name)).toEqual(['Garden studio', 'Family suite']);
      // The renamed room keeps its id; the deleted one comes back as a new row.
      expect(rooms[0]!.id).toBe(garden!.id);
      expect(rooms[1]!.id).not.toBe(family!.id);
      const after = await history('room');
      expect(after.revisions[0]).toMatchObject({ revision: 4, action: 'restore', restored_from: 1 });
      expect((await auditEvents(t, owner.token)).some((e) => e.kind === 'rows' && e.action === 'restore')).toBe(true);
    });

    it('restores a revision saved before its schema gained a field: the new field comes back empty, the rest as it was', async () => {
      const p = (await createProperty(t, owner.token)).id;
      const body = { ...filledDocument(schema), hotel: p };
      expect((await t.api('POST', `/api/facts/${SECTION}/create/`, { token: owner.token, body })).statusCode).toBe(201);
      expect(
        (
          await t.api('PUT', `/api/facts/${SECTION}/update/${p}/`, {
            token: owner.token,
            body: { ...filledDocument(schema, 1), hotel: p, version: 1 },
          })
        ).statusCode,
      ).toBe(200);
      // Revision 1 as it was stored before the schema had its last field.
      const field = Object.keys(schema.properties as Doc)
        .filter((k) => !['id', 'hotel', 'version'].includes(k))
        .at(-1)!;
      const stored = await t.services.db.kysely
        .selectFrom('fact_revisions')
        .select(['id', 'data'])
        .where('property_id', '=', p)
        .where('section', '=', SECTION)
        .where('revision', '=', 1)
        .executeTakeFirstOrThrow();
      const old = JSON.parse(stored.data) as Doc;
      expect(old).toHaveProperty(field);
      delete old[field];
      await t.services.db.kysely
        .updateTable('fact_revisions')
        .set({ data: JSON.stringify(old) })
        .where('id', '=', stored.id)
        .execute();

      const preview = (await t.api('GET', `/api/facts/history/${p}/${SECTION}/1/`, { token: owner.token })).json<{
        data: Doc;
      }>();
      expect(Object.keys(preview.data)).toEqual(Object.keys(schema.properties as Doc));
      const res = await restore(SECTION, 1, 2, owner, p);
      expect(res.statusCode, res.body).toBe(200);
      const now = (await t.api('GET', `/api/facts/${SECTION}/${p}/`, { token: owner.token })).json<Doc>();
      const empty = (schema.properties as Record<string, Doc>)[field]!;
      expect(now[field]).toEqual(
        'default' in empty ? empty.default : (empty.type as string[] | string | undefined) === 'array' ? [] : null,
      );
      for (const [k, v] of Object.entries(facts(old))) if (k !== field) expect(now[k], k).toEqual(v);
    });

    it('history is visible to whom the section is; restoring needs the facts flag', async () => {
      const { owner: o, sub } = await ownerWithSubUser(t, { facts: false });
      const p = (await createProperty(t, o.token)).id;
      expect(
        (await t.api('POST', `/api/facts/rooms/update/${p}/`, { token: o.token, body: [room('Attic')] })).statusCode,
      ).toBe(200);
      // Not among its allowed properties: the property does not exist for the sub-user.
      expect((await t.api('GET', `/api/facts/history/${p}/room/`, { token: sub.token })).statusCode).toBe(404);
      const perms = (await t.api('GET', `/api/auth/permissions/${sub.id}/`, { token: o.token })).json<{ id: number }>();
      expect(
        (
          await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
            token: o.token,
            body: { user: sub.id, facts: false, properties_allowed: [p] },
          })
        ).statusCode,
      ).toBe(200);
      expect((await history('room', sub, p)).revisions).toHaveLength(1);
      expect((await restore('room', 1, 1, sub, p)).statusCode).toBe(403);
      await t.api('PUT', `/api/auth/permissions/update/${perms.id}/`, {
        token: o.token,
        body: { user: sub.id, facts: true, properties_allowed: [p] },
      });
      expect((await restore('room', 1, 1, sub, p)).statusCode).toBe(200);
      // Another account's property does not exist for it.
      const stranger = await signUp(t);
      expect((await t.api('GET', `/api/facts/history/${p}/room/`, { token: stranger.token })).statusCode).toBe(404);
      expect((await restore('room', 1, 2, stranger, p)).statusCode).toBe(404);
    });

    it('a section saved before history was kept shows its state as a baseline, which stays restorable after the next save', async () => {
      const p = (await createProperty(t, owner.token)).id;
      expect(
        (
          await t.api('POST', `/api/facts/${SECTION}/create/`, {
            token: owner.token,
            body: { ...filledDocument(schema), hotel: p },
          })
        ).statusCode,
      ).toBe(201);
      await t.services.db.kysely.deleteFrom('fact_revisions').where('property_id', '=', p).execute();
      expect((await history(SECTION, owner, p)).revisions.map((r) => [r.revision, r.action])).toEqual([
        [1, 'baseline'],
      ]);
      expect(
        (
          await t.api('PUT', `/api/facts/${SECTION}/update/${p}/`, {
            token: owner.token,
            body: { ...filledDocument(schema, 1), hotel: p, version: 1 },
          })
        ).statusCode,
      ).toBe(200);
      expect((await history(SECTION, owner, p)).revisions.map((r) => [r.revision, r.action])).toEqual([
        [2, 'update'],
        [1, 'baseline'],
      ]);
      expect((await restore(SECTION, 1, 2, owner, p)).statusCode).toBe(200);
      // A list saved only before history was kept: its baseline is revision 1, and restoring it works.
      expect(
        (await t.api('POST', `/api/facts/rooms/update/${p}/`, { token: owner.token, body: [room('Loft')] })).statusCode,
      ).toBe(200);
      await t.services.db.kysely
        .deleteFrom('fact_revisions')
        .where('property_id', '=', p)
        .where('section', '=', 'room')
        .execute();
      expect((await history('room', owner, p)).revisions.map((r) => [r.revision, r.action])).toEqual([[1, 'baseline']]);
      expect((await restore('room', 1, 1, owner, p)).statusCode).toBe(200);
      expect((await history('room', owner, p)).revisions.map((r) => [r.revision, r.action])).toEqual([
        [2, 'restore'],
        [1, 'baseline'],
      ]);
    });
  });
}
