import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { SectionDocuments } from '../publications/index.js';
import { roomsOf, type PublishedRoom } from '../publications/index.js';
import { canonical, fieldLabel, hotelData, valueAt } from './override-fields.js';
import { tellOperator } from './tell.js';
import type { Words } from '../notifications/index.js';
import { hotelName } from '../properties/index.js';
import { t } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';

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
    drifted.set(o.operator_account_id, [...(drifted.get(o.operator_account_id) ?? []), o.field]);
  }
  for (const [operator, paths] of drifted) {
    const fields = (lang: Language) =>
      paths.map((p) => fieldLabel(services, p, lang)).join(t(lang, 'notification.list.comma'));
    await tellOperator(
      services,
      trx,
      operator,
      'override_drift',
      propertyId,
      (lang) => t(lang, 'notification.override_drift.message', { hotel: hotelName, fields: fields(lang) }),
      `/overridefact/${propertyId}`,
    );
  }
}

/** The rooms added, renamed and removed ("added Penthouse; renamed Double → Double Deluxe"); undefined: none. */
function roomNews(before: PublishedRoom[], after: PublishedRoom[]): Words | undefined {
  const old = new Map(before.map((r) => [r.id, r]));
  const added = after.filter((r) => !old.has(r.id)).map((r) => r.name);
  const renamed = after
    .filter((r) => old.has(r.id) && old.get(r.id)!.name !== r.name)
    .map((r) => `${old.get(r.id)!.name} → ${r.name}`);
  const kept = new Set(after.map((r) => r.id));
  const removed = before.filter((r) => !kept.has(r.id)).map((r) => r.name);
  if (!added.length && !renamed.length && !removed.length) return undefined;
  return (lang) => {
    const rooms = (names: string[]) => names.join(t(lang, 'notification.list.comma'));
    const parts: string[] = [];
    if (added.length) parts.push(t(lang, 'notification.room_changed.added', { rooms: rooms(added) }));
    if (renamed.length) parts.push(t(lang, 'notification.room_changed.renamed', { rooms: rooms(renamed) }));
    if (removed.length) parts.push(t(lang, 'notification.room_changed.removed', { rooms: rooms(removed) }));
    return parts.join(t(lang, 'notification.list.semicolon'));
  };
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
  if (!news) return;
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
      (lang) => t(lang, 'notification.room_changed.message', { hotel: hotelName, changes: news(lang) }),
      `/datamapping/${propertyId}`,
    );
  }
}
