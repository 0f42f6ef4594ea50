import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tell, type Words } from '../notifications/index.js';
import type { ContractAccess } from '../partners/index.js';
import { companyNames } from '../partners/index.js';
import { hotelName } from '../properties/index.js';
import { t } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';

/**
 * What the operator workspace tells each side, through the one notification function (bell per
 * preferences, bursts coalesced, live), inside the transaction of the change:
 * - the hotel: partners' overrides waiting for its approval (override_pending);
 * - the operator: its overrides approved or rejected, the hotel changing a field it overrides
 *   (override_drift), rooms added, renamed or removed in a hotel it maps (room_changed).
 */
type Db = Kysely<Database>;

/** The operator's company as a hotel reads it; "A partner" (in the reader's language) when it has no name yet. */
export async function partnerName(db: Db, operatorAccountId: number): Promise<Words> {
  const name = (await companyNames(db, [operatorAccountId])).get(operatorAccountId);
  return (lang: Language) => name || t(lang, 'notification.unnamed_partner');
}

/** The hotel: `count` changes of a partner wait for its approval. */
export async function tellHotelOfReview(
  services: Services,
  db: Db,
  access: ContractAccess,
  count: number,
  actorUserId: number,
): Promise<void> {
  const company = await partnerName(db, access.operatorAccountId);
  const hotel = await hotelName(db, access.propertyId);
  await tell(services, db, {
    type: 'override_pending',
    accountId: access.hotelAccountId,
    propertyId: access.propertyId,
    message: (lang) => t(lang, 'notification.override_pending.message', { company: company(lang), count, hotel }),
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
  message: Words,
  link: string,
): Promise<void> {
  await tell(services, db, { type, accountId: operatorAccountId, propertyId, message, link, extraId: propertyId });
}
