/**
 * Migration 0051 (issue 39): a room row's name is a column the database keeps from the row's
 * document, which every reader of room names reads (the stop-sale month here). It follows a rename
 * saved through the API, is null for rows of other lists, and the migration fills it for rows
 * written before it. Both databases.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { down, up } from '../../../src/server/db/migrations/0051-room-name-column.js';

type Room = { id: number; room_name: string };

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`room names kept by the database (${dialect})`, () => {
    let t: TestApp;
    let owner: Account;
    let property: number;

    beforeAll(async () => {
      t = await startTestApp(dialect);
      owner = await signUp(t);
      property = (await createProperty(t, owner.token, { hotel_name: 'Hotel Nombres' })).id;
    });
    afterAll(() => t.stop());

    const saveRooms = async (rows: Array<{ id: number; room_name: string }>): Promise<Room[]> => {
      const res = await t.api('POST', `/api/facts/rooms/update/${property}/`, {
        token: owner.token,
        body: rows.map((r) => ({ ...r, room_name_type: 'double room', room_view: 'Sea view' })),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Room[]>();
    };
    const columnOf = async (): Promise<Record<number, string | null>> => {
      const rows = await t.services.db.kysely
        .selectFrom('fact_rows')
        .select(['id', 'room_name'])
        .where('property_id', '=', property)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.id, r.room_name]));
    };
    const monthNames = async (): Promise<string[]> => {
      const res = await t.api('GET', `/api/stop-sale/${property}/?date=2026-12-01`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ rooms: Room[] }>().rooms.map((r) => r.room_name);
    };

    it('follows each save of a room, and the month reads it', async () => {
      const [double, suite] = await saveRooms([
        { id: 0, room_name: 'Double' },
        { id: 0, room_name: 'Suite' },
      ]);
      expect(await columnOf()).toEqual({ [double!.id]: 'Double', [suite!.id]: 'Suite' });
      expect(await monthNames()).toEqual(['Double', 'Suite']);

      await saveRooms([
        { id: double!.id, room_name: 'Double' },
        { id: suite!.id, room_name: 'Junior Suite' },
      ]);
      expect(await columnOf()).toEqual({ [double!.id]: 'Double', [suite!.id]: 'Junior Suite' });
      expect(await monthNames()).toEqual(['Double', 'Junior Suite']);
    });

    it('is null for a row of another list, even one whose document has a room_name', async () => {
      const { id } = await t.services.db.kysely
        .insertInto('fact_rows')
        .values({
          property_id: property,
          kind: 'restaurant',
          position: 0,
          data: JSON.stringify({ id: 0, hotel: property, room_name: 'Not a room' }),
          updated_at: t.clock.now().toISOString(),
          updated_by: owner.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await columnOf())[id]).toBeNull();
      await t.services.db.kysely.deleteFrom('fact_rows').where('id', '=', id).execute();
    });

    it('is filled by the migration for the rows written before it', async () => {
      const before = await columnOf();
      expect(Object.values(before)).toContain('Junior Suite');
      // The migrations are typed against no schema (they run before the app's tables exist).
      const db = t.services.db.kysely as unknown as Kysely<unknown>;
      await down(db);
      await up(db);
      expect(await columnOf()).toEqual(before);
      expect(await monthNames()).toEqual(['Double', 'Junior Suite']);
    });
  });
}
