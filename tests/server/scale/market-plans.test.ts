/**
 * Market reads on their indexes (issue 27 §4), on PostgreSQL where the market runs: a market of
 * 10,000 hotel companies and properties added after the migrations (as a live installation fills
 * up), hotels last saved over the past year, one operator contracted with 300 of them, the
 * statistics taken as autovacuum would (ANALYZE, no VACUUM). Then the hot reads go through the real
 * app, and the plan of every statement they sent (EXPLAIN of the very SQL and parameters) reads
 * no whole table of companies or properties; the answers are checked too.
 */
import pg from 'pg';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn } from '../../helpers/db.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { signUp, type Account } from '../../helpers/accounts.js';
import { Statements } from '../../helpers/statements.js';
import { apiKey, partner, type Json } from '../../helpers/fixtures/partner-api-access.js';
import { defaultTerms } from '../../../src/server/features/partners/terms.js';

const HOTELS = 10_000;
const CONTRACTED = 300;
const BATCH = 1000;
const WATCHED = ['companies', 'properties'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

// The market runs on PostgreSQL (the bench and production); SQLite has no planner statistics to speak of.
// PostgreSQL's planner is the one asked; on SQLite the suite has nothing to check.
{
  const dialect = 'postgres' as const;
  describeOn(dialect)(`market reads use their indexes at ${HOTELS} hotels (${dialect})`, () => {
    let t: TestApp;
    const statements = new Statements(dialect);
    let planner: pg.Client;
    let operator: Account;
    let key: string;
    const day = 86_400_000;

    /** The plan of each statement that reads a watched table, as PostgreSQL would run it now. */
    async function plans(list: CompiledQuery[]): Promise<{ sql: string; nodes: PlanNode[] }[]> {
      const out: { sql: string; nodes: PlanNode[] }[] = [];
      for (const q of list) {
        if (!/^\s*select/i.test(q.sql) || !WATCHED.some((table) => new RegExp(`"${table}"`).test(q.sql))) continue;
        const { rows } = await planner.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) ${q.sql}`,
          q.parameters as unknown[],
        );
        out.push({ sql: q.sql, nodes: nodesOf(rows[0]!['QUERY PLAN'][0].Plan) });
      }
      return out;
    }

    /** The statements of one request that read a watched table by a sequential scan (none expected), and the indexes used. */
    async function scans(
      request: () => Promise<unknown>,
    ): Promise<{ seq: string[]; indexes: string[]; planned: number }> {
      const { statements: sent } = await statements.during(request);
      const planned = await plans(sent);
      return {
        seq: planned.flatMap((p) =>
          p.nodes
            .filter((n) => n['Node Type'] === 'Seq Scan' && WATCHED.includes(n['Relation Name'] ?? ''))
            .map((n) => `${n['Relation Name']}: ${p.sql}`),
        ),
        indexes: planned.flatMap((p) => p.nodes.map((n) => n['Index Name']).filter((n): n is string => !!n)),
        planned: planned.length,
      };
    }

    beforeAll(async () => {
      t = await startTestApp(dialect, {}, {}, { plugins: [statements] });
      planner = new pg.Client({
        connectionString: t.testDb.databaseUrl,
        options: `-c search_path=${t.testDb.pgSchema}`,
      });
      await planner.connect();
      operator = await signUp(t, { account_type: 'to' });
      key = (await apiKey(t, operator)).token as string;
      const k = t.services.db.kysely;
      const now = t.clock.now();
      const iso = now.toISOString();
      const terms = JSON.stringify(defaultTerms(t.services));
      for (let from = 0; from < HOTELS; from += BATCH) {
        const n = Array.from({ length: BATCH }, (_, i) => from + i);
        const users = await k
          .insertInto('users')
          .values(
            n.map((i) => ({
              email: `hotel${i}@market.example`,
              username: `hotel${i}`,
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
              date_joined: iso,
              last_login: null,
              deactivated_at: null,
            })),
          )
          .returning('id')
          .execute();
        await k
          .insertInto('companies')
          .values(
            users.map((u, j) => ({
              account_id: u.id,
              data: JSON.stringify({ company: `Hotels ${n[j]}`, city: `City ${n[j]! % 300}`, country: 'ES' }),
              logo_key: null,
              created_at: iso,
              updated_at: iso,
              updated_by: null,
            })),
          )
          .execute();
        const properties = await k
          .insertInto('properties')
          .values(
            users.map((u, j) => ({
              account_id: u.id,
              hotel_name: `Hotel ${n[j]}`,
              country: ['ES', 'PT', 'DE', 'GR', 'IT'][(n[j]! * 7) % 5]!,
              state: 'XX',
              city: `City ${n[j]! % 300}`,
              created_by: u.id,
              created_at: iso,
              publish_date: null,
              logo_key: null,
              updated_at: new Date(now.getTime() - ((n[j]! * 7919) % 365) * day).toISOString(),
            })),
          )
          .returning('id')
          .execute();
        // Ten rooms for every fifth hotel: the list rows a fact-sheet list reads the last change of.
        await k
          .insertInto('fact_rows')
          .values(
            properties
              .filter((_, j) => n[j]! % 5 === 0)
              .flatMap((p) =>
                Array.from({ length: 10 }, (_, position) => ({
                  property_id: p.id,
                  kind: 'room',
                  position,
                  data: JSON.stringify({ room_name: `Room ${position + 1}` }),
                  updated_at: new Date(now.getTime() - (position + 1) * day).toISOString(),
                  updated_by: null,
                })),
              ),
          )
          .execute();
        // Every 33rd hotel contracted with the operator (about 300).
        const contracted = users.filter((_, j) => n[j]! % Math.floor(HOTELS / CONTRACTED) === 0);
        if (contracted.length)
          await k
            .insertInto('contracts')
            .values(
              contracted.map((u) => ({
                hotel_account_id: u.id,
                operator_account_id: operator.id,
                author_account_id: u.id,
                status: 'A',
                turn_account_id: null,
                version: 1,
                rev: 2,
                accepted_version: 1,
                accepted_terms: terms,
                covers_all: true,
                accepted_at: iso,
                ends_at: null,
                canceled_by: null,
                created_by: u.id,
                created_at: iso,
                updated_at: iso,
                updated_by: operator.id,
              })),
            )
            .execute();
      }
      // The statistics autovacuum's ANALYZE would have by now (of this schema's tables only: the server is shared); no VACUUM (it would empty GIN pending lists).
      await sql`analyze users, companies, properties, contracts, fact_rows`.execute(k);
    }, 240_000);
    afterAll(async () => {
      await planner?.end();
      await t.stop();
    });

    it('the directory search by company name reads the trigram indexes, not every company', async () => {
      let body: Json = {};
      const found = await scans(async () => {
        const res = await t.api('POST', '/api/partners/', { token: operator.token, body: { search: 'hotels 4321' } });
        expect(res.statusCode, res.body).toBe(200);
        body = res.json<Json>();
      });
      expect(body.count).toBe(1);
      expect(body.results[0].company.company).toBe('Hotels 4321');
      expect(found.planned).toBeGreaterThan(0);
      expect(found.seq).toEqual([]);
      expect(found.indexes).toContain('companies_search_trgm_idx');
    });

    it("the directory search by hotel (a property's name or city, accents aside) reads the trigram indexes, and flags the property", async () => {
      let body: Json = {};
      const byName = await scans(async () => {
        const res = await t.api('POST', '/api/partners/', { token: operator.token, body: { search: 'HÔTEL 5678' } });
        expect(res.statusCode, res.body).toBe(200);
        body = res.json<Json>();
      });
      expect(body.count).toBe(1);
      expect(body.results[0]).toMatchObject({
        name: 'Hotels 5678',
        properties: [{ hotel_name: 'Hotel 5678', city: 'City 278', matched: true }],
      });
      expect(byName.planned).toBeGreaterThan(0);
      expect(byName.seq).toEqual([]);
      expect(byName.indexes).toEqual(
        expect.arrayContaining(['properties_search_trgm_idx', 'companies_search_trgm_idx']),
      );
      // By city: every hotel of City 121 (one in 300), and those whose number starts with 121 ("Hotel 1210"), on the same indexes.
      const byCity = await scans(async () => {
        const res = await t.api('POST', '/api/partners/', { token: operator.token, body: { search: 'city 121' } });
        expect(res.statusCode, res.body).toBe(200);
        body = res.json<Json>();
      });
      const expected = Array.from({ length: HOTELS }, (_, n) => n).filter(
        (n) => n % 300 === 121 || String(n).startsWith('121'),
      );
      expect(body.count).toBe(expected.length);
      expect((body.results as Json[]).every((r) => r.properties[0].matched)).toBe(true);
      expect(byCity.seq).toEqual([]);
      expect(byCity.indexes).toContain('properties_search_trgm_idx');
    });

    it("the partner API's changed hotels (updated_since) read the date indexes, not every property", async () => {
      const since = new Date(t.clock.now().getTime() - 10 * day).toISOString();
      let body: Json = {};
      const found = await scans(async () => {
        const res = await partner(t, key, `/api/v1/properties/?updated_since=${encodeURIComponent(since)}`);
        expect(res.statusCode, res.body).toBe(200);
        body = res.json<Json>();
      });
      // The contracted hotels saved in the last 10 days, as the rows say.
      const expected = await t.services.db.kysely
        .selectFrom('contracts')
        .innerJoin('properties', 'properties.account_id', 'contracts.hotel_account_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('contracts.operator_account_id', '=', operator.id)
        .where('properties.updated_at', '>=', since)
        .executeTakeFirstOrThrow();
      expect(body.count).toBe(Number(expected.n));
      expect(body.count).toBeGreaterThan(0);
      expect((body.results as Json[]).every((r) => r.updated_at >= since)).toBe(true);
      expect(found.planned).toBeGreaterThan(0);
      expect(found.seq).toEqual([]);
      // The count comes with the page's rows (count over the whole list): a page past the last has
      // no row to carry it, and still says how many there are.
      const past = await partner(
        t,
        key,
        `/api/v1/properties/?updated_since=${encodeURIComponent(since)}&page=${Math.ceil(body.count / 50) + 1}`,
      );
      expect(past.json()).toMatchObject({ count: body.count, next: null, results: [] });
    });

    it("the operator's fact-sheet list by country reads no whole table, and each hotel's last change from the index", async () => {
      let body: Json = {};
      const found = await scans(async () => {
        const res = await t.api('POST', '/api/partners/partners-properties/', {
          token: operator.token,
          body: { countries: ['ES'] },
        });
        expect(res.statusCode, res.body).toBe(200);
        body = res.json<Json>();
      });
      const expected = await t.services.db.kysely
        .selectFrom('contracts')
        .innerJoin('properties', 'properties.account_id', 'contracts.hotel_account_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('contracts.operator_account_id', '=', operator.id)
        .where('properties.country', '=', 'ES')
        .executeTakeFirstOrThrow();
      expect(body.count).toBe(Number(expected.n));
      expect(body.count).toBeGreaterThan(20);
      expect((body.results as Json[]).every((r) => r.country === 'ES')).toBe(true);
      // Each hotel's last change: the newest of the property and its rooms, as the rows say.
      const ids = (body.results as Json[]).map((r) => r.id as number);
      const rows = await t.services.db.kysely
        .selectFrom('fact_rows')
        .select(['property_id', (eb) => eb.fn.max('updated_at').as('m')])
        .where('property_id', 'in', ids)
        .groupBy('property_id')
        .execute();
      const props = await t.services.db.kysely
        .selectFrom('properties')
        .select(['id', 'updated_at'])
        .where('id', 'in', ids)
        .execute();
      const roomsAt = new Map(rows.map((r) => [r.property_id, String(r.m)]));
      expect(roomsAt.size).toBeGreaterThan(0);
      expect(Object.fromEntries((body.results as Json[]).map((r) => [r.id, r.last_change]))).toEqual(
        Object.fromEntries(props.map((p) => [p.id, [p.updated_at, roomsAt.get(p.id) ?? ''].sort().pop()])),
      );
      expect(found.planned).toBeGreaterThan(0);
      expect(found.seq).toEqual([]);
      // The newest list row of each hotel: one index entry read backwards, not every room fetched.
      expect(found.indexes).toContain('fact_rows_changed_idx');
    });
  });
}
