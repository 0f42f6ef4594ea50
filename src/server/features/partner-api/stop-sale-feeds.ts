import ical from 'ical-generator';
import type { PartnerStopSaleWire } from '../../../shared/generated/wire-types.js';
import { OTA_STATUSES, type OtaAvailabilityStatus } from '../../../shared/stop-sale-states.js';
import { STOP_SALE_STATES } from '../stop-sale/index.js';
import { codeLeftOut, fitText, OTA_NS, otaBuilder, usableCode } from './ota-xml.js';

type Room = PartnerStopSaleWire['rooms'][number];

/** A run of consecutive days of one room in one state (to inclusive). */
export interface DayRange {
  from: string;
  to: string;
  state: number;
  eventCode: string | null;
}

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const nextDay = (date: string): string => addDays(date, 1);

/**
 * The room's days from..to as runs of one state; days without a row are Free Sale (0), so the
 * runs cover the whole range and a partner can overwrite its copy of it.
 */
export function dayRanges(room: Room, from: string, to: string): DayRange[] {
  const byDate = new Map(room.days.map((d) => [d.date, d]));
  const out: DayRange[] = [];
  for (let date = from; date <= to; date = nextDay(date)) {
    const d = byDate.get(date);
    const state = d?.state ?? 0;
    const eventCode = d?.event_code ?? null;
    const last = out.at(-1);
    if (last && last.state === state && last.eventCode === eventCode) last.to = date;
    else out.push({ from: date, to: date, state, eventCode });
  }
  return out;
}

/**
 * OTA AvailabilityStatusType per state (each state's otaStatus in the event schema): Free and Open
 * Sale sell, Stop Sale and Blocked do not.
 */
const OTA_STATUS: readonly OtaAvailabilityStatus[] = OTA_STATUSES;

/** The feed, or null when no room is left to report (an AvailStatusMessages needs one message), and what was left out and why. */
export interface AvailNotif {
  xml: string | null;
  /** One sentence per code left out (ASCII, for a Warning header). */
  warnings: string[];
}

/**
 * The chart as OTA_HotelAvailNotifRQ: one AvailStatusMessage per room and run of days with the
 * same OTA status (adjacent states that map to one status are merged). Built in the schema's
 * element order (xs:sequence). No TimeStamp: the document depends on the chart only, so its ETag
 * changes exactly when the chart does. Valid against the official 2015A schema for any input: an
 * operator's code OTA cannot carry is never cut or cleaned (a receiver would match another hotel
 * or room) but left out with a warning (the hotel's HotelCode, a room with all its messages); the
 * name is cut to HotelName's 128 characters.
 */
export function otaAvailNotif(chart: PartnerStopSaleWire, hotelCode: string | null): AvailNotif {
  const warnings: string[] = [];
  if (hotelCode !== null && !usableCode(hotelCode)) warnings.push(codeLeftOut('HotelCode (your hotel code)'));
  const code = hotelCode === null ? String(chart.id) : usableCode(hotelCode) ? hotelCode : undefined;
  const messages = chart.rooms.flatMap((room) => {
    if (room.code !== null && !usableCode(room.code)) {
      warnings.push(codeLeftOut(`Room ${room.id}`));
      return [];
    }
    const runs: {
      from: string;
      to: string;
      status: OtaAvailabilityStatus;
    }[] = [];
    for (const r of dayRanges(room, chart.from, chart.to)) {
      const status = OTA_STATUS[r.state] ?? 'Open';
      const last = runs.at(-1);
      if (last && last.status === status) last.to = r.to;
      else runs.push({ from: r.from, to: r.to, status });
    }
    return runs.map((r) => ({
      StatusApplicationControl: {
        '@_Start': r.from,
        '@_End': r.to,
        '@_InvCode': room.code ?? String(room.id),
      },
      RestrictionStatus: { '@_Status': r.status },
    }));
  });
  if (!messages.length) return { xml: null, warnings };
  const name = fitText(chart.hotel_name, 128);
  const xml = otaBuilder().build({
    OTA_HotelAvailNotifRQ: {
      '@_xmlns': OTA_NS,
      '@_Version': '1.000',
      AvailStatusMessages: {
        ...(code === undefined ? {} : { '@_HotelCode': code }),
        ...(name === undefined ? {} : { '@_HotelName': name }),
        AvailStatusMessage: messages,
      },
    },
  }) as string;
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`, warnings };
}

// Every line break a hotel could type (CR, LF, CRLF, VT, FF, NEL, LS, PS) is one newline, and
// other control characters go: a bare CR left in a value could end an iCal line for some readers.
const icalText = (s: string): string =>
  // eslint-disable-next-line no-control-regex
  s.replace(/\r\n|[\r\n\u000b\u000c\u0085\u2028\u2029]/g, '\n').replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, '');
/**
 * A TEXT value escaped per RFC 5545 §3.3.11 (backslash, semicolon, comma, newline), for the
 * calendar's NAME and X-WR-CALNAME, which ical-generator writes as given (SUMMARY, DESCRIPTION and
 * X- values it escapes itself, so they get icalText only). Lines are folded at 75 octets by it.
 */
const icalEscaped = (s: string): string =>
  icalText(s)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');

/** Where the runs a window cuts really begin and end: the first run's first day, the last run's last day. */
export interface RunBounds {
  start?: string;
  end?: string;
}

/**
 * A room's calendar: one all-day event per run of days not on Free Sale (DTEND exclusive, as RFC
 * 5545 has it). A run the window cuts is the whole run (`bounds`: its real first and last day,
 * found past the window), so its UID, hotel-room-first day, is one whatever window is asked and
 * a subscribed calendar updates an event instead of replacing it each day. DTSTAMP is the
 * range's first day, not the clock, so an unchanged chart keeps its ETag. The body ends with
 * CRLF, as every content line does (RFC 5545 §3.4).
 */
export function roomCalendar(chart: PartnerStopSaleWire, room: Room, host: string, bounds: RunBounds = {}): string {
  const cal = ical({
    prodId: { company: 'Ananas', product: 'Stop sale', language: 'EN' },
    name: icalEscaped(`${chart.hotel_name} — ${room.room_name}`),
  });
  for (const r of dayRanges(room, chart.from, chart.to)) {
    if (r.state === 0) continue;
    const name = STOP_SALE_STATES[r.state];
    const code = r.eventCode === null ? null : icalText(r.eventCode);
    const first = r.from === chart.from && bounds.start ? bounds.start : r.from;
    const last = r.to === chart.to && bounds.end ? bounds.end : r.to;
    cal.createEvent({
      id: `${chart.id}-${room.id}-${first}@${host}`,
      start: first,
      end: nextDay(last),
      allDay: true,
      stamp: new Date(`${chart.from}T00:00:00Z`),
      summary: code ? `${name} (${code})` : name,
      description: [
        `state: ${r.state} ${name}`,
        code ? `event code: ${code}` : null,
        room.code ? `room code: ${icalText(room.code)}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      x: [
        { key: 'X-ANANAS-STATE', value: String(r.state) },
        ...(code ? [{ key: 'X-ANANAS-EVENT-CODE', value: code }] : []),
      ],
    });
  }
  const body = cal.toString();
  return body.endsWith('\r\n') ? body : `${body}\r\n`;
}
