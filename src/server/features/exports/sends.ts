import type { Kysely, Transaction } from 'kysely';
import type { ExportSendWire } from '../../../shared/generated/wire-types.js';
import type { Database } from '../../db/tables.js';
import { ApiError, badRequest, conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { sha256 } from '../auth/index.js';
import type { PropertyRow } from '../properties/index.js';
import { accountList } from '../settings/index.js';
import type { SheetChoice } from './sheet-source.js';
import { formatMonth } from '../../../shared/i18n/format.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { leaving, listPhotos } from '../photos/index.js';
import { sendWires } from './send-wires.js';

export { maskEmail, sendWires } from './send-wires.js';

export type SendKind = 'facts' | 'photos' | 'availability';

/** Job queues of the export centre (other features register their own names). */
export const SEND_QUEUES: Record<SendKind, string> = {
  facts: 'exports.send-facts',
  photos: 'exports.send-photos',
  availability: 'exports.send-availability',
};
/** How long a mailed photo link works. */
export const PHOTO_LINK_DAYS = 7;
export const SELECT_GROUP = 'Please Select Group Mail';
export const NOT_PUBLISHED = 'Accommodation not published for live view';
const MAX_ID = 2_147_483_647;

/** The {group} of a send call: a group of the caller's account; "no group chosen" is the spec's message. */
export async function groupOf(db: Kysely<Database>, auth: AuthContext, raw: string) {
  const value = raw.trim().toLowerCase();
  if (['', '0', 'null', 'undefined', 'none', 'nan', 'false'].includes(value) || /^0+$/.test(value))
    throw badRequest(SELECT_GROUP);
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw notFound();
  return accountList(db, auth, Number(value));
}

export interface SendRequest {
  kind: SendKind;
  property: PropertyRow;
  group: string;
  language: Language;
  /** Fact sheets only. */
  layout?: SheetChoice['layout'];
  /** Availability charts only: the month (YYYY-MM-01). */
  month?: string;
}

/** The group's contacts, once the send is possible at all: contacts, a published sheet, photos that may leave. */
async function sendContacts(services: Services, req: SendRequest, group: { id: number; name: string }) {
  const db = services.db.kysely;
  const contacts = await db
    .selectFrom('mailing_contacts')
    .select(['id', 'name', 'email_address'])
    .where('mailing_list_id', '=', group.id)
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (!contacts.length) throw badRequest(`The mailing group "${group.name}" has no contacts yet.`);
  if (req.kind === 'facts' && !req.property.publish_date) throw conflict(NOT_PUBLISHED);
  if (req.kind === 'photos') {
    const passable = leaving(services, await listPhotos(db, req.property.id));
    if (!passable.length) throw conflict('This property has no photos that may be passed on to send yet.');
  }
  return contacts;
}

/** A new send's history row and its audit entry, in the send's transaction. */
async function recordSend(
  services: Services,
  trx: Transaction<Database>,
  send: {
    auth: AuthContext;
    ip: string;
    req: SendRequest;
    group: { id: number; name: string };
    jobId: number;
    layout: string | null;
    contacts: number;
  },
) {
  const { auth, req, group } = send;
  const row = await trx
    .insertInto('export_sends')
    .values({
      job_id: send.jobId,
      account_id: auth.accountId,
      property_id: req.property.id,
      kind: req.kind,
      group_id: group.id,
      group_name: group.name,
      layout: send.layout,
      language: req.language,
      options: JSON.stringify(req.month ? { month: req.month } : {}),
      created_by: auth.user.id,
      created_by_email: auth.user.email,
      created_at: services.clock.now().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const what =
    req.kind === 'facts'
      ? 'the fact sheet'
      : req.kind === 'photos'
        ? 'the photos'
        : `the availability chart of ${formatMonth('en', req.month ?? '')}`;
  await recordAudit(
    services,
    actorOf(auth, send.ip),
    {
      kind: 'exports',
      action: 'send',
      propertyId: req.property.id,
      subject: `send-${req.kind}`,
      subjectId: row.id,
      summary: `Sent ${what} of "${req.property.hotel_name}" to mailing group "${group.name}" (${send.contacts} contact${send.contacts === 1 ? '' : 's'})`,
    },
    trx,
  );
  return row;
}

/**
 * Accept a send: check the group (with contacts) and the property, then create the job (one
 * delivery record per contact), the send's history row and its audit entry in one transaction.
 * The same send asked again while the first is still going answers the first.
 */
export async function createSend(
  services: Services,
  auth: AuthContext,
  ip: string,
  req: SendRequest,
): Promise<ExportSendWire> {
  const db = services.db.kysely;
  const group = await groupOf(db, auth, req.group);
  const contacts = await sendContacts(services, req, group);
  const layout = req.kind === 'facts' ? (req.layout ?? '') : null;
  const result = await db.transaction().execute(async (trx) => {
    const job = await services.jobs.enqueue(trx, {
      queue: SEND_QUEUES[req.kind],
      payload: { kind: req.kind },
      accountId: auth.accountId,
      dedupeKey: `send:${req.kind}:${req.property.id}:${group.id}:${layout ?? '-'}:${req.language}${req.month ? `:${req.month}` : ''}`,
      dedupeWhileActive: true,
      recipients: contacts.map((c) => ({ address: c.email_address, name: c.name, refId: c.id })),
    });
    if (!job.created) {
      const existing = await trx
        .selectFrom('export_sends')
        .selectAll()
        .where('job_id', '=', job.id)
        .executeTakeFirstOrThrow();
      return { row: existing, created: false };
    }
    const row = await recordSend(services, trx, {
      auth,
      ip,
      req,
      group,
      jobId: job.id,
      layout,
      contacts: contacts.length,
    });
    return { row, created: true };
  });
  const detail = result.created
    ? `Sending to ${contacts.length} contact${contacts.length === 1 ? '' : 's'} of "${group.name}".`
    : 'This send is already on its way.';
  return (await sendWires(services, auth, [result.row], detail))[0]!;
}

/** Send again to whom a finished send did not reach (in one transaction with its audit entry). */
export async function retrySend(
  services: Services,
  auth: AuthContext,
  ip: string,
  sendId: number,
): Promise<ExportSendWire> {
  const db = services.db.kysely;
  const row = await db
    .selectFrom('export_sends')
    .selectAll()
    .where('id', '=', sendId)
    .where('account_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!row || (auth.properties !== 'all' && !auth.properties.includes(row.property_id))) throw notFound();
  const job = await services.jobs.get(db, row.job_id);
  if (job && (job.state === 'queued' || job.state === 'running'))
    throw conflict('This send is still going; wait until it has finished.');
  const retried = await db.transaction().execute(async (trx) => {
    if (!(await services.jobs.retryFailed(trx, row.job_id))) return false;
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'exports',
        action: 'retry',
        propertyId: row.property_id,
        subject: `send-${row.kind}`,
        subjectId: row.id,
        summary: `Sent again to the contacts of "${row.group_name}" that had not received it`,
      },
      trx,
    );
    return true;
  });
  if (!retried) throw conflict('Every recipient has received this send; there is nothing to send again.');
  return (await sendWires(services, auth, [row], 'Sending again to the recipients it had not reached.'))[0]!;
}

/** The property and send of a photo link, while it works. */
export async function photoLinkOf(services: Services, token: string): Promise<{ propertyId: number; linkId: number }> {
  const db = services.db.kysely;
  const invalid = () =>
    new ApiError(404, { detail: 'This download link has expired or does not exist. Ask the sender for a new one.' });
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  const link = await db
    .selectFrom('export_links')
    .select(['id', 'property_id', 'expires_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!link || link.expires_at <= services.clock.now().toISOString()) throw invalid();
  await db
    .updateTable('export_links')
    .set((eb) => ({ downloads: eb('downloads', '+', 1), last_download_at: services.clock.now().toISOString() }))
    .where('id', '=', link.id)
    .execute();
  return { propertyId: link.property_id, linkId: link.id };
}
