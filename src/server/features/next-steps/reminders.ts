import type { Services } from '../../services.js';
import { tell } from '../notifications/index.js';
import { DAY_MS, freshnessDays, sectionFreshness } from './freshness.js';
import { sectionsOf, sectionTitle } from '../facts/index.js';
import { t } from '../../i18n/index.js';
import { sendLicenceReminders } from './licence-reminders.js';
import { sendCertificateReminders } from './certificate-reminders.js';

/** The daily job that reminds hotels of sections gone stale (one job a day, whatever the number of servers). */
export const FRESHNESS_QUEUE = 'facts.freshness-reminders';

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Enqueue the day's run (at `at`); a second enqueue for the same day is the same job. */
export async function scheduleFreshnessReminders(services: Services, at: Date): Promise<void> {
  await services.jobs.enqueue(services.db.kysely, {
    queue: FRESHNESS_QUEUE,
    payload: {},
    runAt: at,
    dedupeKey: `freshness:${dayOf(at)}`,
  });
}

/**
 * Remind each hotel once of each section that went stale: a section is reminded of when it is
 * stale and was not reminded since it was last confirmed; confirming or saving it starts anew.
 * One notification per property and run (its stale sections named). Answers how many sections
 * were reminded of.
 */
export async function sendFreshnessReminders(services: Services): Promise<number> {
  const db = services.db.kysely;
  const now = services.clock.now();
  const at = now.toISOString();
  const props = await db
    .selectFrom('properties')
    .innerJoin('users', 'users.id', 'properties.account_id')
    .select(['properties.id', 'properties.account_id', 'properties.hotel_name'])
    .where('users.account_type', '=', 'accommodation')
    .orderBy('properties.id')
    .execute();
  const periods = new Map<number, number>();
  const sections = new Map(sectionsOf(services.schemas).map((s) => [s.key, s]));
  let reminded = 0;
  for (const p of props) {
    if (!periods.has(p.account_id)) periods.set(p.account_id, await freshnessDays(db, p.account_id));
    const stale = (await sectionFreshness(services, p.id, periods.get(p.account_id)!, now)).filter((s) => s.stale);
    if (!stale.length) continue;
    const marks = new Map(
      (
        await db
          .selectFrom('fact_confirmations')
          .select(['section', 'reminded_at'])
          .where('property_id', '=', p.id)
          .execute()
      ).map((r) => [r.section, r.reminded_at]),
    );
    const due = stale.filter((s) => {
      const last = marks.get(s.section);
      return !last || last < s.confirmed_at!;
    });
    if (!due.length) continue;
    const told = await db.transaction().execute(async (trx) => {
      const claimed: typeof due = [];
      for (const s of due) {
        await trx
          .insertInto('fact_confirmations')
          .values({ property_id: p.id, section: s.section, confirmed_at: null, confirmed_by: null, reminded_at: null })
          .onConflict((oc) => oc.columns(['property_id', 'section']).doNothing())
          .execute();
        // Conditional on the mark still missing: two overdue runs at once remind of a section once
        // (PostgreSQL re-checks the condition after the other's row lock; SQLite runs one at a time).
        const result = await trx
          .updateTable('fact_confirmations')
          .set({ reminded_at: at })
          .where('property_id', '=', p.id)
          .where('section', '=', s.section)
          .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', s.confirmed_at!)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) claimed.push(s);
      }
      if (!claimed.length) return 0;
      await tell(services, trx, {
        type: 'facts_stale',
        accountId: p.account_id,
        propertyId: p.id,
        message: (lang) =>
          t(lang, 'notification.facts_stale.message', {
            hotel: p.hotel_name,
            sections: claimed
              .map((s) => sectionTitle(sections.get(s.section) ?? s, lang))
              .join(t(lang, 'notification.list.comma')),
            days: periods.get(p.account_id)!,
          }),
        link: `/property/${p.id}/${claimed[0]!.tab ?? 'general'}`,
        extraId: p.id,
      });
      return claimed.length;
    });
    reminded += told;
  }
  return reminded;
}

/** Register the job once per app; each run schedules the next day's. */
export function registerFreshnessJobs(services: Services): void {
  if (services.jobs.has(FRESHNESS_QUEUE)) return;
  services.jobs.register(
    FRESHNESS_QUEUE,
    async () => {
      const reminded = await sendFreshnessReminders(services);
      // Photos whose licence ends soon (issue 40 §3) and certificates ending or ended (issue 40
      // part 2): the same daily run, the same bell.
      const licences = await sendLicenceReminders(services);
      const certificates = await sendCertificateReminders(services);
      await scheduleFreshnessReminders(services, new Date(services.clock.now().getTime() + DAY_MS));
      return { reminded, licences, certificates };
    },
    { maxAttempts: 3 },
  );
}
