import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { SectionDocuments } from '../publications/index.js';
import { roomsOf, type PublishedRoom } from '../publications/index.js';
import { canonical, hotelData, overridableFields, valueAt } from './override-fields.js';
import { tellOperator } from './tell.js';
import { hotelName } from '../properties/index.js';

type Db = Kysely<Database>;

/**
 * After a publish (inside its transaction), what partners must hear from the operator workspace:
 * - drift: a field an operator overrides that the hotel changed since the override; the override
 *   stays, marked with the hotel's new value, and the operator is told (it keeps or drops it);
 * - rooms added, renamed or removed, to the operators that map the property.
 */
export async function onPublished(
  services: Services,
  trx: Db,
  propertyId: number,
  before: SectionDocuments | undefined,
  after: SectionDocuments,
): Promise<void> {
  const propertyName = await hotelName(trx, propertyId);
  await markDrift(services, trx, propertyId, propertyName, after);
  await tellRoomChanges(services, trx, propertyId, propertyName, before ? roomsOf(before) : [], roomsOf(after));
}

async function markDrift(
  services: Services,
  trx: Db,
  propertyId: number,
  hotelName: string,
  after: SectionDocuments,
): Promise<void> {
  const now = services.clock.now().toISOString();
  const live = await trx
    .selectFrom('overrides')
    .selectAll()
    .where('property_id', '=', propertyId)
    .where('status', 'in', ['pending', 'approved'])
    .execute();
  if (!live.length) return;
  const hotel = hotelData(after, hotelName, services);
  const labels = new Map(overridableFields(services).map((f) => [f.path, f.label]));
  const drifted = new Map<number, string[]>();
  for (const o of live) {
    const now_ = canonical(valueAt(hotel, o.field));
    if (now_ === o.hotel_value) {
      if (o.drift_value !== null)
        await trx.updateTable('overrides').set({ drift_value: null, drift_at: null }).where('id', '=', o.id).execute();
      continue;
    }
    if (now_ === o.drift_value) continue;
    await trx.updateTable('overrides').set({ drift_value: now_, drift_at: now }).where('id', '=', o.id).execute();
    drifted.set(o.operator_account_id, [...(drifted.get(o.operator_account_id) ?? []), labels.get(o.field) ?? o.field]);
  }
  for (const [operator, fields] of drifted) {
    await tellOperator(
      services,
      trx,
      operator,
      'override_drift',
      propertyId,
      `${hotelName} changed ${fields.join(', ')}, which you override`,
      `/overridefact/${propertyId}`,
    );
  }
}

function roomNews(before: PublishedRoom[], after: PublishedRoom[]): string[] {
  const old = new Map(before.map((r) => [r.id, r]));
  const added = after.filter((r) => !old.has(r.id)).map((r) => r.name);
  const renamed = after
    .filter((r) => old.has(r.id) && old.get(r.id)!.name !== r.name)
    .map((r) => `${old.get(r.id)!.name} → ${r.name}`);
  const kept = new Set(after.map((r) => r.id));
  const removed = before.filter((r) => !kept.has(r.id)).map((r) => r.name);
  const parts: string[] = [];
  if (added.length) parts.push(`added ${added.join(', ')}`);
  if (renamed.length) parts.push(`renamed ${renamed.join(', ')}`);
  if (removed.length) parts.push(`removed ${removed.join(', ')}`);
  return parts;
}

async function tellRoomChanges(
  services: Services,
  trx: Db,
  propertyId: number,
  hotelName: string,
  before: PublishedRoom[],
  after: PublishedRoom[],
): Promise<void> {
  const news = roomNews(before, after);
  if (!news.length) return;
  const mapping = await trx
    .selectFrom('hotel_mappings')
    .select('operator_account_id')
    .where('property_id', '=', propertyId)
    .union(trx.selectFrom('room_mappings').select('operator_account_id').where('property_id', '=', propertyId))
    .execute();
  for (const { operator_account_id } of mapping) {
    await tellOperator(
      services,
      trx,
      operator_account_id,
      'room_changed',
      propertyId,
      `${hotelName} ${news.join('; ')}: check your room mapping`,
      `/datamapping/${propertyId}`,
    );
  }
}
