import type { Kysely } from 'kysely';
import { bool, type Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { allowedProperties } from '../auth/index.js';
import { findPreferencesOf } from '../settings/index.js';
import { NOTIFICATION_MAIL_QUEUE } from './mail.js';
import { NOTIFICATION_TYPES, type PreferenceFlag } from './types.js';
import { webhooksOfNotification } from './webhooks.js';
import { t } from '../../i18n/index.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages.js';
import { languagesOf } from './words.js';
import { joinBursts, openBursts } from './bursts.js';
import type { NotificationEvent } from './event.js';

export type { Words } from './words.js';

export type { BurstDetail, NotificationEvent } from './event.js';

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

type Event = Omit<NotificationEvent, 'accountId'>;
type Rule = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];

/** New notifications, one insert for every recipient, each in the recipient's language. */
async function addNotifications(
  trx: Kysely<Database>,
  event: Event,
  users: number[],
  langOf: (userId: number) => Language,
  iso: string,
): Promise<void> {
  if (!users.length) return;
  await trx
    .insertInto('notifications')
    .values(
      users.map((userId) => ({
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

/**
 * The mail of an event to each account (its owner and the preferences' addresses), queued in the
 * transaction, in the owner's language (the preferences' other addresses are the owner's own
 * mailboxes); answers the addresses.
 */
async function queueMails(
  services: Services,
  trx: Kysely<Database>,
  event: Event,
  mailRule: NonNullable<Rule['mail']>,
  accounts: number[],
  prefs: Awaited<ReturnType<typeof preferencesOf>>,
  langOf: (userId: number) => Language,
): Promise<string[]> {
  const mail = event.mail!;
  const owners = new Map(
    (await trx.selectFrom('users').select(['id', 'email']).where('id', 'in', accounts).execute()).map((u) => [
      u.id,
      u.email,
    ]),
  );
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
  const mailed: string[] = [];
  for (const accountId of accounts) {
    const lang = langOf(accountId);
    const addresses = mailAddresses(owners.get(accountId), prefs.get(accountId)!);
    if (!addresses.length) continue;
    await services.jobs.enqueue(trx, {
      queue: NOTIFICATION_MAIL_QUEUE,
      payload: { subject: mail.subject(lang), text: textIn(lang) },
      accountId,
      recipients: addresses.map((address) => ({ address })),
    });
    mailed.push(...addresses);
  }
  return mailed;
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
  event: Event,
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
  const burstOf = await openBursts(trx, rule, event, users, now);
  if (burstOf.size)
    await joinBursts(
      trx,
      [...burstOf].map(([userId, id]) => ({ id, lang: langOf(userId) })),
      event,
      iso,
    );
  await addNotifications(
    trx,
    event,
    users.filter((u) => !burstOf.has(u)),
    langOf,
    iso,
  );
  told.users = users;
  const mailRule = rule.mail;
  if (event.mail && mailRule) {
    // No mail for an account whose people joined a burst already told.
    const mailed = accounts.filter(
      (a) =>
        !(recipients.get(a) ?? []).some((u) => burstOf.has(u)) &&
        (mailRule === 'always' || preferenceOn(services, prefs.get(a)!, mailRule)),
    );
    if (mailed.length) told.mailed = await queueMails(services, trx, event, mailRule, mailed, prefs, langOf);
  }
  await services.live.announce(trx, told.users);
  return told;
}
