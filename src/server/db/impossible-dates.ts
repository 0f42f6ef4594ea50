import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

export const IMPOSSIBLE_DATES_MIGRATION = '0038-impossible-dates';

/**
 * When migration 0038 has just run: one warning per stored date it found that names no calendar
 * day (property, section, field, value), so whoever runs the server sees what the partner feeds
 * now leave out and which hotels to ask for the right day. Each is logged once, by the process
 * that ran the migration.
 */
export async function logImpossibleDates(
  db: Kysely<Database>,
  applied: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  if (!applied.includes(IMPOSSIBLE_DATES_MIGRATION)) return;
  const rows = await db.selectFrom('impossible_dates').selectAll().orderBy('id').execute();
  for (const r of rows)
    log.warn(
      {
        table: r.found_in,
        property: r.property_id,
        section: r.section,
        row: r.row_id,
        field: r.field,
        value: r.value,
      },
      'stored date names no calendar day: partner feeds leave it out with a warning until it is saved again',
    );
  if (rows.length) log.warn({ count: rows.length }, 'impossible stored dates listed in table impossible_dates');
}
