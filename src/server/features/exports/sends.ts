import type { Kysely, Selectable } from 'kysely';
import { isSheetLayout, sheetText } from '../../../shared/fact-sheet/index.js';
import type { ExportSendWire } from '../../../shared/generated/wire-types.js';
import type { Database, ExportSendsTable } from '../../db/tables.js';
import { deliverEach, deliveriesOf, PermanentJobError, type DeliveryRow, type JobContext } from '../../jobs/index.js';
import { ApiError, badRequest, conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { randomToken, sha256, userCard } from '../auth/index.js';
import type { PropertyRow } from '../properties/index.js';
import { accountList } from '../settings/index.js';
import { factSheetSource, type SheetChoice } from './sheet-source.js';
import { tell } from '../notifications/index.js';
import { sheetPdf } from './sheet-pdf.js';
import { monthChart, chartFileName, chartPdf, stateLabels } from '../stop-sale/index.js';
import { sheetFileName } from './file-names.js';
import { t, translatorOf } from '../../i18n/index.js';
import { formatList, formatMonth } from '../../../shared/i18n/format.js';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import { hotelNames, propertyById } from '../properties/index.js';
import { leaving, listPhotos } from '../photos/index.js';

export type SendKind = 'facts' | 'photos' | 'availability';
type SendRow = Selectable<ExportSendsTable>;

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

/** An address as someone without the contacts-manager permission sees it: a•••@example.com. */
export const maskEmail = (email: string): string => email.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');

const STATE: Record<string, ExportSendWire['state']> = {
  queued: 'queued',
  running: 'sending',
  done: 'done',
  dead: 'failed',
};

/** Sends as the history shows them, newest first: state, counts and each recipient. */
export async function sendWires(
  services: Services,
  auth: AuthContext,
  rows: SendRow[],
  detail = '',
): Promise<ExportSendWire[]> {
  if (!rows.length) return [];
  const db = services.db.kysely;
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'state', 'finished_at', 'last_error'])
    .where(
      'id',
      'in',
      rows.map((r) => r.job_id),
    )
    .execute();
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const deliveries = await db
    .selectFrom('job_deliveries')
    .selectAll()
    .where(
      'job_id',
      'in',
      rows.map((r) => r.job_id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byJob = new Map<number, DeliveryRow[]>();
  for (const d of deliveries) (byJob.get(d.job_id) ?? byJob.set(d.job_id, []).get(d.job_id)!).push(d);
  const nameOf = await hotelNames(
    db,
    rows.map((r) => r.property_id),
  );
  const seeContacts = auth.can('stop_sale_contact_list');
  return rows.map((r) => {
    const job = jobById.get(r.job_id);
    const list = byJob.get(r.job_id) ?? [];
    return {
      id: r.id,
      kind: r.kind as ExportSendWire['kind'],
      property: r.property_id,
      property_name: nameOf.get(r.property_id) ?? '',
      group: r.group_id,
      group_name: r.group_name,
      layout: (r.layout as ExportSendWire['layout']) ?? null,
      language: r.language as ExportSendWire['language'],
      state: STATE[job?.state ?? 'queued'] ?? 'queued',
      created_at: r.created_at,
      created_by: r.created_by_email,
      finished_at: job?.finished_at ?? null,
      last_error: job?.last_error ?? null,
      total: list.length,
      sent: list.filter((d) => d.state === 'sent').length,
      failed: list.filter((d) => d.state === 'failed').length,
      pending: list.filter((d) => d.state === 'pending' || d.state === 'sending').length,
      recipients: list.map((d) => ({
        name: d.name,
        email: seeContacts ? d.recipient : maskEmail(d.recipient),
        state: d.state,
        attempts: d.attempts,
        error: d.last_error,
        sent_at: d.sent_at,
      })),
      detail,
    };
  });
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
  const layout = req.kind === 'facts' ? (req.layout ?? '') : null;
  const now = services.clock.now().toISOString();
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
    const row = await trx
      .insertInto('export_sends')
      .values({
        job_id: job.id,
        account_id: auth.accountId,
        property_id: req.property.id,
        kind: req.kind,
        group_id: group.id,
        group_name: group.name,
        layout,
        language: req.language,
        options: JSON.stringify(req.month ? { month: req.month } : {}),
        created_by: auth.user.id,
        created_by_email: auth.user.email,
        created_at: now,
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
      actorOf(auth, ip),
      {
        kind: 'exports',
        action: 'send',
        propertyId: req.property.id,
        subject: `send-${req.kind}`,
        subjectId: row.id,
        summary: `Sent ${what} of "${req.property.hotel_name}" to mailing group "${group.name}" (${contacts.length} contact${contacts.length === 1 ? '' : 's'})`,
      },
      trx,
    );
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

// ---------------------------------------------------------------------------------------------
// The jobs
// ---------------------------------------------------------------------------------------------

async function sendOfJob(services: Services, jobId: number) {
  const db = services.db.kysely;
  const send = await db.selectFrom('export_sends').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  if (!send) throw new PermanentJobError('The send was removed.');
  const property = await propertyById(db, send.property_id);
  if (!property) throw new PermanentJobError('The property was deleted.');
  const company = await db
    .selectFrom('companies')
    .select('data')
    .where('account_id', '=', send.account_id)
    .executeTakeFirst();
  const owner = await userCard(db, send.account_id);
  const companyName = company ? String((JSON.parse(company.data) as { company?: unknown }).company ?? '') : '';
  const sender =
    companyName || `${owner?.first_name ?? ''} ${owner?.last_name ?? ''}`.trim() || owner?.email || 'Ananas';
  const language: Language = isLanguage(send.language) ? send.language : 'en';
  return { send, property, sender, language };
}

/** The same on every attempt, so a repeated delivery is recognisably the same mail. */
function messageIdOf(services: Services, sendId: number, d: DeliveryRow): string {
  const host = new URL(services.config.publicUrl).hostname || 'ananas.local';
  return `<send-${sendId}-${d.id}@${host}>`;
}

async function pendingCount(ctx: JobContext<unknown>): Promise<number> {
  return (await deliveriesOf(ctx.db, ctx.id)).filter((d) => d.state !== 'sent' && d.state !== 'failed').length;
}

/** The PDF of a send, printed once and kept, so every recipient (and every retry) gets the same document. */
async function sendPdf(services: Services, send: SendRow, property: PropertyRow, language: Language): Promise<Buffer> {
  const key = `exports/sends/${send.id}/fact-sheet-${property.id}.pdf`;
  const stored = await services.storage.open(key);
  if (stored) {
    const chunks: Buffer[] = [];
    for await (const c of stored.stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
  const layout = isSheetLayout(send.layout) ? send.layout : '';
  const pdf = await sheetPdf(services, await factSheetSource(services, property, { language, layout }));
  await services.storage.put(key, pdf);
  return pdf;
}

/**
 * The team hears that a fact sheet (or the availability chart of `month`) went out, and how many
 * of the group it reached (the sender too: it ran in the background), each in their own language.
 */
async function tellSent(
  services: Services,
  db: Kysely<Database>,
  send: SendRow,
  hotel: string,
  summary: { sent: number; failed: number },
  month?: string,
): Promise<void> {
  const values = { hotel, sent: summary.sent, total: summary.sent + summary.failed, group: send.group_name };
  const message = (lang: Language) => {
    const reached = month
      ? t(lang, 'notification.sent.chart', { ...values, month: formatMonth(lang, month) })
      : t(lang, 'notification.sent.fact_sheet', values);
    return summary.failed ? t(lang, 'notification.sent.failed', { message: reached, failed: summary.failed }) : reached;
  };
  await db.transaction().execute((trx) =>
    tell(services, trx, {
      type: 'fact_sheet_sent',
      accountId: send.account_id,
      propertyId: send.property_id,
      message,
      link: '/exportcentre',
      extraId: send.id,
    }),
  );
}

/** The send jobs' handlers (once per app: the handler map may be built more than once). */
export function registerExportJobs(services: Services): void {
  if (services.jobs.has(SEND_QUEUES.facts)) return;
  services.jobs.register(SEND_QUEUES.facts, async (ctx) => {
    const { send, property, sender, language } = await sendOfJob(services, ctx.id);
    if (!(await pendingCount(ctx))) return { sent: 0 };
    const pdf = await sendPdf(services, send, property, language);
    const filename = sheetFileName(language, property.hotel_name);
    const summary = await deliverEach(ctx, (d) =>
      services.mail.send({
        to: d.recipient,
        subject: sheetText(translatorOf(language), 'mail.sheet.subject', { hotel: property.hotel_name }),
        text: sheetText(translatorOf(language), 'mail.sheet.body', {
          name: d.name || d.recipient,
          hotel: property.hotel_name,
          sender,
        }),
        attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
        messageId: messageIdOf(services, send.id, d),
      }),
    );
    await tellSent(services, ctx.db, send, property.hotel_name, summary);
    return { ...summary };
  });

  services.jobs.register(SEND_QUEUES.availability, async (ctx) => {
    const { send, property, sender, language } = await sendOfJob(services, ctx.id);
    if (!(await pendingCount(ctx))) return { sent: 0 };
    const month = String((JSON.parse(send.options) as { month?: unknown }).month ?? '');
    if (!/^\d{4}-\d{2}-01$/.test(month)) throw new PermanentJobError('The send names no month.');
    // Printed once and kept: every recipient and every retry gets the chart as it was when first printed.
    const key = `exports/sends/${send.id}/stopsale-${property.id}.pdf`;
    const stored = await services.storage.open(key);
    let pdf: Buffer;
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const c of stored.stream) chunks.push(c as Buffer);
      pdf = Buffer.concat(chunks);
    } else {
      pdf = await chartPdf(services, await monthChart(services, property, month), language);
      await services.storage.put(key, pdf);
    }
    const summary = await deliverEach(ctx, (d) =>
      services.mail.send({
        to: d.recipient,
        subject: t(language, 'mail.chart.subject', { month: formatMonth(language, month), hotel: property.hotel_name }),
        text: `${t(language, 'mail.chart.body', {
          name: d.name || d.recipient,
          hotel: property.hotel_name,
          month: formatMonth(language, month),
          states: formatList(language, stateLabels(services, language)),
          sender,
        })}\n`,
        attachments: [
          {
            filename: chartFileName(language, property.hotel_name, month),
            content: pdf,
            contentType: 'application/pdf',
          },
        ],
        messageId: messageIdOf(services, send.id, d),
      }),
    );
    await tellSent(services, ctx.db, send, property.hotel_name, summary, month);
    return { ...summary };
  });

  services.jobs.register(SEND_QUEUES.photos, async (ctx) => {
    const { send, property, sender, language } = await sendOfJob(services, ctx.id);
    const count = { n: leaving(services, await listPhotos(ctx.db, property.id)).length };
    const expires = new Date(ctx.now().getTime() + PHOTO_LINK_DAYS * 86_400_000);
    const summary = await deliverEach(ctx, async (d) => {
      const token = randomToken();
      await ctx.db
        .insertInto('export_links')
        .values({
          token_hash: sha256(token),
          account_id: send.account_id,
          property_id: property.id,
          send_id: send.id,
          delivery_id: d.id,
          kind: 'photos',
          expires_at: expires.toISOString(),
          downloads: 0,
          last_download_at: null,
          created_at: ctx.now().toISOString(),
        })
        .execute();
      await services.mail.send({
        to: d.recipient,
        subject: sheetText(translatorOf(language), 'mail.photos.subject', { hotel: property.hotel_name }),
        text: sheetText(translatorOf(language), 'mail.photos.body', {
          name: d.name || d.recipient,
          hotel: property.hotel_name,
          count: Number(count?.n ?? 0),
          sender,
          link: `${services.config.publicUrl}/api/exports/photos/${token}/`,
          expires: expires.toISOString().slice(0, 10),
        }),
        messageId: messageIdOf(services, send.id, d),
      });
    });
    return { ...summary };
  });
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
