import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * A list save's writes as a few statements, whatever the number of rows (one statement per row
 * was most of a 50-row save on PostgreSQL, a round trip each). Chunked: a statement's parameters
 * stay well under SQLite's and PostgreSQL's limits.
 */
const CHUNK = 250;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * New rows with their positions (unique within the save), empty until `writeRows` fills them
 * (their documents carry their ids). Answers the id each position got: RETURNING's order is not
 * promised, the position says which row is which.
 */
export async function insertRows(
  trx: Kysely<Database>,
  where: { propertyId: number; kind: string; now: string; by: number },
  positions: readonly number[],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const part of chunks(positions)) {
    const rows = await trx
      .insertInto('fact_rows')
      .values(
        part.map((position) => ({
          property_id: where.propertyId,
          kind: where.kind,
          position,
          data: '{}',
          updated_at: where.now,
          updated_by: where.by,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    for (const r of rows) ids.set(r.position, r.id);
  }
  return ids;
}

/** Each row's position and document, and who saved it when, in one UPDATE per chunk. */
export async function writeRows(
  trx: Kysely<Database>,
  rows: readonly { id: number; position: number; data: string }[],
  stamp: { now: string; by: number },
): Promise<void> {
  for (const part of chunks(rows)) {
    // CASE over the id: PostgreSQL types a bare parameter in a CASE as text, hence the cast.
    const position = sql<number>`case ${sql.ref('id')} ${sql.join(
      part.map((r) => sql`when ${r.id} then cast(${r.position} as integer)`),
      sql` `,
    )} end`;
    const data = sql<string>`case ${sql.ref('id')} ${sql.join(
      part.map((r) => sql`when ${r.id} then ${r.data}`),
      sql` `,
    )} end`;
    await trx
      .updateTable('fact_rows')
      .set({ position, data, updated_at: stamp.now, updated_by: stamp.by })
      .where(
        'id',
        'in',
        part.map((r) => r.id),
      )
      .execute();
  }
}
