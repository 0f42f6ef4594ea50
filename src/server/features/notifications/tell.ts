import type { Kysely } from 'kysely';
import { bool, type Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { allowedProperties } from '../auth/index.js';
import { findPreferencesOf } from '../settings/index.js';
import { NOTIFICATION_MAIL_QUEUE } from './mail.js';
import { NOTIFICATION_TYPES, type NotificationType, type PreferenceFlag } from './types.js';
import { webhooksOfNotification } from './webhooks.js';
import { t } from '../../i18n/index.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages.js';
import { languagesOf, type Words } from './words.js';

export type { Words } from './words.js';

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
  /** One line for the bell, e.g. "Hotel Sol published new facts for Sol Beach" (each recipient's language). */
  message: Words;
  /** The page where it is handled, e.g. /contract-view/12. */
  link: string | null;
  /** The record it is about (a contract, a send...). */
  extraId?: number | null;
  /** The mail of a type that has one (its mail preference decides): subject and the body before the link. */
  mail?: { subject: Words; body: Words };
  /** The person who caused it: not told of their own act. */
  actorUserId?: number | null;
  /**
   * For a coalescing type: what this event is about, item by item (JSON-able), and how a message
   * names a list of them. An event joining a burst then answers the message of the whole burst's
   * items (oldest first), so a coalesced notification names everything of its burst, not only
   * the last event.
   */
  detail?: BurstDetail;
}

export interface BurstDetail {
  items: readonly unknown[];
  message(items: readonly unknown[]): Words;
}

export interface Told {
  /** Users whose bell rang (a new notification or a burst's again). */
  users: number[];
  /** Addresses the mail was queued for. */
  mailed: string[];
}

type Preferences = Record<string, unknown>;

/** Each account's stored preferences ({} for an account that never saved any). */
async function preferencesOf(db: Kysely<Database>, accountIds: readonly number[]): Promise<Map<number, Preferences>> {
  const rows = await findPreferencesOf(db, accountIds);
  return new Map(accountIds.map((id) => [id, rows.has(id) ? (JSON.parse(rows.get(id)!.data) as Preferences) : {}]));
}

/** A preference as stored, else its schema default (a flag added later needs no migration). */
function preferenceOn(services: Services, prefs: Preferences, key: PreferenceFlag): boolean {
  const stored = prefs[key];
  if (typeof stored === 'boolean') return stored;
  const schema = services.schemas.resolved('settings/preferences.schema.json').properties as Record<
    string,
    { default?: unknown }
  >;
  return schema[key]?.default === true;
}

/** The owner's address and the preferences' notification addresses, once each. */
function mailAddresses(ownerEmail: string | undefined, prefs: Preferences): string[] {
  const extra = String(prefs.email_addresses ?? '');
  const all = [ownerEmail ?? '', ...extra.split(/[\s,;]+/)].map((a) => a.trim().toLowerCase()).filter(Boolean);
  return [...new Set(all)];
}

/**
 * Who of each account hears an event: the owner, and active members with the type's flag and the
 * property. Answers the user ids per account (in id order); the accounts are read together.
 */
export async function recipientsOf(
  db: Kysely<Database>,
  event: Pick<NotificationEvent, 'type' | 'propertyId' | 'actorUserId'>,
  accountIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(accountIds.map((id) => [id, []]));
  if (!accountIds.length) return out;
  const rule = NOTIFICATION_TYPES[event.type];
  const users = await db
    .selectFrom('users')
    .select(['id', 'manager_id'])
    .where((eb) => eb.or([eb('id', 'in', [...accountIds]), eb('manager_id', 'in', [...accountIds])]))
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const members = users.filter((u) => u.manager_id !== null).map((u) => u.id);
  const perms = members.length
    ? await db.selectFrom('permissions').selectAll().where('user_id', 'in', members).execute()
    : [];
  const permsOf = new Map(perms.map((p) => [p.user_id, p]));
  const owner = event.propertyId
    ? (await db.selectFrom('properties').select('account_id').where('id', '=', event.propertyId).executeTakeFirst())
        ?.account_id
    : undefined;
  for (const u of users) {
    const accountId = u.manager_id ?? u.id;
    if (u.id === event.actorUserId || !out.has(accountId)) continue;
    if (u.manager_id !== null) {
      // A member without a permissions record holds no flag and no property.
      const p = permsOf.get(u.id);
      if (rule.flag && !bool(p?.[rule.flag])) continue;
      // The hotel's own property: only members allowed it (an operator's members have no property list).
      if (owner === accountId && !allowedProperties(p).includes(event.propertyId!)) continue;
    }
    out.get(accountId)!.push(u.id);
  }
  return out;
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
  const { accountId, ...rest } = event;
  return tellEach(services, trx, [accountId], rest);
}

/**
 * Several accounts told of one event (e.g. every operator contracted for a property), as tell()
 * tells one, in the same few statements whatever their number: preferences, recipients, open
 * bursts read for all at once, the bursts joined by one update and the new notifications added by
 * one insert (a range save told 27 operators in ~160 statements, one account after another).
 */
export async function tellEach(
  services: Services,
  trx: Kysely<Database>,
  accountIds: readonly number[],
  event: Omit<NotificationEvent, 'accountId'>,
): Promise<Told> {
  const accounts = [...new Set(accountIds)];
  const told: Told = { users: [], mailed: [] };
  if (!accounts.length) return told;
  const rule = NOTIFICATION_TYPES[event.type];
  // Webhooks go out whatever the bell preferences say (machines subscribe per endpoint).
  // A webhook's payload is for machines: the English words.
  await webhooksOfNotification(services, trx, accounts, { ...event, message: event.message('en') });
  const prefs = await preferencesOf(trx, accounts);
  const now = services.clock.now();
  const iso = now.toISOString();
  const belled = accounts.filter((a) => rule.bell === null || preferenceOn(services, prefs.get(a)!, rule.bell));
  const recipients = await recipientsOf(trx, event, belled);
  const users = [...recipients.values()].flat();
  const languages = await languagesOf(trx, [...users, ...accounts]);
  const langOf = (userId: number) => languages.get(userId) ?? DEFAULT_LANGUAGE;
  const burstOf = new Map<number, number>();
  if (rule.coalesceMs && users.length) {
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
  }
  if (burstOf.size)
    await joinBursts(
      trx,
      [...burstOf].map(([userId, id]) => ({ id, lang: langOf(userId) })),
      event,
      iso,
    );
  const fresh = users.filter((u) => !burstOf.has(u));
  if (fresh.length) {
    await trx
      .insertInto('notifications')
      .values(
        fresh.map((userId) => ({
          user_id: userId,
          notification_type: event.type,
          message: event.message(langOf(userId)),
          is_read: false,
          extra_id: event.extraId ?? null,
          link: event.link,
          created_at: iso,
          property_id: event.propertyId ?? null,
          window_start: iso,
          burst: event.detail ? JSON.stringify(event.detail.items) : null,
        })),
      )
      .execute();
  }
  told.users = users;
  const mail = event.mail;
  const mailRule = rule.mail;
  // No mail for an account whose people joined a burst already told.
  const mailed =
    mail && mailRule
      ? accounts.filter(
          (a) =>
            !(recipients.get(a) ?? []).some((u) => burstOf.has(u)) &&
            (mailRule === 'always' || preferenceOn(services, prefs.get(a)!, mailRule)),
        )
      : [];
  if (mail && mailRule && mailed.length) {
    const owners = new Map(
      (await trx.selectFrom('users').select(['id', 'email']).where('id', 'in', mailed).execute()).map((u) => [
        u.id,
        u.email,
      ]),
    );
    // In the owner's language: the preferences' other addresses are the owner's own mailboxes.
    const textIn = (lang: Language) => {
      const link = event.link
        ? t(lang, 'mail.notification.link', { url: `${services.config.publicUrl}${event.link}` })
        : '';
      const why =
        mailRule === 'always'
          ? t(lang, 'mail.notification.why_always')
          : mailRule === 'features_offers_mail'
            ? t(lang, 'mail.notification.why_offers')
            : t(lang, 'mail.notification.why_partnership');
      return `${t(lang, 'mail.notification.body', { body: mail.body(lang), link, why })}\n`;
    };
    for (const accountId of mailed) {
      const lang = langOf(accountId);
      const [subject, text] = [mail.subject(lang), textIn(lang)];
      const addresses = mailAddresses(owners.get(accountId), prefs.get(accountId)!);
      if (!addresses.length) continue;
      await services.jobs.enqueue(trx, {
        queue: NOTIFICATION_MAIL_QUEUE,
        payload: { subject, text },
        accountId,
        recipients: addresses.map((address) => ({ address })),
      });
      told.mailed.push(...addresses);
    }
  }
  await services.live.announce(trx, told.users);
  return told;
}

/**
 * The event joins open bursts: each notification takes the event's link and time, counts one
 * more and is unread again. Its message: with a detail, that of the burst's items and the
 * event's (one update per distinct burst, usually one for every recipient); else the event's.
 */
async function joinBursts(
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
