import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

type Doc = Record<string, unknown>;

/** The chosen document sections of one property as version 1 of another's own (a copy of a property). */
export async function copySections(
  trx: Kysely<Database>,
  sourceId: number,
  newId: number,
  keys: readonly string[],
  userId: number,
  now: string,
): Promise<void> {
  if (!keys.length) return;
  const docs = await trx
    .selectFrom('fact_sections')
    .select(['section', 'data'])
    .where('property_id', '=', sourceId)
    .where('section', 'in', [...keys])
    .execute();
  for (const d of docs) {
    const { id: _i, hotel: _h, version: _v, ...facts } = JSON.parse(d.data) as Doc;
    await trx
      .insertInto('fact_sections')
      .values({
        property_id: newId,
        section: d.section,
        data: JSON.stringify({ id: newId, hotel: newId, version: 1, ...facts }),
        version: 1,
        updated_at: now,
        updated_by: userId,
      })
      .execute();
  }
}

/** The chosen lists' rows under the new property (new ids; the id inside each row follows). Answers old room id → new. */
export async function copyRows(
  trx: Kysely<Database>,
  sourceId: number,
  newId: number,
  kinds: readonly string[],
  userId: number,
  now: string,
): Promise<Map<number, number>> {
  const rooms = new Map<number, number>();
  if (!kinds.length) return rooms;
  const rows = await trx
    .selectFrom('fact_rows')
    .selectAll()
    .where('property_id', '=', sourceId)
    .where('kind', 'in', [...kinds])
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const inserted = await trx
      .insertInto('fact_rows')
      .values({
        property_id: newId,
        kind: r.kind,
        position: r.position,
        data: '{}',
        updated_at: now,
        updated_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _i, hotel: _h, ...facts } = JSON.parse(r.data) as Doc;
    await trx
      .updateTable('fact_rows')
      .set({ data: JSON.stringify({ id: inserted.id, hotel: newId, ...facts }) })
      .where('id', '=', inserted.id)
      .execute();
    if (r.kind === 'room') rooms.set(r.id, inserted.id);
  }
  return rooms;
}
