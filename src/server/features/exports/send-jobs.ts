import type { Kysely, Selectable } from 'kysely';
import { isSheetLayout, sheetText } from '../../../shared/fact-sheet/index.js';
import type { Database, ExportSendsTable } from '../../db/tables.js';
import { deliverEach, deliveriesOf, PermanentJobError, type DeliveryRow, type JobContext } from '../../jobs/index.js';
import type { Services } from '../../services.js';
import { randomToken, sha256, userCard } from '../auth/index.js';
import { tell } from '../notifications/index.js';
import { leaving, listPhotos } from '../photos/index.js';
import { propertyById } from '../properties/index.js';
import { chartFileName, chartPdf, monthChart, stateLabels } from '../stop-sale/index.js';
import { t, translatorOf } from '../../i18n/index.js';
import { formatList, formatMonth } from '../../../shared/i18n/format.js';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import { sheetFileName } from './file-names.js';
import { factSheetSource } from './sheet-source.js';
import { sheetPdf } from './sheet-pdf.js';
import { PHOTO_LINK_DAYS, SEND_QUEUES } from './sends.js';

/**
 * The export centre's send jobs: a fact sheet, an availability chart or a photo link mailed to
 * each recipient of a group (deliverEach: one delivery per recipient, retried alone).
 */

type SendRow = Selectable<ExportSendsTable>;
type Job = Awaited<ReturnType<typeof sendOfJob>>;

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

/** A send's PDF, printed once and kept, so every recipient (and every retry) gets the same document. */
async function printedOnce(services: Services, key: string, print: () => Promise<Buffer>): Promise<Buffer> {
  const stored = await services.storage.open(key);
  if (stored) {
    const chunks: Buffer[] = [];
    for await (const c of stored.stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
  const pdf = await print();
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

/** The fact sheet PDF, attached. */
async function sendFacts(services: Services, ctx: JobContext<unknown>) {
  const { send, property, sender, language }: Job = await sendOfJob(services, ctx.id);
  if (!(await pendingCount(ctx))) return { sent: 0 };
  const layout = isSheetLayout(send.layout) ? send.layout : '';
  const pdf = await printedOnce(services, `exports/sends/${send.id}/fact-sheet-${property.id}.pdf`, async () =>
    sheetPdf(services, await factSheetSource(services, property, { language, layout })),
  );
  const filename = sheetFileName(language, property.hotel_name);
  const words = translatorOf(language);
  const summary = await deliverEach(ctx, (d) =>
    services.mail.send({
      to: d.recipient,
      subject: sheetText(words, 'mail.sheet.subject', { hotel: property.hotel_name }),
      text: sheetText(words, 'mail.sheet.body', { name: d.name || d.recipient, hotel: property.hotel_name, sender }),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
      messageId: messageIdOf(services, send.id, d),
    }),
  );
  await tellSent(services, ctx.db, send, property.hotel_name, summary);
  return { ...summary };
}

/** The availability chart of the send's month, attached. */
async function sendAvailability(services: Services, ctx: JobContext<unknown>) {
  const { send, property, sender, language }: Job = await sendOfJob(services, ctx.id);
  if (!(await pendingCount(ctx))) return { sent: 0 };
  const month = String((JSON.parse(send.options) as { month?: unknown }).month ?? '');
  if (!/^\d{4}-\d{2}-01$/.test(month)) throw new PermanentJobError('The send names no month.');
  const pdf = await printedOnce(services, `exports/sends/${send.id}/stopsale-${property.id}.pdf`, async () =>
    chartPdf(services, await monthChart(services, property, month), language),
  );
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
}

/** A link to the photos that may leave the account, one per recipient, working PHOTO_LINK_DAYS. */
async function sendPhotoLinks(services: Services, ctx: JobContext<unknown>) {
  const { send, property, sender, language }: Job = await sendOfJob(services, ctx.id);
  const count = leaving(services, await listPhotos(ctx.db, property.id)).length;
  const expires = new Date(ctx.now().getTime() + PHOTO_LINK_DAYS * 86_400_000);
  const words = translatorOf(language);
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
      subject: sheetText(words, 'mail.photos.subject', { hotel: property.hotel_name }),
      text: sheetText(words, 'mail.photos.body', {
        name: d.name || d.recipient,
        hotel: property.hotel_name,
        count,
        sender,
        link: `${services.config.publicUrl}/api/exports/photos/${token}/`,
        expires: expires.toISOString().slice(0, 10),
      }),
      messageId: messageIdOf(services, send.id, d),
    });
  });
  return { ...summary };
}

/** The send jobs' handlers (once per app: the handler map may be built more than once). */
export function registerExportJobs(services: Services): void {
  if (services.jobs.has(SEND_QUEUES.facts)) return;
  services.jobs.register(SEND_QUEUES.facts, (ctx) => sendFacts(services, ctx));
  services.jobs.register(SEND_QUEUES.availability, (ctx) => sendAvailability(services, ctx));
  services.jobs.register(SEND_QUEUES.photos, (ctx) => sendPhotoLinks(services, ctx));
}
