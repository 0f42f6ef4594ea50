import type { Kysely } from 'kysely';
import { bool, type Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { allowedProperties } from '../auth/permissions-store.js';
import { findPreferences } from '../settings/preferences.js';
import { NOTIFICATION_MAIL_QUEUE } from './mail.js';
import { NOTIFICATION_TYPES, type NotificationType, type PreferenceFlag } from './types.js';
import { webhooksOfNotification } from '../devtools/notification-hooks.js';

/**
 * One event, told to one account. Features call `tell(services, trx, event)` inside the
 * transaction of the change it reports, so the notification, its mail and its live signal exist
 * exactly when the change does.
 */
export interface NotificationEvent {
  /** What happened (types.ts: who hears it, which preferences apply, how bursts merge). */
  type: NotificationType;
  /** The account told: its owner's user id. Its owner and the members the type concerns are told. */
  accountId: number;
  /**
   * The property the event is about. Members of the told account who are not allowed this
   * property (when it is the account's own) are not told; a burst is per property.
   */
  propertyId?: number | null;
  /** One line for the bell, e.g. "Hotel Sol published new facts for Sol Beach". */
  message: string;
  /** The page where it is handled, e.g. /contract-view/12. */
  link: string | null;
  /** The record it is about (a contract, a send...). */
  extraId?: number | null;
  /** The mail of a type that has one (its mail preference decides): subject and the body before the link. */
  mail?: { subject: string; body: string };
  /** The person who caused it: not told of their own act. */
  actorUserId?: number | null;
}

export interface Told {
  /** Users whose bell rang (a new notification or a burst's again). */
  users: number[];
  /** Addresses the mail was queued for. */
  mailed: string[];
}

type Preferences = Record<string, unknown>;

async function preferencesOf(db: Kysely<Database>, accountId: number): Promise<Preferences> {
  const row = await findPreferences(db, accountId);
  return row ? (JSON.parse(row.data) as Preferences) : {};
}

/** A preference as stored, else its schema default (a flag added later needs no migration). */
function preferenceOn(services: Services, prefs: Preferences, key: PreferenceFlag): boolean {
  const stored = prefs[key];
  if (typeof stored === 'boolean') return stored;
  const schema = services.schemas.resolved('settings/preferences.schema.json').properties as Record<string, { default?: unknown }>;
  return schema[key]?.default === true;
}

/** The owner's address and the preferences' notification addresses, once each. */
async function mailAddresses(db: Kysely<Database>, accountId: number, prefs: Preferences): Promise<string[]> {
  const owner = await db.selectFrom('users').select('email').where('id', '=', accountId).executeTakeFirst();
  const extra = String(prefs.email_addresses ?? '');
  const all = [owner?.email ?? '', ...extra.split(/[\s,;]+/)].map((a) => a.trim().toLowerCase()).filter(Boolean);
  return [...new Set(all)];
}

/** Who of the account hears an event: the owner, and active members with the type's flag and the property. */
export async function recipientsOf(db: Kysely<Database>, event: Pick<NotificationEvent, 'type' | 'accountId' | 'propertyId' | 'actorUserId'>): Promise<number[]> {
  const rule = NOTIFICATION_TYPES[event.type];
  const users = await db
    .selectFrom('users')
    .select(['id', 'manager_id'])
    .where((eb) => eb.or([eb('id', '=', event.accountId), eb('manager_id', '=', event.accountId)]))
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const members = users.filter((u) => u.manager_id !== null).map((u) => u.id);
  const perms = members.length ? await db.selectFrom('permissions').selectAll().where('user_id', 'in', members).execute() : [];
  const permsOf = new Map(perms.map((p) => [p.user_id, p]));
  let ownProperty = false;
  if (event.propertyId) {
    const p = await db.selectFrom('properties').select('account_id').where('id', '=', event.propertyId).executeTakeFirst();
    ownProperty = p?.account_id === event.accountId;
  }
  return users
    .filter((u) => {
      if (u.id === event.actorUserId) return false;
      if (u.manager_id === null) return true;
      // A member without a permissions record holds no flag and no property.
      const p = permsOf.get(u.id);
      if (rule.flag && !bool(p?.[rule.flag])) return false;
      // The hotel's own property: only members allowed it (an operator's members have no property list).
      return !ownProperty || allowedProperties(p).includes(event.propertyId!);
    })
    .map((u) => u.id);
}

/**
 * Tell an account of an event, inside the caller's transaction:
 * 1. the bell of each recipient (recipientsOf), when the account's bell preference for the type
 *    is on; an event of a coalescing type joins the recipient's notification of the same type and
 *    property opened within the type's window (message and time are the latest, count grows, it is
 *    unread again) instead of adding one;
 * 2. a mail (job queue: sent after commit, retried, never undoing the change) to the owner and the
 *    preferences' addresses, when the type has a mail preference and it is on, and the event did
 *    not join a burst already told;
 * 3. a live signal to the recipients' open streams (delivered on commit).
 */
export async function tell(services: Services, trx: Kysely<Database>, event: NotificationEvent): Promise<Told> {
  const rule = NOTIFICATION_TYPES[event.type];
  // Webhooks go out whatever the bell preferences say (machines subscribe per endpoint).
  await webhooksOfNotification(services, trx, event);
  const prefs = await preferencesOf(trx, event.accountId);
  const now = services.clock.now();
  const iso = now.toISOString();
  const told: Told = { users: [], mailed: [] };
  let joinedBurst = false;
  if (rule.bell === null || preferenceOn(services, prefs, rule.bell)) {
    const since = new Date(now.getTime() - rule.coalesceMs).toISOString();
    for (const userId of await recipientsOf(trx, event)) {
      const burst = rule.coalesceMs
        ? await trx
            .selectFrom('notifications')
            .select('id')
            .where('user_id', '=', userId)
            .where('notification_type', '=', event.type)
            .where((eb) => (event.propertyId ? eb('property_id', '=', event.propertyId) : eb('property_id', 'is', null)))
            .where('window_start', '>=', since)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
      if (burst) {
        joinedBurst = true;
        await trx
          .updateTable('notifications')
          .set((eb) => ({ message: event.message, link: event.link, extra_id: event.extraId ?? null, created_at: iso, is_read: false, count: eb('count', '+', 1) }))
          .where('id', '=', burst.id)
          .execute();
      } else {
        await trx
          .insertInto('notifications')
          .values({
            user_id: userId,
            notification_type: event.type,
            message: event.message,
            is_read: false,
            extra_id: event.extraId ?? null,
            link: event.link,
            created_at: iso,
            property_id: event.propertyId ?? null,
            window_start: iso,
          })
          .execute();
      }
      told.users.push(userId);
    }
  }
  if (rule.mail && event.mail && !joinedBurst && (rule.mail === 'always' || preferenceOn(services, prefs, rule.mail))) {
    const addresses = await mailAddresses(trx, event.accountId, prefs);
    if (addresses.length) {
      const link = event.link ? `\n\nOpen it in Ananas:\n\n${services.config.publicUrl}${event.link}` : '';
      const why =
        rule.mail === 'always'
          ? 'something of your account stopped working and needs you.'
          : `${rule.mail === 'features_offers_mail' ? 'mails about new features and offers' : 'partnership mails'} are on in your preferences (Settings, Mailing details).`;
      const text = `Hello,\n\n${event.mail.body}${link}\n\nYou receive this mail because ${why}\n`;
      await services.jobs.enqueue(trx, {
        queue: NOTIFICATION_MAIL_QUEUE,
        payload: { subject: event.mail.subject, text },
        accountId: event.accountId,
        recipients: addresses.map((address) => ({ address })),
      });
      told.mailed = addresses;
    }
  }
  await services.live.announce(trx, told.users);
  return told;
}

/** Several accounts told of one event (e.g. every operator contracted for a property). */
export async function tellEach(services: Services, trx: Kysely<Database>, accountIds: readonly number[], event: Omit<NotificationEvent, 'accountId'>): Promise<void> {
  for (const accountId of new Set(accountIds)) await tell(services, trx, { ...event, accountId });
}
