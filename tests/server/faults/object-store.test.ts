/**
 * The object store down or frozen under the app (issue 34 §3): an S3 server (s3rver) in a process
 * of the test's own, killed (its port refuses), frozen (SIGSTOP: connections accepted, nothing
 * answered), thawed and started again. Checked: an upload and a photo zip answer 503 within the
 * store's time-out and leave no photo row without its file; a zip whose file fails mid-way is cut
 * so that no client takes it for whole; an operator export waits for the store past its three
 * attempts, telling the operator in plain words, and finishes once the store is back. On SQLite
 * and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_DIALECTS, describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { createProperty } from '../../helpers/properties.js';
import { DependencyUnavailable } from '../../../src/server/plugins/outage.js';
import type { Storage } from '../../../src/server/plugins/storage.js';
import { file, jpeg, upload } from '../../helpers/fixtures/uploaded-photos.js';
import { zipNames } from '../../helpers/file-readers.js';
import { accepted } from '../../helpers/fixtures/contracted-operator.js';
import { publishedHotel } from '../../helpers/fixtures/published-hotel.js';
import { party } from '../../helpers/fixtures/contract-parties.js';
import { byStatus, LogLines, printFigures } from './figures.js';
import { ownS3 } from './own-process.js';

const MINUTE = 60_000;

for (const dialect of ALL_DIALECTS) {
  describeOn(dialect)(`the object store down or frozen (${dialect})`, () => {
    let s3: Awaited<ReturnType<typeof ownS3>>;
    let t: TestApp;
    let base: string;
    let owner: Account;
    let property: number;
    const logs = new LogLines();

    beforeAll(async () => {
      s3 = await ownS3();
      t = await startTestApp(dialect, { logger: logs.logger }, { ...s3.env, STORAGE_TIMEOUT_SECONDS: '0.5' });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      owner = await signUp(t);
      property = (await createProperty(t, owner.token)).id;
      for (const name of ['pool.jpg', 'beach.jpg'])
        expect((await upload(t, owner.token, property, [file(await jpeg(), name)])).statusCode).toBe(201);
    });
    afterAll(async () => {
      s3?.thaw();
      await t?.stop().catch(() => undefined);
      await s3?.remove();
    });

    /** An upload of one photo: its status, Retry-After, body and how long it took. */
    const tryUpload = async () => {
      const started = Date.now();
      const res = await upload(t, owner.token, property, [file(await jpeg(), 'terrace.jpg')]);
      return {
        status: res.statusCode,
        retryAfter: res.headers['retry-after'],
        body: res.body,
        ms: Date.now() - started,
      };
    };
    /** The photo zip read as a client reads it: the status, the promised length and what arrived (or how it broke). */
    const tryZip = async () => {
      const res = await fetch(`${base}/api/facts/download-photos/${property}/`, {
        headers: { authorization: `Token ${owner.token}` },
      });
      const promised = Number(res.headers.get('content-length'));
      try {
        const body = Buffer.from(await res.arrayBuffer());
        return { status: res.status, promised, body, broken: undefined };
      } catch (e) {
        return { status: res.status, promised, body: undefined, broken: (e as Error).message };
      }
    };
    const photoRows = () =>
      t.services.db.kysely
        .selectFrom('photos')
        .select(['original_key', 'display_key', 'thumbnail_key'])
        .where('property_id', '=', property)
        .execute();

    it('answers an upload and a photo zip 503 while the store is down or frozen, and leaves no photo without its file', async () => {
      const rowsBefore = (await photoRows()).length;
      await s3.kill();
      const down = { upload: await tryUpload(), zip: await tryZip(), ready: await t.api('GET', '/readyz') };
      // A node (re)started meanwhile starts: the sweep of orphan files at start waits for the next hour.
      const fresh = await startTestApp(dialect, {}, { ...s3.env, STORAGE_TIMEOUT_SECONDS: '0.5' });
      const freshReady = await fresh.api('GET', '/readyz');
      await fresh.stop();
      await s3.start();
      s3.freeze();
      const frozen = { upload: await tryUpload(), zip: await tryZip() };
      s3.thaw();
      const back = { upload: await tryUpload(), zip: await tryZip() };

      for (const answer of [down.upload, frozen.upload]) {
        expect(answer.status, answer.body).toBe(503);
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(JSON.parse(answer.body)).toEqual({ detail: expect.stringMatching(/file store cannot be reached/) });
        expect(answer.body).not.toMatch(/ECONN|127\.0\.0\.1|timed out|socket/i);
      }
      // Never a 2xx that ends short: refused before anything was promised.
      for (const zip of [down.zip, frozen.zip]) {
        expect(zip.status).toBe(503);
        expect(JSON.parse(zip.body!.toString())).toEqual({ detail: expect.stringMatching(/file store/) });
      }
      // Ready still (the store is everyone's; the node serves everything else), and saying what is wrong.
      expect(down.ready.statusCode).toBe(200);
      expect(down.ready.json()).toMatchObject({
        status: 'degraded',
        checks: { database: 'ok', storage: expect.not.stringMatching(/^ok$/) },
      });
      expect(freshReady.json()).toMatchObject({ status: 'degraded', checks: { database: 'ok' } });
      // Back: the same calls work, and the zip is whole.
      expect(back.upload.status, back.upload.body).toBe(201);
      expect(back.zip.status).toBe(201);
      expect(back.zip.body!.length).toBe(back.zip.promised);
      expect(zipNames(back.zip.body!)).toHaveLength(rowsBefore + 1);
      // Only the upload that was answered 201 added a row, and every row has its three files.
      const rows = await photoRows();
      expect(rows).toHaveLength(rowsBefore + 1);
      const stored = new Set((await t.services.storage.list(`properties/${property}/`)).map((f) => f.key));
      expect(
        rows.flatMap((r) => [r.original_key, r.display_key, r.thumbnail_key]).filter((k) => !stored.has(k)),
      ).toEqual([]);
      expect(logs.lines.filter((l) => l.level >= 50)).toEqual([]);

      printFigures(`object store killed, then frozen (${dialect}; STORAGE_TIMEOUT_SECONDS=0.5)`, {
        'answers while down by status': byStatus([down.upload.status, down.zip.status, down.ready.statusCode]),
        'answers while frozen by status': byStatus([frozen.upload.status, frozen.zip.status]),
        'upload answered in (down / frozen)': `${down.upload.ms} ms / ${frozen.upload.ms} ms`,
        'photo rows without their files': 0,
      });
    }, 60_000);

    it('cuts a zip whose file fails mid-way, so that no client takes it for whole', async () => {
      const rows = await photoRows();
      const real = t.services.storage;
      // The store goes away after the zip has begun: the second photo cannot be opened.
      const failing: Storage = {
        ...real,
        open: (key) =>
          key === rows[1]!.original_key
            ? Promise.reject(new DependencyUnavailable('storage', new Error('connect ECONNREFUSED')))
            : real.open(key),
      };
      t.services.storage = failing;
      try {
        const zip = await tryZip();
        expect(zip.status).toBe(201);
        expect(zip.promised).toBeGreaterThan(0);
        // The client's read fails: the connection ended before the promised length.
        expect(zip.broken).toBeDefined();
        expect(zip.body).toBeUndefined();
      } finally {
        t.services.storage = real;
      }
    });

    it('keeps an export waiting past its three attempts while the store is away, in plain words, and finishes it when back', async () => {
      const hotel = await party(t, 'accommodation');
      const operator = await party(t, 'to');
      // Published: an export leaves a hotel without a publication out (issue 38).
      const hotelProperty = await publishedHotel(t, hotel.owner.token, 'Store Outage Hotel');
      await accepted(t, hotel.owner, operator.owner);
      const created = await t.api('POST', '/api/tour-operator/exports/', {
        token: operator.owner.token,
        body: { hotels: [hotelProperty], contents: ['json', 'csv'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      const view = async () =>
        (await t.api('GET', `/api/tour-operator/exports/${id}/`, { token: operator.owner.token })).json<{
          state: string;
          error: string | null;
        }>();

      await s3.kill();
      const seen: { state: string; error: string | null }[] = [];
      let tries = 0;
      // Ten minutes of store outage in fake time: far past the 100 s its three attempts span.
      for (let minute = 0; minute < 10 * MINUTE; minute += 2 * MINUTE) {
        tries += await t.services.jobs.runDue();
        seen.push(await view());
        t.clock.advance(2 * MINUTE);
      }
      await s3.start();
      await t.services.jobs.runDue();
      const done = await view();
      const file = await t.api('GET', `/api/tour-operator/exports/${id}/download/`, { token: operator.owner.token });

      expect(tries).toBeGreaterThan(3);
      for (const v of seen) {
        expect(v.state).toBe('queued');
        expect(v.error).toMatch(/^Waiting: the file store could not be reached\. This is tried again by itself/);
        expect(v.error).not.toMatch(/ECONN|127\.0\.0\.1|socket|Error/);
      }
      expect(done).toMatchObject({ state: 'done', error: null });
      expect(file.statusCode).toBe(200);
      expect(zipNames(file.rawPayload)).toContain(`${hotelProperty}-Store Outage Hotel/facts.json`);

      printFigures(`operator export while the store is away 10 minutes (${dialect}, fake clock)`, {
        'attempts made during the outage': tries,
        'states the operator saw': [...new Set(seen.map((v) => v.state))],
        'state afterwards': done.state,
        'message shown meanwhile': seen[0]!.error,
      });
    });
  });
}
