import { ApiError, fieldError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { PartnerStopSaleWire } from '../../../shared/generated/wire-types.js';
import { mappingOf } from '../mapping/index.js';
import { rangeChart, MAX_RANGE_DAYS } from '../stop-sale/index.js';
import { propertyOf, type Reach } from './reach.js';
import { warningHeader } from './headers.js';
import { addDays, dayRanges, otaAvailNotif, type RunBounds } from './stop-sale-feeds.js';
import { isCalendarDate } from '../../../shared/formats.js';

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
 * operator's hotel code: one source for the JSON, OTA and iCal answers. A stored day that names
 * no calendar day (never written by the chart's own checks; listed by migration 0038) is left
 * out, with a warning.
 */
export async function partnerChart(
  services: Services,
  r: Reach,
  from: string,
  to: string,
): Promise<{ chart: PartnerStopSaleWire; hotelCode: string | null; warnings: string[] }> {
  const db = services.db.kysely;
  const propertyId = propertyOf(r);
  const [property, mapping] = await Promise.all([
    db.selectFrom('properties').select(['id', 'hotel_name']).where('id', '=', propertyId).executeTakeFirstOrThrow(),
    r.kind === 'operator' ? mappingOf(db, r.access.operatorAccountId, propertyId) : undefined,
  ]);
  const chart = await rangeChart(db, property, from, to, mapping);
  const warnings: string[] = [];
  const rooms = chart.rooms.map((room) => {
    const days = room.days.filter((d) => isCalendarDate(d.date));
    for (const d of room.days)
      if (!days.includes(d)) warnings.push(`Room ${room.id}: day ${d.date} is not a calendar date; left out`);
    return days.length === room.days.length ? room : { ...room, days };
  });
  return { chart: { ...chart, rooms }, hotelCode: mapping?.hotel?.overrideCode ?? null, warnings };
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
  notes: readonly string[] = [],
): { xml: string; warning: string | undefined } {
  const feed = otaAvailNotif(chart, hotelCode);
  const warning = warningHeader([...notes, ...feed.warnings]);
  if (feed.xml === null) {
    const detail = chart.rooms.length
      ? 'No room can be reported: every room code is longer than OTA allows (see the Warning header). Shorten the codes in your mapping.'
      : 'The property has no rooms, and an OTA_HotelAvailNotifRQ reports at least one.';
    throw new ApiError(409, { detail }, warning ? { warning } : {});
  }
  return { xml: feed.xml, warning };
}

/** How far past a window a run is followed, a year at a time: ten years (a room closed for longer is a room closed). */
const LOOK_YEARS = 10;

/**
 * The real first day of the run that opens a room's window and the real last day of the run that
 * closes it, when they are not on Free Sale: the days before `from` (after `to`) in the same
 * state and event code, read from the same chart builder a year at a time, so an iCal event keeps
 * one UID and its true length whatever window a calendar asks.
 */
export async function runBounds(
  services: Services,
  r: Reach,
  chart: PartnerStopSaleWire,
  roomId: number,
): Promise<RunBounds> {
  const room = chart.rooms.find((x) => x.id === roomId);
  if (!room) return {};
  const runs = dayRanges(room, chart.from, chart.to);
  const same = (a: { state: number; eventCode: string | null }, b: { state: number; eventCode: string | null }) =>
    a.state === b.state && a.eventCode === b.eventCode;
  const out: RunBounds = {};
  const head = runs[0];
  if (head && head.state !== 0 && head.from === chart.from) {
    let to = addDays(chart.from, -1);
    for (let n = 0; n < LOOK_YEARS; n++) {
      const from = addDays(to, -365);
      const before = (await partnerChart(services, r, from, to)).chart.rooms.find((x) => x.id === roomId);
      const last = before ? dayRanges(before, from, to).at(-1) : undefined;
      if (!last || !same(last, head)) break;
      out.start = last.from;
      if (last.from !== from) break;
      to = addDays(from, -1);
    }
  }
  const tail = runs.at(-1);
  if (tail && tail.state !== 0 && tail.to === chart.to) {
    let from = addDays(chart.to, 1);
    for (let n = 0; n < LOOK_YEARS; n++) {
      const to = addDays(from, 365);
      const after = (await partnerChart(services, r, from, to)).chart.rooms.find((x) => x.id === roomId);
      const next = after ? dayRanges(after, from, to)[0] : undefined;
      if (!next || !same(next, tail)) break;
      out.end = next.to;
      if (next.to !== to) break;
      from = addDays(to, 1);
    }
  }
  return out;
}
