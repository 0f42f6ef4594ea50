import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tell } from '../notifications/index.js';
import { t } from '../../i18n/index.js';
import { CERTIFICATE_SECTION, expiryStage } from '../../../shared/sustainability.js';

type Db = Kysely<Database>;

interface Due {
  rowId: number;
  validTo: string;
  stage: 'expiring' | 'expired';
  issuer: string;
}

interface PropertyDue {
  accountId: number;
  hotel: string;
  due: Due[];
}

/** The certificates that end soon or have ended, by property. */
async function dueByProperty(db: Db, today: string): Promise<Map<number, PropertyDue>> {
  const rows = await db
    .selectFrom('fact_rows')
    .innerJoin('properties', 'properties.id', 'fact_rows.property_id')
    .select([
      'fact_rows.id',
      'fact_rows.data',
      'properties.id as property_id',
      'properties.account_id',
      'properties.hotel_name',
    ])
    .where('fact_rows.kind', '=', CERTIFICATE_SECTION)
    .orderBy('properties.id')
    .orderBy('fact_rows.position')
    .execute();
  const byProperty = new Map<number, PropertyDue>();
  for (const r of rows) {
    const data = JSON.parse(r.data) as { certificate_valid_to?: unknown; certificate_issuer?: unknown };
    const stage = expiryStage(data.certificate_valid_to, today);
    if (!stage) continue;
    const entry = byProperty.get(r.property_id) ?? { accountId: r.account_id, hotel: r.hotel_name, due: [] };
    entry.due.push({
      rowId: r.id,
      validTo: String(data.certificate_valid_to),
      stage,
      issuer: String(data.certificate_issuer ?? ''),
    });
    byProperty.set(r.property_id, entry);
  }
  return byProperty;
}

/** Marks each reminder as sent; the mark is the claim: two runs at once remind of a certificate once. */
async function claim(trx: Db, propertyId: number, due: Due[], now: string): Promise<Due[]> {
  const claimed: Due[] = [];
  for (const d of due) {
    const result = await trx
      .insertInto('certificate_reminders')
      .values({ property_id: propertyId, row_id: d.rowId, valid_to: d.validTo, stage: d.stage, reminded_at: now })
      .onConflict((oc) => oc.columns(['row_id', 'valid_to', 'stage']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) claimed.push(d);
  }
  return claimed;
}

/** One notification for the property, naming its certificates by issuer (in the reader's language) and end. */
async function tellDue(services: Services, trx: Db, propertyId: number, p: PropertyDue, claimed: Due[]) {
  const options = services.schemas.bundle.options.find((l) => l.category === 'sustainabilityCertificates');
  const name = (d: Due, lang: string) => {
    const option = options?.options.find((o) => o.value === d.issuer);
    const label = option?.label as Record<string, string> | undefined;
    return `${label?.[lang] ?? label?.en ?? d.issuer} (${d.validTo})`;
  };
  const of = (stage: Due['stage'], lang: Parameters<typeof t>[0]) =>
    claimed
      .filter((d) => d.stage === stage)
      .map((d) => name(d, lang))
      .join(t(lang, 'notification.list.comma'));
  await tell(services, trx, {
    type: 'certificate_expiry',
    accountId: p.accountId,
    propertyId,
    message: (lang) =>
      [
        of('expiring', lang) &&
          t(lang, 'notification.certificate_expiry.expiring', {
            hotel: p.hotel,
            certificates: of('expiring', lang),
          }),
        of('expired', lang) &&
          t(lang, 'notification.certificate_expiry.expired', { hotel: p.hotel, certificates: of('expired', lang) }),
      ]
        .filter(Boolean)
        .join(' '),
    link: `/property/${propertyId}/sustainability`,
    extraId: propertyId,
  });
}

/**
 * Remind each hotel of its sustainability certificates that end within CERTIFICATE_NOTICE_DAYS
 * (60) or have ended: once when a certificate starts ending and once when it has ended, per end
 * date (a renewed certificate, saved with its new end, is reminded of again when that nears). One
 * notification per property and run, naming the certificates. Runs in the daily freshness job.
 * Answers how many certificates were reminded of.
 */
export async function sendCertificateReminders(services: Services): Promise<number> {
  const db = services.db.kysely;
  const now = services.clock.now();
  const byProperty = await dueByProperty(db, now.toISOString().slice(0, 10));
  let reminded = 0;
  for (const [propertyId, p] of byProperty) {
    reminded += await db.transaction().execute(async (trx) => {
      const claimed = await claim(trx, propertyId, p.due, now.toISOString());
      if (!claimed.length) return 0;
      await tellDue(services, trx, propertyId, p, claimed);
      return claimed.length;
    });
  }
  return reminded;
}
