/**
 * The tour operator's export centre (issue 15 §4): its contracted hotels in one zip built by a job,
 * read back: a fact-sheet PDF per hotel with the operator's approved override, only the photos its
 * contract allows, facts.json with every schema field and its codes, the CSVs; progress, history,
 * download for its own account only, expiry, a failed export retried, each hotel told once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { sectionsOf } from '../../../src/server/features/facts/sections.js';
import { stableFacts } from '../../../src/server/features/publications/stable-facts.js';
import { sweepExpiredExports } from '../../../src/server/features/operator-exports/store.js';
import { pdfText, zipNames } from '../../helpers/file-readers.js';
import { fillFacts, photosNamed, ROWS } from '../../helpers/fixtures/published-hotel.js';
import { hotelWithProperties, party, type Party } from '../../helpers/fixtures/contract-parties.js';
import {
  accepted,
  call,
  expectStatus,
  preferences,
  publish,
  type Json,
} from '../../helpers/fixtures/contracted-operator.js';
import { parseCsv, zipEntry } from '../../helpers/file-readers.js';

const DAY = 86_400_000;

/** Every key path of a stable document (nested objects opened), for comparing shapes. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keyPaths(v, prefix ? `${prefix}.${k}` : k),
  );
}

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the operator's export centre (${dialect})`, () => {
    let t: TestApp;
    let hotel: Party & { properties: number[] };
    let operator: Party;
    let stranger: Party;
    let first: number;
    let second: number;
    let photos: number[];

    beforeAll(async () => {
      t = await startTestApp(dialect);
      hotel = await hotelWithProperties(t, 2, { name: 'Sol Hotels' });
      operator = await party(t, 'to', { name: 'Blue Sky Tours' });
      stranger = await party(t, 'to');
      [first, second] = hotel.properties as [number, number];
      for (const p of hotel.properties) await fillFacts(t, hotel.owner.token, p);
      photos = await photosNamed(t, hotel.owner.token, first, ['Pool at dawn', 'Staff only backyard']);
      for (const p of hotel.properties) await publish(t, hotel.owner.token, p);
      await accepted(t, hotel.owner, operator.owner, {
        to_edit_facts: 'Y',
        override_moderation: 'O',
        to_select_photos: 'E',
      });
      await preferences(t, hotel.owner, { partner_override_facts: true });
      await expectStatus(
        await call(t, hotel.owner, 'PUT', `/api/facts/property/${first}/photo-releases/`, {
          operator: operator.owner.id,
          photos: [photos[0]],
        }),
        200,
      );
      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/partners/override-facts/create/', {
          hotel: first,
          data: { hotel_name: 'Sunny Sol Beach', location: { closest_airport: 'Reus (REU)' } },
        }),
        201,
      );
      const firstRoom = (await t.api('GET', `/api/facts/rooms/${first}/`, { token: hotel.owner.token })).json<
        { id: number }[]
      >()[0]!.id;
      await expectStatus(
        await call(t, operator.owner, 'POST', '/api/tour-operator/mapping/hotel/create/', {
          hotel: first,
          override_code: 'BST-001',
          rooms: [{ room: firstRoom, override_code: 'BST-DBL', new_name: 'Doble superior' }],
        }),
        201,
      );
    }, 180_000);
    afterAll(() => t.stop());

    const create = (as: Party['owner'], body: Json) => call(t, as, 'POST', '/api/tour-operator/exports/', body);
    const one = (as: Party['owner'], id: number) => call(t, as, 'GET', `/api/tour-operator/exports/${id}/`);
    const download = (as: Party['owner'], id: number) =>
      t.api('GET', `/api/tour-operator/exports/${id}/download/`, { token: as.token });

    let exportId = 0;
    let zip: Buffer;

    it('accepts an export at once and builds it in a job, done of total as it goes', async () => {
      const created = await expectStatus(
        await create(operator.owner, {
          hotels: [second, first],
          contents: ['pdf', 'photos', 'json', 'csv'],
          language: 'en',
          layout: 'G',
        }),
        201,
      );
      exportId = created.id as number;
      expect(created).toMatchObject({
        state: 'queued',
        total: 2,
        done: 0,
        download: null,
        contents: ['pdf', 'photos', 'json', 'csv'],
        layout: 'G',
        language: 'en',
        // Named by the day it was asked for and how many hotels it holds.
        filename: `export-${String(created.created_at).slice(0, 10)}-2-hotels.zip`,
      });
      // In hotel-name order: the operator's override does not reorder what it chose.
      expect((created.hotels as Json[]).map((h) => h.id)).toEqual([first, second]);
      expect((await download(operator.owner, exportId)).statusCode).toBe(409);
      expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
      const done = await expectStatus(await one(operator.owner, exportId), 200);
      expect(done).toMatchObject({
        state: 'done',
        total: 2,
        done: 2,
        error: null,
        download: `/api/tour-operator/exports/${exportId}/download/`,
      });
      expect(done.size).toBeGreaterThan(1000);
      const history = await expectStatus(await call(t, operator.owner, 'GET', '/api/tour-operator/exports/'), 200);
      expect((history as unknown as Json[]).map((e) => e.id)).toContain(exportId);
      // The dashboard's "Exports per month" counts it in the month it was ready (issue 38 §1).
      const report = await expectStatus(
        await call(t, operator.owner, 'GET', '/api/reports/operator-report-data/'),
        200,
      );
      const month = new Date(String(done.finished_at ?? created.created_at));
      expect((report.exports as Json[]).at(-1)).toEqual({
        month: month.getUTCMonth() + 1,
        year: month.getUTCFullYear(),
        total: 1,
      });
    });

    it('downloads one zip: a PDF per hotel with the approved override, only the allowed photos, JSON and CSV', async () => {
      const res = await download(operator.owner, exportId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/filename="export-\d{4}-\d{2}-\d{2}-2-hotels\.zip"/);
      zip = res.rawPayload;
      expect(Number(res.headers['content-length'])).toBe(zip.length);
      const names = zipNames(zip);
      const folder1 = `${first}-Sunny Sol Beach`;
      const folder2 = `${second}-Sol Hotels 2`;
      expect(names).toEqual(
        expect.arrayContaining([
          `${folder1}/sunny-sol-beach-fact-sheet-en.pdf`,
          `${folder2}/sol-hotels-2-fact-sheet-en.pdf`,
          `${folder1}/facts.json`,
          `${folder2}/facts.json`,
          'hotels.csv',
          'room.csv',
        ]),
      );
      // The contract lets it use released photos only: the one released, not the other.
      expect(names.filter((n) => n.includes('/photos/'))).toEqual([`${folder1}/photos/1-Pool at dawn.jpg`]);
      const text = pdfText(zipEntry(zip, `${folder1}/sunny-sol-beach-fact-sheet-en.pdf`));
      expect(text).toContain('Sunny Sol Beach');
      expect(text).toContain('Reus (REU)');
      expect(pdfText(zipEntry(zip, `${folder2}/sol-hotels-2-fact-sheet-en.pdf`))).toContain('Sol Hotels 2');
    });

    it('writes the facts as JSON with every field of every schema, and the operator codes', () => {
      const json = JSON.parse(zipEntry(zip, `${first}-Sunny Sol Beach/facts.json`).toString('utf8')) as Json;
      expect(json.property).toMatchObject({
        id: first,
        hotel_name: 'Sunny Sol Beach',
        partner_name: 'Sol Hotels',
        publication: 1,
      });
      expect(json.codes.hotel.hotel_code).toBe('BST-001');
      const sections = sectionsOf(t.services.schemas);
      expect(Object.keys(json.facts).sort()).toEqual(sections.map((s) => s.key).sort());
      const template = stableFacts(
        t.services,
        new Map(sections.filter((s) => s.kind === 'list').map((s) => [s.key, [{}]])),
      );
      for (const s of sections) {
        if (s.kind === 'list') {
          expect(json.facts[s.key], s.key).toHaveLength(ROWS[s.key] ?? 1);
          for (const row of json.facts[s.key] as Json[])
            expect(keyPaths(row).sort(), s.key).toEqual(keyPaths((template[s.key] as Json[])[0]).sort());
        } else expect(keyPaths(json.facts[s.key]).sort(), s.key).toEqual(keyPaths(template[s.key]).sort());
      }
      expect(json.facts.location.closest_airport).toBe('Reus (REU)');
    });

    it('writes one CSV row per hotel with section.field columns, and one CSV per list section', () => {
      const hotels = parseCsv(zipEntry(zip, 'hotels.csv').toString('utf8'));
      expect(hotels.map((h) => Number(h.property_id))).toEqual([first, second]);
      expect(hotels[0]).toMatchObject({
        hotel_name: 'Sunny Sol Beach',
        hotel_code: 'BST-001',
        'location.closest_airport': 'Reus (REU)',
      });
      expect(
        Object.keys(hotels[0]!).filter((c) => c.startsWith('main-info.') || c.includes('.')).length,
      ).toBeGreaterThan(50);
      const rooms = parseCsv(zipEntry(zip, 'room.csv').toString('utf8'));
      expect(rooms).toHaveLength(2 * (ROWS.room ?? 1));
      expect(Object.keys(rooms[0]!)).toEqual(
        expect.arrayContaining([
          'property_id',
          'hotel_name',
          'operator_room_code',
          'operator_room_name',
          'room_name',
          'id',
        ]),
      );
      // The operator's name of the room beside the hotel's own, each in a column of its own.
      expect(rooms[0]).toMatchObject({ operator_room_code: 'BST-DBL', operator_room_name: 'Doble superior' });
      expect(rooms[0]!.room_name).not.toBe('Doble superior');
      expect(rooms[0]!.room_name).not.toBe('');
      // Every CSV's header names each column once.
      for (const name of zipNames(zip).filter((n) => n.endsWith('.csv'))) {
        const head = zipEntry(zip, name)
          .toString('utf8')
          .replace(/^\ufeff/, '')
          .split('\r\n')[0]!
          .split(',');
        expect(
          head.filter((c, i) => head.indexOf(c) !== i),
          name,
        ).toEqual([]);
      }
    });

    it('tells each hotel once per export that its fact sheet was exported', async () => {
      const bell = (await t.api('GET', '/api/notification/', { token: hotel.owner.token })).json() as Json[];
      const told = bell.filter((n) => n.notification_type === 'fact_sheet_download').map((n) => n.message as string);
      expect(told.filter((m) => m.startsWith('Blue Sky Tours exported'))).toHaveLength(2);
    });

    it('is its own account’s only: other operators 404, hotels and sub-users 403, unknown or uncovered hotels 404', async () => {
      expect((await one(stranger.owner, exportId)).status).toBe(404);
      expect((await download(stranger.owner, exportId)).statusCode).toBe(404);
      expect((await call(t, stranger.owner, 'POST', `/api/tour-operator/exports/${exportId}/retry/`)).status).toBe(404);
      expect((await one(hotel.owner, exportId)).status).toBe(403);
      expect((await download(operator.withFlag, exportId)).statusCode).toBe(403);
      expect((await create(stranger.owner, { hotels: [first], contents: ['json'] })).status).toBe(404);
      expect((await create(operator.owner, { hotels: [first, 2_000_000], contents: ['json'] })).status).toBe(404);
      expect((await create(operator.owner, { hotels: [], contents: ['json'] })).status).toBe(400);
      expect((await create(operator.owner, { hotels: [first], contents: [] })).status).toBe(400);
      expect((await create(operator.owner, { hotels: [first], contents: ['xml'] })).status).toBe(400);
    });

    it('exports every hotel the filters find', async () => {
      const created = await expectStatus(
        await create(operator.owner, { all_matching: true, search: 'hotels 2', contents: ['json'] }),
        201,
      );
      expect((created.hotels as Json[]).map((h) => h.id)).toEqual([second]);
      expect(
        (await create(operator.owner, { all_matching: true, search: 'nowhere at all', contents: ['json'] })).status,
      ).toBe(400);
      await t.services.jobs.runDue();
      const res = await download(operator.owner, created.id as number);
      expect(zipNames(res.rawPayload)).toEqual([`${second}-Sol Hotels 2/facts.json`]);
    });

    it('fails when a file is missing, keeps the error, and can be retried once the file is back', async () => {
      const created = await expectStatus(
        await create(operator.owner, { hotels: [first], contents: ['photos', 'pdf'] }),
        201,
      );
      const id = created.id as number;
      const row = await t.services.db.kysely
        .selectFrom('operator_exports')
        .select('job_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await t.services.db.kysely.updateTable('jobs').set({ max_attempts: 1 }).where('id', '=', row.job_id).execute();
      const photo = await t.services.db.kysely
        .selectFrom('photos')
        .select('original_key')
        .where('id', '=', photos[0]!)
        .executeTakeFirstOrThrow();
      const file = await t.services.storage.open(photo.original_key);
      const chunks: Buffer[] = [];
      for await (const c of file!.stream) chunks.push(c as Buffer);
      await t.services.storage.remove(photo.original_key);
      await t.services.jobs.runDue();
      const failed = await expectStatus(await one(operator.owner, id), 200);
      expect(failed.state).toBe('failed');
      expect(failed.error).toContain('missing');
      expect((await download(operator.owner, id)).statusCode).toBe(409);
      // Nothing half-written is left behind.
      expect(
        (await t.services.storage.list(`exports/operator/${operator.owner.id}/`)).filter((f) =>
          f.key.startsWith(`exports/operator/${operator.owner.id}/${id}-`),
        ),
      ).toEqual([]);
      await t.services.storage.put(photo.original_key, Buffer.concat(chunks));
      const retried = await expectStatus(
        await call(t, operator.owner, 'POST', `/api/tour-operator/exports/${id}/retry/`),
        200,
      );
      expect(retried.state).toBe('queued');
      expect((await call(t, operator.owner, 'POST', `/api/tour-operator/exports/${id}/retry/`)).status).toBe(409);
      await t.services.jobs.runDue();
      expect((await one(operator.owner, id)).body).toMatchObject({ state: 'done', done: 1 });
      expect(zipNames((await download(operator.owner, id)).rawPayload)).toContain(
        `${first}-Sunny Sol Beach/photos/1-Pool at dawn.jpg`,
      );
      // The failed attempt printed the sheet and told the hotel; the retry did not tell it again.
      const told = await t.services.db.kysely
        .selectFrom('operator_export_hotels')
        .select('notified_at')
        .where('export_id', '=', id)
        .execute();
      expect(told.map((h) => h.notified_at !== null)).toEqual([true]);
      // Two exports of this hotel's fact sheet, two tellings (a burst joins one bell entry, counted).
      const counted = await t.services.db.kysely
        .selectFrom('notifications')
        .select((eb) => eb.fn.sum<number>('count').as('n'))
        .where('user_id', '=', hotel.owner.id)
        .where('notification_type', '=', 'fact_sheet_download')
        .where('property_id', '=', first)
        .executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBe(2);
    });

    it('expires after a week: 404 on download, the zip removed by the sweep', async () => {
      const row = await t.services.db.kysely
        .selectFrom('operator_exports')
        .select(['file_key', 'expires_at'])
        .where('id', '=', exportId)
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at!) - t.clock.now().getTime()).toBeGreaterThan(6 * DAY);
      // A week on (moving the row, not the clock: sessions would expire too).
      await t.services.db.kysely
        .updateTable('operator_exports')
        .set({ expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() })
        .where('id', '=', exportId)
        .execute();
      expect((await one(operator.owner, exportId)).body).toMatchObject({ state: 'expired', download: null });
      expect((await download(operator.owner, exportId)).statusCode).toBe(404);
      expect(await sweepExpiredExports(t.services)).toBeGreaterThanOrEqual(1);
      expect(await t.services.storage.open(row.file_key!)).toBeUndefined();
      expect((await call(t, operator.owner, 'POST', `/api/tour-operator/exports/${exportId}/retry/`)).status).toBe(409);
    });
  });
}
