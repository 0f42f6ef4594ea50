import type { Kysely } from 'kysely';

/**
 * Issue 40: the accessibility section's yes/no "Wheelchair-accessible rooms" (`access_rooms`) is
 * derived from the room types now (`x-derived` with `any`), as its counts are: yes when a room type
 * is wheelchair-accessible, no when every room type says it is not, else unknown. Stored data:
 *
 * - the typed answer leaves the stored accessibility documents (derived facts are never stored;
 *   every read counts it from the room types);
 * - each publication gets the answer its own snapshot of room types gives, as a new one would, so
 *   a partner never reads a typed yes its rooms contradict.
 *
 * The rule is written out here as it was when this ran, so the migration does not depend on the
 * schemas of the day it runs.
 */

const FIELD = 'access_rooms';
const FEATURE = 'room_wheelchair_accessible';

type Doc = Record<string, unknown>;
interface Tables {
  fact_sections: { property_id: number; section: string; data: string };
  publications: { id: number; property_id: number; data: string };
}

const PAGE = 500;

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function derived(rooms: Doc[]): boolean | null {
  if (rooms.some((r) => r[FEATURE] === true)) return true;
  return rooms.length && rooms.every((r) => r[FEATURE] === false) ? false : null;
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  const sections = await db
    .selectFrom('fact_sections')
    .select(['property_id', 'data'])
    .where('section', '=', 'accessibility')
    .where('data', 'like', `%${FIELD}"%`)
    .execute();
  for (const a of sections) {
    const doc = JSON.parse(a.data) as Doc;
    if (!(FIELD in doc)) continue;
    delete doc[FIELD];
    await db
      .updateTable('fact_sections')
      .set({ data: JSON.stringify(doc) })
      .where('property_id', '=', a.property_id)
      .where('section', '=', 'accessibility')
      .execute();
  }
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('publications')
      .select(['id', 'property_id', 'data'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const p of rows) {
      const data = JSON.parse(p.data) as Doc;
      const rooms = Array.isArray(data.room) ? (data.room as unknown[]).filter(isDoc) : [];
      const value = derived(rooms);
      const access = data.accessibility;
      if (isDoc(access)) {
        if (access[FIELD] === value) continue;
        access[FIELD] = value;
      } else if (value !== null) {
        data.accessibility = { id: null, hotel: p.property_id, version: null, [FIELD]: value };
      } else continue;
      // Keys sorted, as publications write them (equal facts, equal text).
      const sorted = Object.fromEntries(Object.entries(data).sort(([a], [b]) => a.localeCompare(b)));
      await db
        .updateTable('publications')
        .set({ data: JSON.stringify(sorted) })
        .where('id', '=', p.id)
        .execute();
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
}
