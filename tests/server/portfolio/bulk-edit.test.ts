/**
 * Bulk edit (issue 29 §2): fields of one section set on many properties at once. A preview says per
 * property what changes, what already matches and what the section's schema would refuse; the
 * batch is applied by a job (progress, outcome per property, one audit entry per property, one
 * notification for the batch), and the whole batch is undone through each property's history
 * (a restore of the revision it had before the batch).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { createProperty } from '../../helpers/properties.js';
import { hotelWithProperties, type Party } from '../../helpers/fixtures/contract-parties.js';
import { call, change, expectStatus, type Json } from '../../helpers/fixtures/contracted-operator.js';

const COUNT = 50;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`bulk edit (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let ids: number[];
    let invalid: number[];
    let matching: number;

    const mainInfo = async (id: number): Promise<Json> =>
      (await t.api('GET', `/api/facts/main-info/${id}/`, { token: hotel.owner.token })).json();

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1, { name: 'Sol Group' });
      ids = [hotel.properties[0]!];
      for (let i = 1; i < COUNT; i++)
        ids.push((await createProperty(t, hotel.owner.token, { hotel_name: `Sol ${String(i).padStart(2, '0')}` })).id);
      // Most hotels check in at 15:00 and take no pets; one already has the new values.
      for (const id of ids) {
        await t.services.db.kysely
          .insertInto('fact_sections')
          .values({
            property_id: id,
            section: 'main-info',
            version: 1,
            updated_at: new Date().toISOString(),
            updated_by: hotel.owner.id,
            data: JSON.stringify({
              id,
              hotel: id,
              version: 1,
              check_in_time: '15:00',
              pets_allowed: false,
              email: 'desk@sol.test',
            }),
          })
          .execute();
      }
      matching = ids[5]!;
      await change(t, hotel.owner.token, matching, 'main-info', { check_in_time: '14:00', pets_allowed: true });
      // Two whose stored document no longer passes the schema (an e-mail saved before it was checked).
      invalid = [ids[10]!, ids[20]!];
      for (const id of invalid) {
        await t.services.db.kysely
          .updateTable('fact_sections')
          .set({ data: JSON.stringify({ id, hotel: id, version: 1, check_in_time: '15:00', email: 'not an address' }) })
          .where('property_id', '=', id)
          .where('section', '=', 'main-info')
          .execute();
      }
    }, 240_000);
    afterAll(() => t.stop());

    const body = (values: Json = { check_in_time: '14:00', pets_allowed: true }) => ({
      section: 'main-info',
      values,
      properties: ids,
    });
    let batchId = 0;

    it('previews per property: old → new, the two invalid ones, the one that already matches; nothing saved', async () => {
      const preview = await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/preview/', body()),
        200,
      );
      expect(preview.fields).toEqual([
        { field: 'check_in_time', label: 'Check-in time' },
        { field: 'pets_allowed', label: 'Pets allowed' },
      ]);
      expect(preview.counts).toEqual({ change: COUNT - 3, same: 1, invalid: 2 });
      const byId = new Map((preview.items as Json[]).map((i) => [i.property, i]));
      expect(byId.get(ids[0])).toMatchObject({
        outcome: 'change',
        changes: [
          { field: 'check_in_time', from: '15:00', to: '14:00' },
          { field: 'pets_allowed', from: false, to: true },
        ],
      });
      expect(byId.get(matching)).toMatchObject({ outcome: 'same', changes: [] });
      for (const id of invalid) {
        expect(byId.get(id)).toMatchObject({ outcome: 'invalid', errors: { email: [expect.any(String)] } });
        expect(byId.get(id)!.message).toMatch(/E-mail/);
      }
      expect((await mainInfo(ids[0]!)).check_in_time).toBe('15:00');
    });

    it('refuses a list section, an unknown field, and a property of another account (404)', async () => {
      await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/preview/', { ...body(), section: 'room' }),
        400,
      );
      const unknown = await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/', body({ check_in_time: '14:00', no_such_field: 1 })),
        400,
      );
      expect(JSON.stringify(unknown)).toMatch(/no_such_field/);
      const other = await hotelWithProperties(t, 1);
      await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/', {
          ...body(),
          properties: [...ids, other.properties[0]],
        }),
        404,
      );
      expect((await t.services.db.kysely.selectFrom('bulk_edits').select('id').execute()).length).toBe(0);
    });

    it('refuses values every property would refuse, per field, before storing anything (issue 34 §2)', async () => {
      const db = t.services.db.kysely;
      const jobsBefore = (await db.selectFrom('jobs').select('id').execute()).length;
      for (const url of ['/api/facts/bulk-edit/preview/', '/api/facts/bulk-edit/']) {
        const refused = await expectStatus(
          await call(t, hotel.owner, 'POST', url, body({ check_in_time: '25:00', pets_allowed: [1, 2], email: 'x' })),
          400,
        );
        expect(refused).toEqual({
          values: {
            check_in_time: ['Enter a valid time (HH:MM).'],
            pets_allowed: ['Must be true or false.'],
            email: ['Enter a valid email address.'],
          },
        });
      }
      // About 2 MB of refused text: still nothing stored.
      const huge = await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/', body({ email: 'x'.repeat(1_900_000) }));
      expect(huge.status).toBe(400);
      expect(Object.keys(huge.body.values)).toEqual(['email']);
      // A rule between two fields sent together, in a nested group.
      const ages = await expectStatus(
        await call(
          t,
          hotel.owner,
          'POST',
          '/api/facts/bulk-edit/',
          body({ child_tax: { child_tax_applicable: true, age_from: 12, age_to: 2 } }),
        ),
        400,
      );
      const words = 'Children tax: the age from must not be more than the age to.';
      expect(ages).toEqual({ values: { child_tax: { age_from: [words], age_to: [words] } } });
      // Asked in Russian, the same refusal in Russian (the rule's own words from locales/ru/schemas.json).
      const russian = await t.api('POST', '/api/facts/bulk-edit/', {
        token: hotel.owner.token,
        headers: { 'accept-language': 'ru' },
        body: body({ child_tax: { child_tax_applicable: true, age_from: 12, age_to: 2 } }),
      });
      expect(russian.statusCode).toBe(400);
      const ru = 'Налог за детей: возраст «от» не должен быть больше возраста «до».';
      expect(russian.json()).toEqual({ values: { child_tax: { age_from: [ru], age_to: [ru] } } });
      expect(await db.selectFrom('bulk_edits').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('bulk_edit_items').select('id').execute()).toEqual([]);
      expect((await db.selectFrom('jobs').select('id').execute()).length).toBe(jobsBefore);
      // Values read as a save reads them: text for a flag is a flag.
      const preview = await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/preview/', body({ pets_allowed: 'true' })),
        200,
      );
      expect((preview.items as Json[]).find((i) => i.property === ids[0])!.changes).toMatchObject([
        { field: 'pets_allowed', from: false, to: true },
      ]);
    });

    it('applies as one job: the invalid ones fail alone, the rest are saved with one audit entry each and one notification', async () => {
      const started = await expectStatus(await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/', body()), 202);
      batchId = started.id as number;
      expect(started).toMatchObject({ state: 'queued', total: COUNT, done: 0, can_undo: false });
      const auditBefore = await t.services.db.kysely
        .selectFrom('audit_events')
        .select('id')
        .where('kind', '=', 'facts')
        .execute();
      expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
      const batch = await expectStatus(await call(t, hotel.owner, 'GET', `/api/facts/bulk-edit/${batchId}/`), 200);
      expect(batch).toMatchObject({
        state: 'done',
        done: COUNT,
        counts: { applied: COUNT - 3, same: 1, failed: 2, undone: 0, kept: 0 },
        can_undo: true,
      });
      for (const item of batch.items as Json[]) {
        if (invalid.includes(item.property))
          expect(item).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/E-mail/) });
      }
      for (const id of ids) {
        const doc = await mainInfo(id);
        if (invalid.includes(id)) expect(doc).toMatchObject({ check_in_time: '15:00', email: 'not an address' });
        else expect(doc).toMatchObject({ check_in_time: '14:00', pets_allowed: true });
      }
      const audit = await t.services.db.kysely
        .selectFrom('audit_events')
        .select(['property_id', 'changes'])
        .where('kind', '=', 'facts')
        .where('id', 'not in', auditBefore.map((a) => a.id).concat(0))
        .execute();
      expect(audit.length).toBe(COUNT - 3);
      expect(new Set(audit.map((a) => a.property_id)).size).toBe(COUNT - 3);
      const notes = await t.services.db.kysely
        .selectFrom('notifications')
        .selectAll()
        .where('notification_type', '=', 'bulk_edit_done')
        .where('user_id', '=', hotel.owner.id)
        .execute();
      expect(notes.length).toBe(1);
      expect(notes[0]!.message).toBe(
        `Bulk edit of Main info: ${COUNT - 3} properties changed, 1 already matched, 2 failed`,
      );
      const list = await expectStatus(await call(t, hotel.owner, 'GET', '/api/facts/bulk-edits/'), 200);
      expect((list as unknown as Json[]).map((b) => b.id)).toEqual([batchId]);
    });

    it('undoes the whole batch: every applied property gets its previous values back, as new revisions', async () => {
      const version = (await mainInfo(ids[0]!)).version as number;
      const undo = await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/bulk-edit/${batchId}/undo/`), 202);
      expect(undo.state).toBe('undoing');
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/bulk-edit/${batchId}/undo/`), 409);
      await t.services.jobs.runDue();
      const batch = await expectStatus(await call(t, hotel.owner, 'GET', `/api/facts/bulk-edit/${batchId}/`), 200);
      expect(batch).toMatchObject({
        state: 'undone',
        counts: { applied: 0, undone: COUNT - 3, failed: 2, same: 1 },
        can_undo: false,
      });
      expect(batch.undone_at).toEqual(expect.any(String));
      for (const id of ids) {
        const doc = await mainInfo(id);
        if (id === matching) expect(doc).toMatchObject({ check_in_time: '14:00', pets_allowed: true });
        else expect(doc).toMatchObject({ check_in_time: '15:00', pets_allowed: invalid.includes(id) ? null : false });
      }
      expect((await mainInfo(ids[0]!)).version).toBe(version + 1);
      // Through each property's history: the undo is a restore of the revision before the batch, audited as one.
      const history = await expectStatus(
        await call(t, hotel.owner, 'GET', `/api/facts/history/${ids[0]}/main-info/`),
        200,
      );
      expect((history.revisions as Json[]).map((r) => [r.revision, r.action, r.restored_from])).toEqual([
        [version + 1, 'restore', version - 1],
        [version, 'update', null],
        [version - 1, 'baseline', null],
      ]);
      expect(history.revisions[0].changes).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'check_in_time', from: '14:00', to: '15:00' })]),
      );
      const restores = await t.services.db.kysely
        .selectFrom('audit_events')
        .select('property_id')
        .where('kind', '=', 'facts')
        .where('action', '=', 'restore')
        .execute();
      expect(restores.length).toBe(COUNT - 3);
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/bulk-edit/${batchId}/undo/`), 409);
    });

    it('undo keeps a property saved by someone after the batch (its fields or any other)', async () => {
      const few = ids.slice(0, 3);
      const started = await expectStatus(
        await call(t, hotel.owner, 'POST', '/api/facts/bulk-edit/', {
          section: 'main-info',
          values: { check_in_time: '13:00' },
          properties: few,
        }),
        202,
      );
      await t.services.jobs.runDue();
      await change(t, hotel.owner.token, few[1]!, 'main-info', { check_in_time: '12:30' });
      // Restoring the revision before the batch would take this later save back too: kept.
      await change(t, hotel.owner.token, few[2]!, 'main-info', { email: 'front@sol.test' });
      await expectStatus(await call(t, hotel.owner, 'POST', `/api/facts/bulk-edit/${started.id}/undo/`), 202);
      await t.services.jobs.runDue();
      const batch = await expectStatus(await call(t, hotel.owner, 'GET', `/api/facts/bulk-edit/${started.id}/`), 200);
      expect(batch.counts).toMatchObject({ undone: 1, kept: 2 });
      expect(
        (batch.items as Json[])
          .filter((i) => i.outcome === 'kept')
          .map((i) => i.property)
          .sort((a, b) => a - b),
      ).toEqual([few[1], few[2]].sort((a, b) => a! - b!));
      expect((await mainInfo(few[0]!)).check_in_time).toBe('15:00');
      expect((await mainInfo(few[1]!)).check_in_time).toBe('12:30');
      expect(await mainInfo(few[2]!)).toMatchObject({ check_in_time: '13:00', email: 'front@sol.test' });
    });

    it('a member sees only batches over properties allowed to it', async () => {
      // withoutFlag holds the facts flag (partner_connections is the flag it lacks) and no property.
      await expectStatus(await call(t, hotel.withoutFlag, 'GET', `/api/facts/bulk-edit/${batchId}/`), 404);
      const list = await expectStatus(await call(t, hotel.withoutFlag, 'GET', '/api/facts/bulk-edits/'), 200);
      expect(list).toEqual([]);
    });
  });
}
