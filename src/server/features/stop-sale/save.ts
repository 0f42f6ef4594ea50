import { ApiError, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { tellContractedOperators } from '../partners/index.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { lockProperty, requireProperty, type PropertyRow } from '../properties/index.js';
import { dayNumber, dayRanges, windowOf } from './dates.js';
import { syncsStopSale } from './chart.js';
import { writeStopSaleDays, type DayWrite } from './store.js';
import { stateLabels } from './chart-pdf.js';
import { roomNames, roomProperties } from '../facts/index.js';
import { t } from '../../i18n/index.js';
import { localDigits } from '../../../shared/i18n/format.js';
import type { Language } from '../../../shared/i18n/languages.js';

/** One day of a change as a burst keeps it (notifications.burst): the room's name at the time, the state set. */
type BurstDay = [roomId: number, name: string, date: string, color: DayWrite['color']];

/** The property every room belongs to, checked visible to the caller; 404 for a room of another property. */
export async function propertyOfRooms(
  services: Services,
  auth: AuthContext,
  roomIds: readonly number[],
  hotel?: number,
): Promise<PropertyRow> {
  const owners = await roomProperties(services.db.kysely, roomIds);
  const ids = new Set(owners.values());
  if (hotel !== undefined) ids.add(hotel);
  if (owners.size !== new Set(roomIds).size || ids.size !== 1) throw notFound();
  return requireProperty(services, auth, [...ids][0]!);
}

/** Every date of the writes is a calendar date inside the window; else 400 naming each bad one. */
export function checkWrites(
  services: Services,
  writes: ReadonlyArray<DayWrite & { path: Array<string | number> }>,
): void {
  const w = windowOf(services.clock.now());
  const errors: Record<string, unknown> = {};
  for (const write of writes) {
    const bad =
      dayNumber(write.date) === undefined
        ? `${write.date} is not a calendar date (YYYY-MM-DD).`
        : write.date < w.from || write.date > w.to
          ? `${write.date} is outside the stop-sale window (${w.from} to ${w.to}).`
          : null;
    if (!bad) continue;
    let node = errors;
    for (const key of write.path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[write.path[write.path.length - 1]!] = [bad];
  }
  if (Object.keys(errors).length) throw new ApiError(400, errors as never);
}

/**
 * Write the days of one property in one transaction (all or nothing), record what changed in the
 * audit trail and tell the operators whose contract syncs stop-sale which rooms and days changed,
 * in the same transaction.
 */
export async function applyWrites(
  services: Services,
  auth: AuthContext,
  ip: string,
  property: PropertyRow,
  writes: readonly DayWrite[],
): Promise<DayWrite[]> {
  const now = services.clock.now().toISOString();
  const names = new Map<number, string>();
  return services.db.kysely.transaction().execute(async (trx) => {
    await lockProperty(services, trx, property.id);
    const changed = await writeStopSaleDays(trx, property.id, writes, auth.user.id, now);
    if (changed.length) {
      for (const [id, name] of await roomNames(
        trx,
        changed.map((c) => c.roomId),
      ))
        if (name) names.set(id, name);
      const message = (lang: Language) => changeMessage(services, lang, property.hotel_name, changed, names);
      // A burst of saves is one notification naming every room and day of the burst (last state of each day).
      const detail = {
        items: changed.map((c): BurstDay => [c.roomId, names.get(c.roomId) ?? '', c.date, c.color]),
        message: (items: readonly unknown[]) => (lang: Language) =>
          burstMessage(services, lang, property.hotel_name, items as BurstDay[]),
      };
      await recordAudit(
        services,
        actorOf(auth, ip),
        {
          kind: 'stop-sale',
          action: 'update',
          propertyId: property.id,
          subject: 'property',
          subjectId: property.id,
          // The audit trail is written once, in English (its summaries are English throughout).
          summary: message('en'),
        },
        trx,
      );
      await tellContractedOperators(
        services,
        trx,
        {
          type: 'stop_sale_changed',
          propertyId: property.id,
          message,
          link: `/fact-sheet/${property.id}?tab=availability`,
          extraId: property.id,
          actorUserId: auth.user.id,
          detail,
        },
        (terms) => syncsStopSale(terms.to_sync_ss),
      );
    }
    return changed;
  });
}

/**
 * "Sol Beach stop-sale: Double 2026-03-01 to 2026-03-07 Stop Sale; Suite 2026-03-02 cleared" in
 * `lang`: every room (a notification names them all), its days as ISO dates in the language's
 * digits (a burst names many ranges: the short form every reader of a chart knows), its state as
 * the chart names it.
 */
export function changeMessage(
  services: Services,
  lang: Language,
  hotelName: string,
  changed: readonly DayWrite[],
  names: ReadonlyMap<number, string>,
): string {
  const groups = new Map<string, { roomId: number; color: DayWrite['color']; days: number[] }>();
  for (const c of changed) {
    const key = `${c.roomId}|${c.color}`;
    (groups.get(key) ?? groups.set(key, { roomId: c.roomId, color: c.color, days: [] }).get(key)!).days.push(
      dayNumber(c.date)!,
    );
  }
  const states = stateLabels(services, lang);
  const day = (date: string) => localDigits(lang, date);
  const parts = [...groups.values()].map((g) => {
    const ranges = dayRanges(g.days).map((r) =>
      r.from === r.to
        ? day(r.from)
        : t(lang, 'notification.stop_sale_changed.range', { from: day(r.from), to: day(r.to) }),
    );
    return t(lang, 'notification.stop_sale_changed.room', {
      room:
        names.get(g.roomId) ||
        t(lang, 'notification.stop_sale_changed.unnamed_room', { id: localDigits(lang, String(g.roomId)) }),
      days: ranges.join(t(lang, 'notification.list.comma')),
      state: g.color === null ? t(lang, 'notification.stop_sale_changed.cleared') : states[g.color]!,
    });
  });
  return t(lang, 'notification.stop_sale_changed.message', {
    hotel: hotelName,
    changes: parts.join(t(lang, 'notification.list.semicolon')),
  });
}

/** The message of a whole burst in `lang`: every room and day it touched, each day in the state it was left in. */
export function burstMessage(
  services: Services,
  lang: Language,
  hotelName: string,
  items: readonly BurstDay[],
): string {
  const last = new Map<string, DayWrite>();
  const names = new Map<number, string>();
  for (const [roomId, name, date, color] of items) {
    last.set(`${roomId}|${date}`, { roomId, date, color });
    if (name) names.set(roomId, name);
  }
  return changeMessage(services, lang, hotelName, [...last.values()], names);
}
