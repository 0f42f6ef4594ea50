import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { PublishedRoom } from '../publications/index.js';
import { hotelMapped } from '../mapping/index.js';

/** An operator's own state of one contracted property, for its lists (fact sheet, mapping). */
export interface OperatorState {
  publication: number | null;
  completeness: number | null;
  unseen: boolean;
  mapped: boolean;
  rooms: number;
  rooms_mapped: number;
  overrides_pending: number;
  overrides_drift: number;
  /** The hotel name the operator shows instead of the hotel's (its approved override), else null. */
  name_override: string | null;
}

/** The states of a page of properties, in a few queries whatever the page's length. */
export async function operatorStates(
  db: Kysely<Database>,
  operatorAccountId: number,
  propertyIds: readonly number[],
): Promise<Map<number, OperatorState>> {
  const out = new Map<number, OperatorState>();
  if (!propertyIds.length) return out;
  const ids = [...propertyIds];
  const [latest, views, hotels, rooms, overrides] = await Promise.all([
    db
      .selectFrom('publications as pub')
      .select(['pub.property_id', 'pub.number', 'pub.completeness', 'pub.rooms'])
      .where('pub.property_id', 'in', ids)
      .where((eb) =>
        eb(
          'pub.number',
          '=',
          eb
            .selectFrom('publications as p2')
            .select((e) => e.fn.max('p2.number').as('n'))
            .whereRef('p2.property_id', '=', 'pub.property_id'),
        ),
      )
      .execute(),
    db
      .selectFrom('operator_views')
      .select(['property_id', 'publication_number'])
      .where('operator_account_id', '=', operatorAccountId)
      .where('property_id', 'in', ids)
      .execute(),
    db
      .selectFrom('hotel_mappings')
      .select(['property_id', 'override_code', 'local_id', 'external_id'])
      .where('operator_account_id', '=', operatorAccountId)
      .where('property_id', 'in', ids)
      .execute(),
    db
      .selectFrom('room_mappings')
      .select(['property_id', 'room_id', 'linked'])
      .where('operator_account_id', '=', operatorAccountId)
      .where('property_id', 'in', ids)
      .execute(),
    db
      .selectFrom('overrides')
      .select(['property_id', 'status', 'drift_value', 'field', 'value'])
      .where('operator_account_id', '=', operatorAccountId)
      .where('property_id', 'in', ids)
      .where('status', 'in', ['pending', 'approved'])
      .execute(),
  ]);
  const viewed = new Map(views.map((v) => [v.property_id, v.publication_number]));
  const hotelsMapped = new Set(hotels.filter((h) => hotelMapped(h)).map((h) => h.property_id));
  for (const id of ids) {
    const pub = latest.find((l) => l.property_id === id);
    const published = pub ? (JSON.parse(pub.rooms) as PublishedRoom[]).map((r) => r.id) : [];
    const linked = new Set(
      rooms.filter((r) => r.property_id === id && (r.linked === true || r.linked === 1)).map((r) => r.room_id),
    );
    const mine = overrides.filter((o) => o.property_id === id);
    const named = mine.find((o) => o.status === 'approved' && o.field === 'hotel_name');
    const name = named ? (JSON.parse(named.value) as unknown) : null;
    out.set(id, {
      publication: pub?.number ?? null,
      completeness: pub?.completeness ?? null,
      unseen: pub ? (viewed.get(id) ?? 0) < pub.number : false,
      mapped: hotelsMapped.has(id),
      rooms: published.length,
      rooms_mapped: published.filter((r) => linked.has(r)).length,
      overrides_pending: mine.filter((o) => o.status === 'pending').length,
      overrides_drift: mine.filter((o) => o.status === 'approved' && o.drift_value !== null).length,
      // As the fact sheet and the export name it (operatorFacts): an empty override names nothing.
      name_override: typeof name === 'string' && name ? name : null,
    });
  }
  return out;
}
