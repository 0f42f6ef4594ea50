import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tell } from '../notifications/index.js';
import type { ContractAccess } from '../partners/index.js';
import { companyNames } from '../partners/index.js';
import { hotelName } from '../properties/index.js';

/**
 * What the operator workspace tells each side, through the one notification function (bell per
 * preferences, bursts coalesced, live), inside the transaction of the change:
 * - the hotel: partners' overrides waiting for its approval (override_pending);
 * - the operator: its overrides approved or rejected, the hotel changing a field it overrides
 *   (override_drift), rooms added, renamed or removed in a hotel it maps (room_changed).
 */
type Db = Kysely<Database>;

/** The hotel: `count` changes of a partner wait for its approval. */
export async function tellHotelOfReview(
  services: Services,
  db: Db,
  access: ContractAccess,
  count: number,
  actorUserId: number,
): Promise<void> {
  const name = (await companyNames(db, [access.operatorAccountId])).get(access.operatorAccountId) || 'A partner';
  const propertyName = await hotelName(db, access.propertyId);
  const what = count === 1 ? 'a change' : `${count} changes`;
  await tell(services, db, {
    type: 'override_pending',
    accountId: access.hotelAccountId,
    propertyId: access.propertyId,
    message: `${name} asks you to review ${what} of ${propertyName}`,
    link: `/fact-reviews?property=${access.propertyId}`,
    extraId: access.propertyId,
    actorUserId,
  });
}

/** The operator: something about a property it works with. */
export async function tellOperator(
  services: Services,
  db: Db,
  operatorAccountId: number,
  type: 'override_approved' | 'override_rejected' | 'override_drift' | 'room_changed',
  propertyId: number,
  message: string,
  link: string,
): Promise<void> {
  await tell(services, db, { type, accountId: operatorAccountId, propertyId, message, link, extraId: propertyId });
}
