import type { Kysely } from 'kysely';
import { isCalendarDate } from '../../../shared/formats.js';
import { withId } from './helpers.js';

/**
 * Dates that name no calendar day (2027-02-30, 2026-11-31) were accepted until every date was
 * checked (issue 34). This lists the ones already stored in `impossible_dates`, one row per value:
 * where (table, property, section, row), which field (a path into the stored JSON) and the value.
 * Nothing is changed: the hotel's data stays as typed, the next save of it is checked, and the
 * partner feeds leave such values out with a warning (features/partner-api/calendar-dates.ts).
 * The server logs each row at start once this migration has run (db/impossible-dates.ts).
 *
 * Scanned: fact sections and list rows, publications (what partners are sent), operators'
 * overrides, API keys' expiry and stop-sale days. A text value is a date here when it is shaped
 * YYYY-MM-DD (alone, or starting a date-time): no schema is read, so the list does not depend
 * on the schemas of the day it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('impossible_dates'))
    .addColumn('found_in', 'text', (c) => c.notNull())
    .addColumn('property_id', 'integer')
    .addColumn('section', 'text')
    .addColumn('row_id', 'integer')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('found_at', 'text', (c) => c.notNull())
    .execute();
  const found: Finding[] = [];
  const scan = db as Kysely<Scanned>;
  for await (const r of pages((o, n) =>
    scan
      .selectFrom('fact_sections')
      .select(['property_id', 'section', 'data'])
      .orderBy('property_id')
      .orderBy('section')
      .limit(n)
      .offset(o)
      .execute(),
  ))
    for (const hit of datesIn(parse(r.data)))
      found.push({ found_in: 'fact_sections', property_id: r.property_id, section: r.section, row_id: null, ...hit });
  for await (const r of pages((o, n) =>
    scan
      .selectFrom('fact_rows')
      .select(['id', 'property_id', 'kind', 'data'])
      .orderBy('id')
      .limit(n)
      .offset(o)
      .execute(),
  ))
    for (const hit of datesIn(parse(r.data)))
      found.push({ found_in: 'fact_rows', property_id: r.property_id, section: r.kind, row_id: r.id, ...hit });
  for await (const r of pages((o, n) =>
    scan
      .selectFrom('publications')
      .select(['id', 'property_id', 'number', 'data'])
      .orderBy('id')
      .limit(n)
      .offset(o)
      .execute(),
  ))
    for (const hit of datesIn(parse(r.data)))
      found.push({
        found_in: 'publications',
        property_id: r.property_id,
        section: `publication ${r.number}`,
        row_id: r.id,
        ...hit,
      });
  for await (const r of pages((o, n) =>
    scan
      .selectFrom('overrides')
      .select(['id', 'property_id', 'field', 'value'])
      .orderBy('id')
      .limit(n)
      .offset(o)
      .execute(),
  ))
    for (const hit of datesIn(parse(r.value), [r.field]))
      found.push({ found_in: 'overrides', property_id: r.property_id, section: null, row_id: r.id, ...hit });
  for await (const r of pages((o, n) =>
    scan.selectFrom('api_keys').select(['id', 'expires_at']).orderBy('id').limit(n).offset(o).execute(),
  ))
    for (const hit of datesIn(r.expires_at, ['expires_at']))
      found.push({ found_in: 'api_keys', property_id: null, section: null, row_id: r.id, ...hit });
  for await (const r of pages((o, n) =>
    scan
      .selectFrom('stop_sale_events')
      .select(['id', 'property_id', 'date'])
      .orderBy('id')
      .limit(n)
      .offset(o)
      .execute(),
  ))
    for (const hit of datesIn(r.date, ['date']))
      found.push({ found_in: 'stop_sale_events', property_id: r.property_id, section: null, row_id: r.id, ...hit });
  const now = new Date().toISOString();
  for (let i = 0; i < found.length; i += 200)
    await scan
      .insertInto('impossible_dates')
      .values(found.slice(i, i + 200).map((f) => ({ ...f, found_at: now })))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('impossible_dates').execute();
}

interface Finding {
  found_in: string;
  property_id: number | null;
  section: string | null;
  row_id: number | null;
  field: string;
  value: string;
}

/** The tables as this migration reads them (the columns it needs, as they are at 0038). */
interface Scanned {
  fact_sections: { property_id: number; section: string; data: string };
  fact_rows: { id: number; property_id: number; kind: string; data: string };
  publications: { id: number; property_id: number; number: number; data: string };
  overrides: { id: number; property_id: number; field: string; value: string };
  api_keys: { id: number; expires_at: string | null };
  stop_sale_events: { id: number; property_id: number; date: string };
  impossible_dates: Finding & { id?: number; found_at: string };
}

const PAGE = 500;

/** A table read a page at a time in key order (a market's facts never sit in memory at once). */
async function* pages<R>(read: (offset: number, limit: number) => Promise<R[]>): AsyncGenerator<R> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await read(offset, PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const DATE_SHAPED = /^(\d{4}-\d{2}-\d{2})(?:T|$)/;

/** Every text in `value` (at any depth) shaped like a date that names no day, with its path. */
export function datesIn(value: unknown, path: string[] = []): { field: string; value: string }[] {
  if (typeof value === 'string') {
    const day = DATE_SHAPED.exec(value)?.[1];
    return day !== undefined && !isCalendarDate(day) ? [{ field: path.join('.') || '(value)', value }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => datesIn(v, [...path, String(i)]));
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => datesIn(v, [...path, k]));
  return [];
}
