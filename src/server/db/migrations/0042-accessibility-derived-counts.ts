import type { Kysely } from 'kysely';

/**
 * Issue 40: the accessibility section's room counts are counted from the room types now
 * (`x-derived`), never typed, and so is the facility section's "Units suitable for wheelchair
 * users" (`hotel_units_wheelchair`, the spec's name for the same number as the wheelchair-accessible
 * rooms' count: both are counted from the room types by one rule). Stored data:
 *
 * - the typed counts leave the stored documents (fact sections; publications get the counted ones);
 * - a property that had said it has wheelchair units (`hotel_units_wheelchair` above 0) keeps
 *   that as the section's yes/no "Wheelchair-accessible rooms" (`access_rooms`) where that was
 *   not answered; the number itself now comes from its room types (each says how many of its
 *   units are accessible), so the hotel is asked there;
 * - each publication gets the counts its own snapshot of room types gives, as a new one would.
 *
 * The derivations are written out here as they were when this ran, so the migration does not
 * depend on the schemas of the day it runs.
 */

const TYPED = ['access_rooms_count', 'access_rooms_roll_in_shower_count', 'access_rooms_hearing_count'];
const WHEELCHAIR = 'room_wheelchair_accessible';
const HEARING = 'room_hearing_accessible';
/** field prefix -> [the room's feature, whose units count it] */
const FEATURES: Array<[string, string, typeof WHEELCHAIR | typeof HEARING]> = [
  ['access_rooms_', WHEELCHAIR, WHEELCHAIR],
  ['access_rooms_step_free_', 'room_step_free', WHEELCHAIR],
  ['access_rooms_roll_in_shower_', 'room_roll_in_shower', WHEELCHAIR],
  ['access_rooms_grab_bars_', 'room_grab_bars', WHEELCHAIR],
  ['access_rooms_shower_seat_', 'room_shower_seat', WHEELCHAIR],
  ['access_rooms_lowered_sink_', 'room_lowered_sink', WHEELCHAIR],
  ['access_rooms_lowered_rail_', 'room_lowered_wardrobe_rail', WHEELCHAIR],
  ['access_rooms_hearing_', HEARING, HEARING],
  ['access_rooms_visual_alarm_', 'room_visual_alarm', HEARING],
  ['access_rooms_vibrating_alarm_', 'room_vibrating_alarm', HEARING],
  ['access_rooms_knock_light_', 'room_knock_light', HEARING],
  ['access_rooms_textphone_', 'room_textphone', HEARING],
];
const UNITS = { [WHEELCHAIR]: 'room_wheelchair_units', [HEARING]: 'room_hearing_units' };

type Doc = Record<string, unknown>;
interface Tables {
  fact_sections: {
    property_id: number;
    section: string;
    data: string;
    version: number;
    updated_at: string;
    updated_by: number | null;
  };
  publications: { id: number; property_id: number; data: string };
}

const PAGE = 500;

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function derived(rooms: Doc[]): Doc {
  const out: Doc = {};
  for (const [prefix, feature, base] of FEATURES) {
    const having = rooms.filter((r) => r[base] === true && r[feature] === true);
    const units = having.map((r) => r[UNITS[base]]);
    const names = having.map((r) => r.room_name).filter((n) => typeof n === 'string' && n.trim() !== '');
    out[`${prefix}count`] =
      having.length && units.every((u) => typeof u === 'number')
        ? (units as number[]).reduce((a, b) => a + b, 0)
        : null;
    out[`${prefix}types`] = names.length ? names.join(', ') : null;
  }
  return out;
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  const now = new Date().toISOString();
  // Which properties said they had wheelchair units (facility section), the field dropped.
  const saidSo = new Set<number>();
  const facilities = await db
    .selectFrom('fact_sections')
    .select(['property_id', 'data'])
    .where('section', '=', 'facility')
    .where('data', 'like', '%hotel_units_wheelchair%')
    .execute();
  for (const f of facilities) {
    const doc = JSON.parse(f.data) as Doc;
    if (typeof doc.hotel_units_wheelchair === 'number' && doc.hotel_units_wheelchair > 0) saidSo.add(f.property_id);
    delete doc.hotel_units_wheelchair;
    await db
      .updateTable('fact_sections')
      .set({ data: JSON.stringify(doc) })
      .where('property_id', '=', f.property_id)
      .where('section', '=', 'facility')
      .execute();
  }
  const sections = await db
    .selectFrom('fact_sections')
    .select(['property_id', 'data'])
    .where('section', '=', 'accessibility')
    .execute();
  const haveSection = new Set<number>();
  for (const a of sections) {
    haveSection.add(a.property_id);
    const doc = JSON.parse(a.data) as Doc;
    for (const k of TYPED) delete doc[k];
    if (saidSo.has(a.property_id) && (doc.access_rooms === null || doc.access_rooms === undefined))
      doc.access_rooms = true;
    await db
      .updateTable('fact_sections')
      .set({ data: JSON.stringify(doc) })
      .where('property_id', '=', a.property_id)
      .where('section', '=', 'accessibility')
      .execute();
  }
  for (const id of saidSo) {
    if (haveSection.has(id)) continue;
    await db
      .insertInto('fact_sections')
      .values({
        property_id: id,
        section: 'accessibility',
        data: JSON.stringify({ id, hotel: id, version: 1, access_rooms: true }),
        version: 1,
        updated_at: now,
        updated_by: null,
      })
      .execute();
  }
  // Publications: the snapshot's counts from the snapshot's own room types.
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('publications')
      .select(['id', 'property_id', 'data'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const p of rows) {
      const data = JSON.parse(p.data) as Record<string, unknown>;
      const rooms = Array.isArray(data.room) ? (data.room as unknown[]).filter(isDoc) : [];
      const counts = derived(rooms);
      // The spec's facility count (spec 001 §3) stays, counted by the same rule as access_rooms_count.
      const facility = data.facility;
      if (isDoc(facility)) facility.hotel_units_wheelchair = counts.access_rooms_count ?? null;
      const access = data.accessibility;
      if (isDoc(access)) {
        for (const k of TYPED) delete access[k];
        Object.assign(access, counts);
      } else if (Object.values(counts).some((v) => v !== null)) {
        data.accessibility = { id: null, hotel: p.property_id, version: null, ...counts };
      }
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
