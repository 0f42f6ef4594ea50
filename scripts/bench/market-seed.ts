/**
 * The market generator of `npm run bench -- market`: hotels with every section filled and 10-40
 * rooms, a tenth as many tour operators each with accepted contracts with 50-500 hotels, hotel
 * mappings, a few overrides, photos as metadata rows, inserted in batches, and a year of stop-sale
 * states. Deterministic.
 */
import { sql } from 'kysely';
import type { Services } from '../../src/server/services.js';
import { sectionsOf } from '../../src/server/features/facts/sections.js';
import { defaultTerms } from '../../src/server/features/partners/terms.js';
import { filledDocument } from '../../tests/helpers/schema-samples.js';

export const COUNTRIES = ['ES', 'PT', 'DE', 'GR', 'IT'] as const;
const BATCH = 500;

export interface Market {
  operators: number[];
  hotels: number[];
  properties: { id: number; account: number }[];
  contracts: number;
  factRows: number;
  /** The stop-sale year: 365 days from `stopSaleFrom` (the first of the current month). */
  stopSaleFrom: string;
  stopSaleRows: number;
  /** Rooms x 365: the room-days of the stop-sale year. */
  factRoomDays: number;
  stopSaleSeconds: number;
  seconds: number;
}

/** Non-free room-days per thousand (issue 18: about 15 % of room-days are not on free sale). */
const NOT_FREE_PER_MILLE = 150;

/**
 * A year of stop-sale states, generated inside PostgreSQL (a row per room-day that is not on free
 * sale; a day without a row is free, as the chart reads it): 1000 properties per statement, so the
 * bulk insert never goes through the client row by row, and the weeks are drawn before their days. States come in runs of a week per room, as
 * hotels close rooms for a stretch, and the hash of room and week keeps it deterministic. Of the
 * non-free weeks: 60 % Stop Sale, 20 % On Request, 10 % Blocked, 10 % Open Sale.
 */
async function generateStopSale(
  services: Services,
  properties: readonly { id: number }[],
  from: string,
  now: string,
): Promise<number> {
  const k = services.db.kysely;
  const ids = properties.map((p) => p.id).sort((a, b) => a - b);
  let rows = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const [lo, hi] = [ids[i]!, ids[Math.min(ids.length, i + 1000) - 1]!];
    const r = await sql`
      insert into stop_sale_events (property_id, room_id, date, color, updated_by, updated_at)
      select r.property_id, r.id, to_char(${from}::date + w * 7 + dd, 'YYYY-MM-DD'),
             case when x.h < ${Math.round(NOT_FREE_PER_MILLE * 0.6)} then 2 when x.h < ${Math.round(NOT_FREE_PER_MILLE * 0.8)} then 3 when x.h < ${Math.round(NOT_FREE_PER_MILLE * 0.9)} then 4 else 1 end,
             null, ${now}
      from fact_rows r
      cross join generate_series(0, 52) w
      cross join lateral (select abs(hashint8(r.id::bigint * 1000 + w)) % 1000 as h) x
      cross join generate_series(0, 6) dd
      where r.kind = 'room' and r.property_id between ${lo} and ${hi} and w * 7 + dd < 365 and x.h < ${NOT_FREE_PER_MILLE}`.execute(
      k,
    );
    rows += Number(r.numAffectedRows ?? 0);
  }
  return rows;
}

export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function inBatches<T>(items: readonly T[], fn: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await fn(items.slice(i, i + BATCH));
}

/** `now` moved back by whole days: hotels last saved over the past year, so updated_since filters. */
function daysBefore(now: string, days: number): string {
  return new Date(Date.parse(now) - days * 86_400_000).toISOString();
}

export async function generateMarket(services: Services, hotelCount: number): Promise<Market> {
  const started = performance.now();
  const k = services.db.kysely;
  const rnd = random(hotelCount);
  const now = new Date().toISOString();
  const operatorCount = Math.max(1, Math.round(hotelCount / 10));
  const user = (i: number, type: 'to' | 'accommodation') => ({
    email: `${type}${i}@market.example`,
    username: `${type}${i}`,
    password_hash: 'x',
    account_type: type,
    first_name: '',
    last_name: '',
    phone: '',
    title: '',
    country: COUNTRIES[i % 5]!,
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
  });
  const insertAccounts = async (type: 'to' | 'accommodation', n: number): Promise<number[]> => {
    const ids: number[] = [];
    await inBatches(
      Array.from({ length: n }, (_, i) => i),
      async (batch) => {
        const rows = await k
          .insertInto('users')
          .values(batch.map((i) => user(i, type)))
          .returning('id')
          .execute();
        ids.push(...rows.map((r) => r.id));
        await k
          .insertInto('companies')
          .values(
            rows.map((r, j) => ({
              account_id: r.id,
              data: JSON.stringify({
                company: `${type === 'to' ? 'Tours' : 'Hotels'} ${batch[j]}`,
                city: `City ${batch[j]! % 300}`,
                country: COUNTRIES[batch[j]! % 5],
              }),
              logo_key: null,
              created_at: now,
              updated_at: now,
              updated_by: null,
            })),
          )
          .execute();
      },
    );
    return ids;
  };
  const operators = await insertAccounts('to', operatorCount);
  const hotels = await insertAccounts('accommodation', hotelCount);

  const properties: { id: number; account: number }[] = [];
  await inBatches(hotels, async (batch) => {
    const rows = await k
      .insertInto('properties')
      .values(
        batch.map((h, j) => ({
          account_id: h,
          hotel_name: `Hotel ${h}`,
          country: COUNTRIES[(h + j) % 5]!,
          state: 'XX',
          city: `City ${h % 300}`,
          publish_date: null,
          logo_key: null,
          created_by: h,
          created_at: now,
          updated_at: daysBefore(now, (h * 7919) % 365),
        })),
      )
      .returning(['id', 'account_id'])
      .execute();
    properties.push(...rows.map((r) => ({ id: r.id, account: r.account_id })));
  });

  // Every section filled: one filled document per section (and 40 room rows) reused for every hotel.
  const sections = sectionsOf(services.schemas);
  const documents = sections
    .filter((s) => s.kind === 'document')
    .map((s) => ({ key: s.key, doc: filledDocument(services.schemas.resolved(s.ref)) }));
  const lists = sections
    .filter((s) => s.kind === 'list')
    .map((s) => ({
      key: s.key,
      rows: Array.from({ length: 40 }, (_, i) => filledDocument(services.schemas.resolved(s.ref), i)),
    }));
  let factRows = 0;
  let rooms = 0;
  await inBatches(properties, async (batch) => {
    await k
      .insertInto('fact_sections')
      .values(
        batch.flatMap((p) =>
          documents.map((d) => ({
            property_id: p.id,
            section: d.key,
            data: JSON.stringify({ ...d.doc, id: p.id, hotel: p.id, version: 1 }),
            version: 1,
            updated_at: now,
            updated_by: p.account,
          })),
        ),
      )
      .execute();
    const rows = batch.flatMap((p) =>
      lists.flatMap((l) => {
        const count = l.key === 'room' ? 10 + Math.floor(rnd() * 31) : 3;
        return l.rows.slice(0, count).map((r, position) => ({
          property_id: p.id,
          kind: l.key,
          position,
          data: JSON.stringify({ ...r, hotel: p.id }),
          updated_at: now,
          updated_by: p.account,
        }));
      }),
    );
    await inBatches(rows, (b) => k.insertInto('fact_rows').values(b).execute());
    factRows += rows.length;
    rooms += rows.filter((r) => r.kind === 'room').length;
    await k
      .insertInto('photos')
      .values(
        batch.flatMap((p) =>
          Array.from({ length: 5 }, (_, i) => {
            const stem = `properties/${p.id}/photos/${p.id.toString(16).padStart(8, '0')}${i}`;
            return {
              property_id: p.id,
              account_id: p.account,
              name: `Photo ${i + 1}`,
              alt: null,
              category: null,
              description: null,
              sequence: i + 1,
              room_id: null,
              format: 'jpeg',
              original_key: `${stem}-original.jpg`,
              display_key: `${stem}-display.jpg`,
              thumbnail_key: `${stem}-thumbnail.jpg`,
              width: 2400,
              height: 1600,
              bytes: 900_000,
              uploaded_by: p.account,
              uploaded_by_name: null,
              created_at: now,
              updated_at: now,
            };
          }),
        ),
      )
      .execute();
  });

  const propertyOf = new Map(properties.map((p) => [p.account, p.id]));
  const terms = JSON.stringify(defaultTerms(services));
  let contracts = 0;
  for (const op of operators) {
    const count = Math.min(hotels.length, 50 + Math.floor(rnd() * 451));
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(hotels[Math.floor(rnd() * hotels.length)]!);
    const inserted: { id: number; hotel_account_id: number }[] = [];
    await inBatches([...chosen], async (batch) => {
      inserted.push(
        ...(await k
          .insertInto('contracts')
          .values(
            batch.map((h) => ({
              hotel_account_id: h,
              operator_account_id: op,
              author_account_id: h,
              status: 'A',
              turn_account_id: null,
              version: 1,
              rev: 2,
              accepted_version: 1,
              accepted_terms: terms,
              covers_all: true,
              accepted_at: now,
              ends_at: null,
              canceled_by: null,
              created_by: h,
              created_at: now,
              updated_at: now,
              updated_by: op,
            })),
          )
          .returning(['id', 'hotel_account_id'])
          .execute()),
      );
    });
    await inBatches(inserted, async (batch) => {
      await k
        .insertInto('contract_versions')
        .values(
          batch.map((c) => ({
            contract_id: c.id,
            number: 1,
            kind: 'proposal' as const,
            status: 'P',
            terms,
            changes: '[]',
            proposed_by_account: c.hotel_account_id,
            proposed_by_user: null,
            proposed_by_name: '',
            created_at: now,
            outcome: 'accepted' as const,
            decided_at: now,
            decided_by_account: op,
          })),
        )
        .execute();
      await k
        .insertInto('hotel_mappings')
        .values(
          batch.map((c) => ({
            operator_account_id: op,
            property_id: propertyOf.get(c.hotel_account_id)!,
            override_code: null,
            local_id: `L${c.id}`,
            external_id: `X${c.id}`,
            supplying_name: null,
            updated_by: op,
            updated_at: now,
            free_event_code: 'FS',
            open_event_code: 'OP',
            stop_event_code: 'ST',
            request_event_code: 'RQ',
            block_event_code: 'BL',
          })),
        )
        .execute();
      const overrides = batch.filter(() => rnd() < 0.05);
      if (overrides.length)
        await k
          .insertInto('overrides')
          .values(
            overrides.map((c) => ({
              operator_account_id: op,
              property_id: propertyOf.get(c.hotel_account_id)!,
              field: 'general.hotel_name',
              value: '"Our name"',
              hotel_value: '"Hotel"',
              status: 'approved' as const,
              comment: null,
              created_by: op,
              created_at: now,
              decided_by: c.hotel_account_id,
              decided_at: now,
              decision_comment: null,
              drift_value: null,
              drift_at: null,
            })),
          )
          .execute();
    });
    contracts += inserted.length;
  }
  const stopSaleStarted = performance.now();
  const stopSaleFrom = `${now.slice(0, 7)}-01`;
  const stopSaleRows = await generateStopSale(services, properties, stopSaleFrom, now);
  const stopSaleSeconds = (performance.now() - stopSaleStarted) / 1000;
  // As autovacuum would have by now: the planner needs the tables' statistics.
  if (services.db.dialect === 'postgres') await sql`analyze`.execute(k);
  return {
    operators,
    hotels,
    properties,
    contracts,
    factRows,
    stopSaleFrom,
    stopSaleRows,
    factRoomDays: rooms * 365,
    stopSaleSeconds,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * A market kept by an earlier run (BENCH_MARKET_KEEP=1), read back: the same lists the generator
 * answers, from the rows (range saves of earlier runs may have changed some stop-sale days).
 */
export async function readMarket(services: Services): Promise<Market> {
  const k = services.db.kysely;
  const accounts = async (type: 'to' | 'accommodation') =>
    (await k.selectFrom('users').select('id').where('account_type', '=', type).orderBy('id').execute()).map(
      (r) => r.id,
    );
  const count = async (table: 'contracts' | 'fact_rows' | 'stop_sale_events') =>
    Number(
      (
        await k
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const properties = (await k.selectFrom('properties').select(['id', 'account_id']).orderBy('id').execute()).map(
    (r) => ({ id: r.id, account: r.account_id }),
  );
  const rooms = Number(
    (
      await k
        .selectFrom('fact_rows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'room')
        .executeTakeFirstOrThrow()
    ).n,
  );
  const first = await k
    .selectFrom('stop_sale_events')
    .select((eb) => eb.fn.min('date').as('d'))
    .executeTakeFirstOrThrow();
  return {
    operators: await accounts('to'),
    hotels: await accounts('accommodation'),
    properties,
    contracts: await count('contracts'),
    factRows: await count('fact_rows'),
    stopSaleFrom: `${String(first.d ?? new Date().toISOString()).slice(0, 7)}-01`,
    stopSaleRows: await count('stop_sale_events'),
    factRoomDays: rooms * 365,
    stopSaleSeconds: 0,
    seconds: 0,
  };
}
