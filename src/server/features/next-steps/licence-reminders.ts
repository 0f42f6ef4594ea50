import type { Services } from '../../services.js';
import { tell } from '../notifications/index.js';
import { lockProperty } from '../properties/index.js';
import { licencesEndingBetween, type EndingLicence } from '../photos/index.js';
import { t } from '../../i18n/index.js';
import { formatDate } from '../../../shared/i18n/format.js';
import { DAY_MS } from './freshness.js';

/**
 * How many days before a photo's licence ends the hotel is reminded (issue 40 §3): a month ahead,
 * to renew it, and a week ahead, once more (longest first).
 */
export const LICENCE_REMINDER_DAYS = [30, 7] as const;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The reminder a licence is due on `today`: the nearest stage its last day is within (7 when a
 * week or less away, else 30), or null when it ends today, has ended, or is further away. A run
 * that finds a licence past a stage's day (no run that day) thus still sends that stage, and one
 * that finds it past both sends the week's only.
 */
function stageOf(licenceEnds: string, today: string): { stage: number; days: number } | null {
  const days = Math.round((Date.parse(licenceEnds) - Date.parse(today)) / DAY_MS);
  if (days < 1) return null;
  const stage = [...LICENCE_REMINDER_DAYS].reverse().find((n) => days <= n);
  return stage === undefined ? null : { stage, days };
}

interface Due extends EndingLicence {
  stage: number;
  days: number;
}

/**
 * Tell each hotel of its photos whose licence ends within 30 days, once for the month's reminder
 * and once more within the last week: each (photo, last day, stage) is marked when told (table
 * licence_reminders), so a reminder the daily run missed goes with the next run, none goes twice,
 * and a licence renewed with a new last day is reminded of again. One notification per property
 * and run, naming each photo with its last day and the days left, linking to the gallery.
 * Answers how many photos were named.
 */
export async function sendLicenceReminders(services: Services): Promise<number> {
  const db = services.db.kysely;
  const now = services.clock.now();
  const today = dayOf(now);
  const last = dayOf(new Date(Date.parse(today) + Math.max(...LICENCE_REMINDER_DAYS) * DAY_MS));
  const byProperty = new Map<number, Due[]>();
  for (const r of await licencesEndingBetween(db, today, last)) {
    const due = stageOf(r.licence_ends, today);
    if (due) byProperty.set(r.property_id, [...(byProperty.get(r.property_id) ?? []), { ...r, ...due }]);
  }
  let named = 0;
  for (const [propertyId, due] of byProperty) {
    named += await db.transaction().execute(async (trx) => {
      // Two runs at once (an overdue one beside the day's own) take turns here; the mark is the claim.
      await lockProperty(services, trx, propertyId);
      const claimed: Due[] = [];
      for (const d of due) {
        const result = await trx
          .insertInto('licence_reminders')
          .values({ photo_id: d.id, licence_ends: d.licence_ends, stage: d.stage, reminded_at: now.toISOString() })
          .onConflict((oc) => oc.columns(['photo_id', 'licence_ends', 'stage']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) claimed.push(d);
      }
      if (!claimed.length) return 0;
      const first = claimed[0]!;
      await tell(services, trx, {
        type: 'photo_licence_ending',
        accountId: first.account_id,
        propertyId,
        message: (lang) =>
          t(lang, 'notification.photo_licence_ending.message', {
            hotel: first.hotel_name,
            count: claimed.length,
            photos: claimed
              .map((p) =>
                t(lang, 'notification.photo_licence_ending.photo', {
                  name: p.name ?? String(p.id),
                  date: formatDate(lang, p.licence_ends),
                  days: p.days,
                }),
              )
              .join(t(lang, 'notification.list.comma')),
          }),
        link: `/property-photos/${propertyId}`,
        extraId: propertyId,
      });
      return claimed.length;
    });
  }
  return named;
}
