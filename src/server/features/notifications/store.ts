import type { Kysely, Selectable } from 'kysely';
import type { NotificationWire } from '../../../shared/generated/wire-types.js';
import { bool, type Database, type NotificationsTable } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages.js';
import { languagesOf, type Words } from './words.js';

export function toNotificationWire(row: Selectable<NotificationsTable>): NotificationWire {
  return {
    id: row.id,
    user_id: row.user_id,
    notification_type: row.notification_type,
    message: row.message,
    is_read: bool(row.is_read),
    extra_id: row.extra_id,
    link: row.link,
    created_at: row.created_at,
    property: row.property_id,
    count: row.count,
  };
}

export async function listNotifications(services: Services, userId: number): Promise<NotificationWire[]> {
  const rows = await services.db.kysely
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(toNotificationWire);
}

export interface NewNotification {
  type: string;
  /** In the person's own language (their profile's), as tell() words it. */
  message: Words;
  link?: string;
  extraId?: number;
}

/**
 * Ring one person's bell directly (Ananas staff news, premium grants). Events of the product that
 * tell an account go through `tell` (tell.ts): recipients, preferences, bursts and mail.
 */
export async function notify(
  services: Services,
  userId: number,
  n: NewNotification,
  db: Kysely<Database> = services.db.kysely,
): Promise<void> {
  const lang = (await languagesOf(db, [userId])).get(userId) ?? DEFAULT_LANGUAGE;
  await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      notification_type: n.type,
      message: n.message(lang),
      is_read: false,
      extra_id: n.extraId ?? null,
      link: n.link ?? null,
      created_at: services.clock.now().toISOString(),
      property_id: null,
      window_start: null,
    })
    .execute();
  await services.live.announce(db, [userId]);
}

/**
 * Whether anyone was told of this kind of news about this property since `since` (ISO): a daily
 * reminder that runs twice on one day (an overdue run beside the day's own) tells once.
 */
export async function toldSince(
  db: Kysely<Database>,
  type: string,
  propertyId: number,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('notification_type', '=', type)
    .where('property_id', '=', propertyId)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
