/**
 * npm run bench -- stopsale: the availability chart of a 50-room property through the real app
 * (in-process, app.inject): loading a full month, saving a full month of changes, a range write
 * of 50 rooms × 365 days (one transaction), and the month chart PDF of 50 rooms (Typst)
 * (BENCH_DATABASE_URL: on PostgreSQL, in a schema of its own, dropped afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { issueToken } from '../../src/server/features/auth/sessions.js';
import { cells, MIN_SAMPLES, WARMUP } from './harness.js';

const ROOMS = 50;
const RUNS = Number(process.env.BENCH_STOPSALE_RUNS ?? MIN_SAMPLES);
const PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? MIN_SAMPLES);
const stats = (times: number[]) => cells(times);

export async function stopSaleBenches(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-stopsale-'));
  const url = process.env.BENCH_DATABASE_URL;
  const schema = `bench_stopsale_${process.pid}`;
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const db = openDatabase({ dataDir, databaseUrl: url, pgSchema: url ? schema : undefined });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ANANAS_DEMO: '0', JOB_WORKER: '0' }),
    clientDir: '/nonexistent',
  };
  const built = await buildApp({ config, db, logger: false });
  const { services } = built;
  const k = services.db.kysely;
  const now = new Date().toISOString();
  try {
    const user = await k
      .insertInto('users')
      .values({
        email: 'hotel@bench.example',
        username: 'hotel',
        password_hash: 'x',
        account_type: 'accommodation',
        first_name: '',
        last_name: '',
        phone: '',
        title: '',
        country: 'ES',
        language: 'en',
        manager_id: null,
        is_active: true,
        genuine: false,
        premium_active: false,
        is_staff: false,
        last_password_change: null,
        date_joined: now,
        last_login: null,
        deactivated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const property = await k
      .insertInto('properties')
      .values({
        account_id: user.id,
        hotel_name: 'Bench Hotel',
        country: 'ES',
        state: 'PM',
        city: 'Palma',
        publish_date: null,
        logo_key: null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rooms = await k
      .insertInto('fact_rows')
      .values(
        Array.from({ length: ROOMS }, (_, i) => ({
          property_id: property.id,
          kind: 'room',
          position: i,
          data: JSON.stringify({ room_name: `Room ${i + 1}` }),
          updated_at: now,
          updated_by: user.id,
        })),
      )
      .returning('id')
      .execute();
    const token = (await issueToken(services, user.id, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await built.app.inject({
        method: method as 'POST',
        url,
        headers: { authorization: `Token ${token}` },
        payload: body as object,
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const y = new Date().getUTCFullYear() + 1;
    const month = `${y}-03-01`;
    const days = Array.from({ length: 31 }, (_, i) => `${y}-03-${String(i + 1).padStart(2, '0')}`);
    // The month filled by one save (1,550 creates), then timed saves that change every day (1,550 updates).
    const fill = performance.now();
    await call('POST', '/api/stop-sale/save/', {
      data: {
        date: month,
        rooms: rooms.map((r) => ({ id: r.id, events: days.map((date) => ({ date, color: 1, state: 'create' })) })),
      },
    });
    const firstSave = performance.now() - fill;
    const loads: number[] = [];
    const saves: number[] = [];
    for (let i = -WARMUP; i < RUNS; i++) {
      let t = performance.now();
      const chart = (await call('GET', `/api/stop-sale/${property.id}/?date=${month}`)).json<{
        rooms: { id: number; events: { id: number; date: string }[] }[];
      }>();
      if (i >= 0) loads.push(performance.now() - t);
      const body = {
        data: {
          date: month,
          rooms: chart.rooms.map((r) => ({
            id: r.id,
            events: r.events.map((e) => ({
              id: e.id,
              date: e.date,
              color: ((i + WARMUP) % 4) + 1,
              state: 'update',
              room: r.id,
            })),
          })),
        },
      };
      t = performance.now();
      await call('POST', '/api/stop-sale/save/', body);
      if (i >= 0) saves.push(performance.now() - t);
    }
    // A season: 50 rooms × 365 days in one request and one transaction (creates, then a change of all).
    const ranges: number[] = [];
    for (const color of [2, 3]) {
      const t = performance.now();
      // 365 days from April to March (2029-2030 from 2026: no leap day in it).
      const res = (
        await call('POST', '/api/stop-sale/range/', {
          hotel: property.id,
          rooms: rooms.map((r) => r.id),
          from: `${y + 2}-04-01`,
          to: `${y + 3}-03-31`,
          color,
        })
      ).json<{ written: number; days: number }>();
      ranges.push(performance.now() - t);
      if (res.days !== 365 || res.written !== ROOMS * 365)
        throw new Error(`range wrote ${res.written} of ${res.days} days`);
    }
    // The month chart PDF of 50 rooms: the process's first print starts the compiler thread; then
    // each print follows a change of one day (a new chart, not an answer of the PDF cache).
    let t = performance.now();
    await call('GET', `/api/stop-sale/pdf/${property.id}/?date=${month}`);
    const coldPdf = performance.now() - t;
    let bytes = 0;
    const pdfs: number[] = [];
    for (let i = -WARMUP; i < PDF_RUNS; i++) {
      const n = i + WARMUP;
      await call('POST', '/api/stop-sale/range/', {
        hotel: property.id,
        rooms: [rooms[n % ROOMS]!.id],
        from: days[n % 31],
        to: days[n % 31],
        color: n % 5,
      });
      t = performance.now();
      bytes = (await call('GET', `/api/stop-sale/pdf/${property.id}/?date=${month}`)).rawPayload.length;
      if (i >= 0) pdfs.push(performance.now() - t);
    }
    const where = url ? 'PostgreSQL' : 'SQLite';
    return [
      `### Stop-sale chart (${where}, ${ROOMS} rooms, in-process through the real app)`,
      '',
      '| what | p50 ms | p95 ms | max ms | n |',
      '| --- | --- | --- | --- | --- |',
      `| load a full month (1,550 days), after ${WARMUP} to warm up | ${stats(loads)} |`,
      `| save a full month (1,550 updates, one transaction), after ${WARMUP} to warm up | ${stats(saves)} |`,
      `| first save of the month (1,550 creates) | ${firstSave.toFixed(1)} | | | 1 |`,
      `| range write 50 rooms × 365 days (18,250 days, one transaction): create, then change | ${ranges.map((r) => r.toFixed(0)).join(' / ')} | | | 2 |`,
      `| month chart PDF, 50 rooms (${(bytes / 1024).toFixed(0)} KB), Typst, each after a change of a day, after ${WARMUP} to warm up (the process's first print, starting the compiler: ${coldPdf.toFixed(0)} ms) | ${stats(pdfs)} |`,
      '',
    ];
  } finally {
    await built.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (url) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    }
  }
}
