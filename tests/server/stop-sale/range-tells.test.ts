/**
 * A range save tells every operator whose contract syncs stop-sale, in a fixed number of
 * statements whatever their number (issue 27 §4: 27 operators took ~160 statements, one account
 * after another): each is told once, with its members and preferences respected, and a second save
 * within the burst window joins each one's notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { Statements } from '../../helpers/statements.js';
import { accepted, call, expectStatus, preferences, type Json } from '../../helpers/fixtures/contracted-operator.js';

const OPERATORS = 27;

async function addRoom(t: TestApp, token: string, property: number, name: string): Promise<number> {
  const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
    token,
    body: [{ id: 0, room_name: name, room_name_type: 'double room', room_view: 'Sea view' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }[]>()[0]!.id;
}

const told = async (t: TestApp, a: Account) =>
  ((await call(t, a, 'GET', '/api/notification/')).body as unknown as Json[]).filter(
    (n) => n.notification_type === 'stop_sale_changed',
  );

for (const dialect of dialects()) {
  describe(`a range save tells its operators together (${dialect})`, () => {
    let t: TestApp;
    const statements = new Statements(dialect);
    let hotel: Account;
    let busy: { property: number; room: number };
    let lone: { property: number; room: number };
    const syncing: Account[] = [];
    let member: Account;
    let bellOff: Account;
    let notSyncing: Account;
    let loneOperator: Account;

    beforeAll(async () => {
      t = await startTestApp(dialect, {}, {}, { plugins: [statements] });
      hotel = await signUp(t);
      const a = (await createProperty(t, hotel.token, { hotel_name: 'Mar Azul' })).id;
      const b = (await createProperty(t, hotel.token, { hotel_name: 'Monte Alto' })).id;
      busy = { property: a, room: await addRoom(t, hotel.token, a, 'Double') };
      lone = { property: b, room: await addRoom(t, hotel.token, b, 'Suite') };
      // A second hotel account: its one operator reaches only Monte Alto's twin below.
      for (let i = 0; i < OPERATORS; i++) {
        const op = await signUp(t, { account_type: 'to' });
        await accepted(t, hotel, op, { to_sync_ss: i === OPERATORS - 1 ? 'N' : 'Y' });
        if (i === OPERATORS - 1) notSyncing = op;
        else syncing.push(op);
      }
      // A member of the first operator (no permissions record: stop-sale news needs no flag).
      member = await signUp(t, { account_type: 'to', manager: syncing[0]!.id, managerToken: syncing[0]!.token });
      // The second operator turned its fact-sheet change bell off.
      bellOff = syncing[1]!;
      await preferences(t, bellOff, { notify_fact_sheet_changes: false });
    }, 240_000);
    afterAll(() => t.stop());

    it(`costs the same statements for ${OPERATORS} operators as for one, and tells each syncing operator once`, async () => {
      // The same save told to one operator: Monte Alto moved to a hotel account with a single contract.
      const other = await signUp(t);
      await t.services.db.kysely
        .updateTable('properties')
        .set({ account_id: other.id })
        .where('id', '=', lone.property)
        .execute();
      loneOperator = await signUp(t, { account_type: 'to' });
      await accepted(t, other, loneOperator, { to_sync_ss: 'Y' });

      const save = (as: Account, at: { property: number; room: number }, color: number) =>
        statements.during(async () =>
          expectStatus(
            await call(t, as, 'POST', '/api/stop-sale/range/', {
              hotel: at.property,
              rooms: [at.room],
              from: '2027-02-01',
              to: '2027-02-07',
              color,
            }),
            200,
          ),
        );
      const one = await save(other, lone, 2);
      const many = await save(hotel, busy, 2);
      expect(many.result.written).toBe(7);
      // Not one statement more per operator (the old loop: about six per operator told).
      expect(many.statements.length, many.statements.map((s) => s.sql).join('\n')).toBeLessThanOrEqual(
        one.statements.length + 2,
      );

      for (const op of syncing.filter((o) => o !== bellOff)) {
        const mine = await told(t, op);
        expect(mine, `operator ${op.email}`).toHaveLength(1);
        expect(mine[0]).toMatchObject({ count: 1, property: busy.property, is_read: false });
        expect(mine[0]!.message).toBe('Mar Azul stop-sale: Double 2027-02-01 to 2027-02-07 Stop Sale');
      }
      expect(await told(t, member)).toHaveLength(1);
      expect(await told(t, bellOff)).toEqual([]);
      expect(await told(t, notSyncing)).toEqual([]);
      expect(await told(t, hotel)).toEqual([]);
      expect((await told(t, loneOperator)).map((n) => n.property)).toEqual([lone.property]);

      // Again within the burst window: each operator's notification counts two, no new one, in as few statements.
      const oneAgain = await save(other, lone, 3);
      const manyAgain = await save(hotel, busy, 3);
      expect(manyAgain.statements.length).toBeLessThanOrEqual(oneAgain.statements.length + 2);
      for (const op of [...syncing.filter((o) => o !== bellOff), member]) {
        const mine = await told(t, op);
        expect(mine, `operator ${op.email}`).toHaveLength(1);
        expect(mine[0]).toMatchObject({
          count: 2,
          message: 'Mar Azul stop-sale: Double 2027-02-01 to 2027-02-07 On Request',
        });
      }
      expect(await told(t, bellOff)).toEqual([]);
    });
  });
}
