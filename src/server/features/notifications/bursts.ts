import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages.js';
import type { NotificationEvent } from './event.js';
import type { NOTIFICATION_TYPES } from './types.js';

type Event = Omit<NotificationEvent, 'accountId'>;
type Rule = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];

/*
 * A coalescing notification type's bursts: an event of the type for the same property within the
 * type's window joins the recipient's open notification (message and time the latest, the count
 * grows, unread again) instead of adding one.
 */

/**
 * Each recipient's open notification of the event's type and property within the type's window
 * (a coalescing type's burst), by user.
 */
export async function openBursts(
  trx: Kysely<Database>,
  rule: Rule,
  event: Event,
  users: number[],
  now: Date,
): Promise<Map<number, number>> {
  const burstOf = new Map<number, number>();
  if (!rule.coalesceMs || !users.length) return burstOf;
  const since = new Date(now.getTime() - rule.coalesceMs).toISOString();
  const open = await trx
    .selectFrom('notifications')
    .select(['user_id', (eb) => eb.fn.max('id').as('id')])
    .where('user_id', 'in', users)
    .where('notification_type', '=', event.type)
    .where((eb) => (event.propertyId ? eb('property_id', '=', event.propertyId) : eb('property_id', 'is', null)))
    .where('window_start', '>=', since)
    .groupBy('user_id')
    .execute();
  for (const b of open) burstOf.set(b.user_id, Number(b.id));
  return burstOf;
}

/**
 * The event joins open bursts: each notification takes the event's link and time, counts one
 * more and is unread again. Its message: with a detail, that of the burst's items and the
 * event's (one update per distinct burst, usually one for every recipient); else the event's.
 */
export async function joinBursts(
  trx: Kysely<Database>,
  bursts: { id: number; lang: Language }[],
  event: Omit<NotificationEvent, 'accountId'>,
  iso: string,
): Promise<void> {
  const common = { link: event.link, extra_id: event.extraId ?? null, created_at: iso, is_read: false };
  const detail = event.detail;
  const langOf = new Map(bursts.map((b) => [b.id, b.lang]));
  if (!detail) {
    // One update per language of the recipients (usually one).
    for (const lang of new Set(langOf.values())) {
      const ids = bursts.filter((b) => b.lang === lang).map((b) => b.id);
      await trx
        .updateTable('notifications')
        .set((eb) => ({ ...common, message: event.message(lang), count: eb('count', '+', 1) }))
        .where('id', 'in', ids)
        .execute();
    }
    return;
  }
  const ids = bursts.map((b) => b.id);
  const rows = await trx.selectFrom('notifications').select(['id', 'burst']).where('id', 'in', ids).execute();
  const groups = new Map<string, { burst: string | null; lang: Language; ids: number[] }>();
  for (const r of rows) {
    const lang = langOf.get(r.id) ?? DEFAULT_LANGUAGE;
    const key = `${lang}\u0000${r.burst ?? ''}`;
    const group = groups.get(key) ?? groups.set(key, { burst: r.burst, lang, ids: [] }).get(key)!;
    group.ids.push(r.id);
  }
  for (const { burst, lang, ids: members } of groups.values()) {
    // A burst opened before details were kept knows only its last message: it starts from this event.
    const items = [...(burst ? (JSON.parse(burst) as unknown[]) : []), ...detail.items];
    await trx
      .updateTable('notifications')
      .set((eb) => ({
        ...common,
        message: detail.message(items)(lang),
        burst: JSON.stringify(items),
        count: eb('count', '+', 1),
      }))
      .where('id', 'in', members)
      .execute();
  }
}
