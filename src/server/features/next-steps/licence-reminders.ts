import type { Services } from '../../services.js';
import { tell, toldSince } from '../notifications/index.js';
import { lockProperty } from '../properties/index.js';
import { licencesEndingOn, type EndingLicence } from '../photos/index.js';
import { t } from '../../i18n/index.js';
import { formatDate } from '../../../shared/i18n/format.js';
import { DAY_MS } from './freshness.js';

/**
 * How many days before a photo's licence ends the hotel is reminded (issue 40 §3): a month ahead,
 * to renew it, and a week ahead, once more. The daily reminder job runs once a day (one job per
 * day, whatever the number of servers), so each photo is reminded once on each of these days;
 * from the day after its last day the photo no longer leaves the account (the gallery marks it).
 */
export const LICENCE_REMINDER_DAYS = [30, 7] as const;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Tell each hotel of its photos whose licence ends in 30 or 7 days: one notification per property
 * and day, naming each photo with its last day, linking to the gallery (a second run on the same
 * day tells nothing more). Answers how many photos were named.
 */
export async function sendLicenceReminders(services: Services): Promise<number> {
  const db = services.db.kysely;
  const now = services.clock.now();
  const days = LICENCE_REMINDER_DAYS.map((n) => dayOf(new Date(now.getTime() + n * DAY_MS)));
  const byProperty = new Map<number, EndingLicence[]>();
  for (const r of await licencesEndingOn(db, days))
    byProperty.set(r.property_id, [...(byProperty.get(r.property_id) ?? []), r]);
  let named = 0;
  for (const [propertyId, photos] of byProperty) {
    const first = photos[0]!;
    const told = await db.transaction().execute(async (trx) => {
      // Two runs at once (an overdue one beside the day's own) take turns here; the second finds the first's news.
      await lockProperty(services, trx, propertyId);
      if (await toldSince(trx, 'photo_licence_ending', propertyId, `${dayOf(now)}T00:00:00.000Z`)) return false;
      await tell(services, trx, {
        type: 'photo_licence_ending',
        accountId: first.account_id,
        propertyId,
        message: (lang) =>
          t(lang, 'notification.photo_licence_ending.message', {
            hotel: first.hotel_name,
            count: photos.length,
            photos: photos
              .map((p) =>
                t(lang, 'notification.photo_licence_ending.photo', {
                  name: p.name ?? String(p.id),
                  date: formatDate(lang, p.licence_ends),
                  days: LICENCE_REMINDER_DAYS[days.indexOf(p.licence_ends)]!,
                }),
              )
              .join(t(lang, 'notification.list.comma')),
          }),
        link: `/property-photos/${propertyId}`,
        extraId: propertyId,
      });
      return true;
    });
    if (told) named += photos.length;
  }
  return named;
}
