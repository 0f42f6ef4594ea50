import type { MailMessage } from '../../plugins/mail.js';
import type { Services } from '../../services.js';
import { bool } from '../../db/tables.js';
import { notify } from '../notifications/store.js';
import { findPreferences } from '../settings/preferences.js';

/**
 * Telling the other side of a contract what happened: the bell of its owner and of its members
 * with the partner_connections permission (per the owner's notify_partnership_* preferences) and
 * a mail (per partnership_new_mail / partnership_changes_mail) to the owner and the preferences'
 * notification addresses. A new proposal is a "request"; every later move is a "change".
 */
export type Tidings = 'request' | 'change';

export interface PartnerNews {
  /** The account told. */
  accountId: number;
  contractId: number;
  kind: Tidings;
  /** One line for the bell, e.g. "Sol Tours proposed a contract". */
  message: string;
  subject: string;
  /** The mail's body paragraphs before the link. */
  body: string;
}

const PREFERENCE = {
  request: { bell: 'notify_partnership_request', mail: 'partnership_new_mail' },
  change: { bell: 'notify_partnership_changes', mail: 'partnership_changes_mail' },
} as const;

async function preferenceOn(services: Services, accountId: number, key: string): Promise<boolean> {
  const row = await findPreferences(services.db.kysely, accountId);
  const stored = row ? (JSON.parse(row.data) as Record<string, unknown>)[key] : undefined;
  if (typeof stored === 'boolean') return stored;
  const schema = services.schemas.resolved('settings/preferences.schema.json').properties as Record<string, { default?: unknown }>;
  return schema[key]?.default === true;
}

async function notificationAddresses(services: Services, accountId: number): Promise<string[]> {
  const db = services.db.kysely;
  const owner = await db.selectFrom('users').select('email').where('id', '=', accountId).executeTakeFirst();
  const row = await findPreferences(db, accountId);
  const extra = row ? String((JSON.parse(row.data) as Record<string, unknown>).email_addresses ?? '') : '';
  const all = [owner?.email ?? '', ...extra.split(/[\s,;]+/)].map((a) => a.trim().toLowerCase()).filter(Boolean);
  return [...new Set(all)];
}

/** Who hears the bell: the owner, and active members allowed to work on partnerships. */
async function bellRecipients(services: Services, accountId: number): Promise<number[]> {
  const rows = await services.db.kysely
    .selectFrom('users')
    .leftJoin('permissions', 'permissions.user_id', 'users.id')
    .select(['users.id', 'users.manager_id', 'permissions.partner_connections'])
    .where((eb) => eb.or([eb('users.id', '=', accountId), eb('users.manager_id', '=', accountId)]))
    .where('users.is_active', '=', true)
    .execute();
  return rows.filter((r) => r.manager_id === null || bool(r.partner_connections)).map((r) => r.id);
}

/**
 * The one way partnership mail leaves the server. Sending is after the move is committed and
 * never undoes it: a failure is logged. (When the job table lands, this is the one place that
 * enqueues instead of sending.)
 */
export async function sendPartnershipMail(services: Services, message: MailMessage): Promise<void> {
  try {
    await services.mail.send(message);
  } catch (error) {
    services.log.warn({ err: error, to: message.to, subject: message.subject }, 'partnership mail not sent');
  }
}

/** Bell and mail for one move, as the told account's preferences allow. */
export async function tellPartner(services: Services, news: PartnerNews): Promise<void> {
  const pref = PREFERENCE[news.kind];
  const link = `/contract-view/${news.contractId}`;
  if (await preferenceOn(services, news.accountId, pref.bell)) {
    const type = news.kind === 'request' ? 'partnership_request' : 'partnership_change';
    for (const userId of await bellRecipients(services, news.accountId)) await notify(services, userId, { type, message: news.message, link, extraId: news.contractId });
  }
  if (await preferenceOn(services, news.accountId, pref.mail)) {
    const text = `Hello,\n\n${news.body}\n\nOpen the contract in Ananas:\n\n${services.config.publicUrl}${link}\n\nYou receive this mail because partnership mails are on in your preferences (Settings, Mailing details).\n`;
    for (const to of await notificationAddresses(services, news.accountId)) await sendPartnershipMail(services, { to, subject: news.subject, text });
  }
}
