/**
 * Migration 0052 (issue 39): the two accepted terms the stop-sale month reads (to_sync_ss,
 * ss_deadline) are columns the database keeps from contracts.accepted_terms. The month's deadline
 * is the longest of the operators that sync; the columns follow every write of the accepted
 * terms; terms stored before a field existed stand for its default (ss_deadline 8); an operator
 * that does not sync counts for nothing; the migration fills the columns of earlier contracts.
 * Both databases.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import { accepted, call, expectStatus, type Json } from '../../helpers/fixtures/contracted-operator.js';
import { down, up } from '../../../src/server/db/migrations/0052-contract-stop-sale-terms.js';

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`contracts' stop-sale terms kept by the database (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let p: number;
    let contracts: { syncing: number; quiet: number };

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 1, { name: 'Deadline Hotels' });
      p = hotel.properties[0]!;
      const syncing = await party(t, 'to', { name: 'Sync Tours' });
      const quiet = await party(t, 'to', { name: 'Quiet Tours' });
      contracts = {
        syncing: await accepted(t, hotel.owner, syncing.owner, { to_sync_ss: 'Y', ss_deadline: 48 }),
        quiet: await accepted(t, hotel.owner, quiet.owner, { to_sync_ss: 'N', ss_deadline: 72 }),
      };
    }, 60_000);
    afterAll(() => t.stop());

    const deadline = async (): Promise<unknown> =>
      (await expectStatus(await call(t, hotel.owner, 'GET', `/api/stop-sale/${p}/?date=2026-12-01`), 200))
        .deadline_hours;
    const columns = async (id: number) => {
      const row = await t.services.db.kysely
        .selectFrom('contracts')
        .select(['accepted_terms', 'accepted_to_sync_ss', 'accepted_ss_deadline'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { terms: row.accepted_terms!, sync: row.accepted_to_sync_ss, hours: row.accepted_ss_deadline };
    };
    /** Writes a contract's accepted terms as `change` makes them of the stored ones. */
    const rewrite = async (id: number, change: (terms: Json) => Json) => {
      const terms = JSON.parse((await columns(id)).terms) as Json;
      await t.services.db.kysely
        .updateTable('contracts')
        .set({ accepted_terms: JSON.stringify(change(terms)) })
        .where('id', '=', id)
        .execute();
    };

    it('keeps both terms of each accepted contract, and the month takes the longest deadline of those that sync', async () => {
      expect(await columns(contracts.syncing)).toMatchObject({ sync: 'Y' });
      expect(Number((await columns(contracts.syncing)).hours)).toBe(48);
      expect(await columns(contracts.quiet)).toMatchObject({ sync: 'N' });
      expect(Number((await columns(contracts.quiet)).hours)).toBe(72);
      expect(await deadline()).toBe(48);
    });

    it('follows a write of the accepted terms, and a term they lack is its default', async () => {
      await rewrite(contracts.quiet, (terms) => ({ ...terms, to_sync_ss: 'O' })); // syncs, with approval
      expect((await columns(contracts.quiet)).sync).toBe('O');
      expect(await deadline()).toBe(72);

      await rewrite(contracts.quiet, (terms) => ({ ...terms, to_sync_ss: 'N' }));
      await rewrite(contracts.syncing, ({ ss_deadline: _older, ...terms }) => terms);
      expect((await columns(contracts.syncing)).hours).toBeNull();
      expect(await deadline()).toBe(8);
      await rewrite(contracts.syncing, (terms) => ({ ...terms, ss_deadline: 48 }));
      expect(await deadline()).toBe(48);
    });

    it('is filled by the migration for contracts accepted before it', async () => {
      const before = await Promise.all([columns(contracts.syncing), columns(contracts.quiet)]);
      // The migrations are typed against no schema (they run before the app's tables exist).
      const db = t.services.db.kysely as unknown as Kysely<unknown>;
      await down(db);
      await up(db);
      expect(await Promise.all([columns(contracts.syncing), columns(contracts.quiet)])).toEqual(before);
      expect(await deadline()).toBe(48);
    });
  });
}
