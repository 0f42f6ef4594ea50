import { ApiError, fieldError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { PartnerStopSaleWire } from '../../../shared/generated/wire-types.js';
import { mappingOf } from '../mapping/index.js';
import { rangeChart, MAX_RANGE_DAYS } from '../stop-sale/index.js';
import { propertyOf, type Reach } from './reach.js';
import { warningHeader } from './headers.js';
import { otaAvailNotif } from './stop-sale-feeds.js';

/** The iCal feed's default range after today: a calendar subscribes once and polls. */
const FEED_DAYS = 365;

/** The iCal feed's range: the one asked, else today and the next FEED_DAYS days. */
export function feedRange(
  today: string,
  from: string | undefined,
  to: string | undefined,
): { from: string; to: string } {
  const start = from ?? today;
  return {
    from: start,
    to: to ?? new Date(Date.parse(`${start}T00:00:00Z`) + FEED_DAYS * 86_400_000).toISOString().slice(0, 10),
  };
}

/**
 * The stop-sale chart as the key's account sees it (stop-sale's one chart builder), and the
 * operator's hotel code: one source for the JSON, OTA and iCal answers.
 */
export async function partnerChart(
  services: Services,
  r: Reach,
  from: string,
  to: string,
): Promise<{ chart: PartnerStopSaleWire; hotelCode: string | null }> {
  const db = services.db.kysely;
  const propertyId = propertyOf(r);
  const [property, mapping] = await Promise.all([
    db.selectFrom('properties').select(['id', 'hotel_name']).where('id', '=', propertyId).executeTakeFirstOrThrow(),
    r.kind === 'operator' ? mappingOf(db, r.access.operatorAccountId, propertyId) : undefined,
  ]);
  const chart = await rangeChart(db, property, from, to, mapping);
  return { chart, hotelCode: mapping?.hotel?.overrideCode ?? null };
}

/** A range of at most MAX_RANGE_DAYS days, its last day not before its first (400 on `to` otherwise). */
export function checkRange(from: string, to: string): void {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!(span >= 0)) throw fieldError('to', 'The last day must not be before the first.');
  if (span > MAX_RANGE_DAYS) throw fieldError('to', `At most ${MAX_RANGE_DAYS} days at once.`);
}

/**
 * GET api/v1/properties/{id}/stop-sale/ota/: the chart as OTA_HotelAvailNotifRQ and the Warning
 * header naming what was left out; 409 (with that header) when no room is left to report.
 */
export function availFeed(
  chart: PartnerStopSaleWire,
  hotelCode: string | null,
): { xml: string; warning: string | undefined } {
  const feed = otaAvailNotif(chart, hotelCode);
  const warning = warningHeader(feed.warnings);
  if (feed.xml === null) {
    const detail = chart.rooms.length
      ? 'No room can be reported: every room code is longer than OTA allows (see the Warning header). Shorten the codes in your mapping.'
      : 'The property has no rooms, and an OTA_HotelAvailNotifRQ reports at least one.';
    throw new ApiError(409, { detail }, warning ? { warning } : {});
  }
  return { xml: feed.xml, warning };
}
