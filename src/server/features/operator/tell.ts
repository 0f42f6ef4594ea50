import type { Kysely } from 'kysely';
import { bool, type Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { ContractAccess } from '../partners/access.js';
import { companyNames } from '../partners/partners.js';
import { findPreferences } from '../settings/preferences.js';

/**
 * What the operator workspace tells each side, on the bell, inside the transaction of the change
 * (so a notice exists exactly when its change does):
 * - the hotel: partners' overrides waiting for its approval (notify_fact_review);
 * - the operator: its overrides approved or rejected, the hotel changing a field it overrides
 *   (drift), and rooms added, renamed or removed in a hotel it maps (notify_fact_sheet_changes).
 */
type Db = Kysely<Database>;

export type OperatorNotice = 'fact_review' | 'override_decided' | 'override_drift' | 'rooms_changed';

const PREFERENCE: Record<OperatorNotice, string> = {
  fact_review: 'notify_fact_review',
  override_decided: 'notify_fact_review',
  override_drift: 'notify_fact_sheet_changes',
  rooms_changed: 'notify_fact_sheet_changes',
};

async function preferenceOn(services: Services, db: Db, accountId: number, key: string): Promise<boolean> {
  const row = await findPreferences(db, accountId);
  const stored = row ? (JSON.parse(row.data) as Record<string, unknown>)[key] : undefined;
  if (typeof stored === 'boolean') return stored;
  const props = services.schemas.resolved('settings/preferences.schema.json').properties as Record<string, { default?: unknown }>;
  return props[key]?.default === true;
}

/** The owner and the active members holding `flag` (and, with a property, allowed that property). */
async function recipients(db: Db, accountId: number, flag: 'facts' | 'partner_connections', propertyId?: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('permissions', 'permissions.user_id', 'users.id')
    .select(['users.id', 'users.manager_id', `permissions.${flag} as flag`, 'permissions.properties_allowed'])
    .where((eb) => eb.or([eb('users.id', '=', accountId), eb('users.manager_id', '=', accountId)]))
    .where('users.is_active', '=', true)
    .execute();
  return rows
    .filter((r) => {
      if (r.manager_id === null) return true;
      if (!bool(r.flag)) return false;
      if (propertyId === undefined) return true;
      const allowed = JSON.parse(r.properties_allowed ?? '[]') as number[];
      return allowed.includes(propertyId);
    })
    .map((r) => r.id);
}

async function ring(services: Services, db: Db, accountId: number, type: OperatorNotice, users: number[], message: string, link: string, extraId: number): Promise<void> {
  if (!users.length || !(await preferenceOn(services, db, accountId, PREFERENCE[type]))) return;
  const now = services.clock.now().toISOString();
  await db
    .insertInto('notifications')
    .values(users.map((user_id) => ({ user_id, notification_type: type, message, is_read: false, extra_id: extraId, link, created_at: now })))
    .execute();
}

/** The hotel: `count` changes of a partner wait for its approval. */
export async function tellHotelOfReview(services: Services, db: Db, access: ContractAccess, count: number): Promise<void> {
  const name = (await companyNames(db, [access.operatorAccountId])).get(access.operatorAccountId) ?? 'A partner';
  const property = await db.selectFrom('properties').select('hotel_name').where('id', '=', access.propertyId).executeTakeFirstOrThrow();
  const users = await recipients(db, access.hotelAccountId, 'facts', access.propertyId);
  const what = count === 1 ? 'a change' : `${count} changes`;
  await ring(services, db, access.hotelAccountId, 'fact_review', users, `${name} asks you to review ${what} of ${property.hotel_name}`, `/fact-reviews?property=${access.propertyId}`, access.propertyId);
}

/** The operator: something about a property it works with. */
export async function tellOperator(services: Services, db: Db, operatorAccountId: number, type: Exclude<OperatorNotice, 'fact_review'>, propertyId: number, message: string, link: string): Promise<void> {
  const users = await recipients(db, operatorAccountId, 'partner_connections');
  await ring(services, db, operatorAccountId, type, users, message, link, propertyId);
}
