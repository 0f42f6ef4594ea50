/**
 * The operator's own state of each listed property (operator/states.ts):
 * every field the fact-sheet list shows, from the demo's operator workspace (published twice, seen
 * once, mapped, two rooms linked, one override waiting) with an approved name and a drifted
 * override added, on both databases.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { seedDemo } from '../../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/demo/accounts.js';
import { signIn } from '../../helpers/accounts.js';
import { operatorStates } from '../../../src/server/features/operator/index.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`operator states of listed properties (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      await seedDemo(t.services);
    });
    afterAll(() => t.stop());

    it('answers each state from its own table, and a property with none of them as never seen', async () => {
      const operator = await signIn(t, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
      const list = async () =>
        (await t.api('POST', '/api/partners/partners-properties/', { token: operator, body: {} })).json().results[0];
      const before = await list();
      expect(before).toMatchObject({
        publication: 2,
        unseen: true,
        mapped: true,
        rooms_mapped: 2,
        overrides_pending: 1,
        overrides_drift: 0,
      });
      const db = t.services.db.kysely;
      const { id: operatorId } = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS.operator.email)
        .executeTakeFirstOrThrow();
      const approved = await db
        .selectFrom('overrides')
        .select('id')
        .where('property_id', '=', before.id)
        .where('status', '=', 'approved')
        .execute();
      expect(approved.length).toBeGreaterThan(0);
      // The hotel published another value after the operator's override was approved (drift), and
      // the operator's approved name for the hotel.
      await db
        .updateTable('overrides')
        .set({ drift_value: JSON.stringify(30), drift_at: new Date().toISOString() })
        .where('id', '=', approved[0]!.id)
        .execute();
      await db
        .insertInto('overrides')
        .values({
          operator_account_id: operatorId,
          property_id: before.id,
          field: 'hotel_name',
          value: JSON.stringify('Ananas Beach (our name)'),
          hotel_value: JSON.stringify(before.hotel_name),
          status: 'approved',
          comment: null,
          created_by: operatorId,
          created_at: new Date().toISOString(),
          decided_by: null,
          decided_at: new Date().toISOString(),
          decision_comment: null,
          drift_value: null,
          drift_at: null,
        })
        .execute();
      const after = await list();
      expect(after).toMatchObject({ overrides_drift: 1, overrides_pending: 1, hotel_name: 'Ananas Beach (our name)' });

      // The same read for a property the operator has no state of, and for an id twice.
      const states = await operatorStates(db, operatorId, [before.id, 999_999, before.id]);
      expect(states.get(999_999)).toEqual({
        publication: null,
        completeness: null,
        unseen: false,
        mapped: false,
        rooms: 0,
        rooms_mapped: 0,
        overrides_pending: 0,
        overrides_drift: 0,
        name_override: null,
      });
      expect(states.get(before.id)).toMatchObject({
        publication: 2,
        unseen: true,
        mapped: true,
        rooms_mapped: 2,
        overrides_pending: 1,
        overrides_drift: 1,
        name_override: 'Ananas Beach (our name)',
      });
      expect(states.get(before.id)!.rooms).toBeGreaterThanOrEqual(2);
      expect(states.get(before.id)!.completeness).toEqual(expect.any(Number));
    });
  });
}
