import type { Kysely, Selectable } from 'kysely';
import { isLanguage } from '../../../shared/i18n/languages.js';
import type { OperatorExportRequestWire, OperatorExportWire } from '../../../shared/generated/wire-types.js';
import type { Database, OperatorExportsTable } from '../../db/tables.js';
import { ApiError, badRequest, conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { filteredContracted } from '../partners/index.js';
import { operatorStates } from '../operator/index.js';
import { EXPORT_QUEUE, type ExportContent } from './build.js';
import { userLanguage } from '../auth/index.js';
import { t } from '../../i18n/index.js';
import { downloadName } from '../../routing/download-name.js';

type ExportRow = Selectable<OperatorExportsTable>;

/** Hotels one export may hold (the request's limit; "all matching" beyond it is refused). */
export const MAX_HOTELS = 1000;
const HISTORY_SIZE = 50;
const CONTENT_ORDER: ExportContent[] = ['pdf', 'photos', 'json', 'csv'];

export const downloadUrl = (id: number): string => `/api/tour-operator/exports/${id}/download/`;

/** The account's latest HISTORY_SIZE exports as the history shows them, newest first. */
export async function exportHistory(services: Services, accountId: number): Promise<OperatorExportWire[]> {
  const rows = await services.db.kysely
    .selectFrom('operator_exports')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_SIZE)
    .execute();
  return exportWires(services, rows);
}

/** Exports as the history shows them: state from the job, progress, the zip while it lasts. */
export async function exportWires(services: Services, rows: ExportRow[]): Promise<OperatorExportWire[]> {
  if (!rows.length) return [];
  const db = services.db.kysely;
  const ids = rows.map((r) => r.id);
  const [jobs, hotels] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['id', 'state', 'last_error'])
      .where(
        'id',
        'in',
        rows.map((r) => r.job_id),
      )
      .execute(),
    db
      .selectFrom('operator_export_hotels as h')
      .innerJoin('properties as p', 'p.id', 'h.property_id')
      .select(['h.export_id', 'p.id', 'p.hotel_name'])
      .where('h.export_id', 'in', ids)
      .orderBy('h.export_id')
      .orderBy('h.position')
      .execute(),
  ]);
  // Named as the operator's lists name them: by its override of the hotel name where it has one.
  const shown = new Map<string, string>();
  for (const account of new Set(rows.map((r) => r.account_id))) {
    const states = await operatorStates(db, account, [
      ...new Set(
        hotels.filter((h) => rows.some((r) => r.id === h.export_id && r.account_id === account)).map((h) => h.id),
      ),
    ]);
    for (const [id, s] of states) if (s.name_override) shown.set(`${account}:${id}`, s.name_override);
  }
  const jobOf = new Map(jobs.map((j) => [j.id, j]));
  const now = services.clock.now().toISOString();
  return rows.map((r) => {
    const job = jobOf.get(r.job_id);
    const chosen = hotels.filter((h) => h.export_id === r.id);
    const expired = job?.state === 'done' && (!r.file_key || (r.expires_at !== null && r.expires_at <= now));
    const state: OperatorExportWire['state'] =
      job?.state === 'done'
        ? expired
          ? 'expired'
          : 'done'
        : job?.state === 'dead'
          ? 'failed'
          : job?.state === 'running'
            ? 'running'
            : 'queued';
    return {
      id: r.id,
      state,
      contents: JSON.parse(r.contents) as OperatorExportWire['contents'],
      layout: r.layout as OperatorExportWire['layout'],
      language: (isLanguage(r.language) ? r.language : 'en') as OperatorExportWire['language'],
      hotels: chosen.map((h) => ({ id: h.id, hotel_name: shown.get(`${r.account_id}:${h.id}`) ?? h.hotel_name })),
      total: r.total,
      done: Math.min(r.done, r.total),
      size: state === 'done' && r.size !== null ? Number(r.size) : null,
      created_at: r.created_at,
      created_by: r.created_by_email,
      finished_at: r.finished_at,
      expires_at: r.expires_at,
      error: state === 'done' || state === 'expired' ? null : (job?.last_error ?? null),
      download: state === 'done' ? downloadUrl(r.id) : null,
      filename: exportFileName(r, chosen.length),
    };
  });
}

/** The export zip's name, in the export's language: "export", the day it was asked for and how many hotels it holds. */
export function exportFileName(row: { language: string; created_at: string }, hotels: number): string {
  const language = isLanguage(row.language) ? row.language : 'en';
  return downloadName(t(language, 'file.export', { date: row.created_at.slice(0, 10), count: hotels }), 'zip');
}

/** An export of the caller's account, else 404 (another operator's, a hotel's call). */
export async function requireExport(services: Services, auth: AuthContext, id: number): Promise<ExportRow> {
  const row = await services.db.kysely
    .selectFrom('operator_exports')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The hotels a request chooses, in name order: each must be one the caller's contracts cover now (else 404). */
async function chosenHotels(services: Services, auth: AuthContext, body: OperatorExportRequestWire): Promise<number[]> {
  const db = services.db.kysely;
  const now = services.clock.now().toISOString();
  const ids = [...new Set(body.hotels ?? [])];
  let q = filteredContracted(db, auth.accountId, now, body.all_matching ? body : {});
  if (!body.all_matching) {
    if (!ids.length) throw badRequest('Choose at least one hotel to export.');
    q = q.where('p.id', 'in', ids);
  }
  const rows = await q
    .clearSelect()
    .select(['p.id', 'p.hotel_name'])
    .distinct()
    .orderBy('p.hotel_name')
    .orderBy('p.id')
    .limit(MAX_HOTELS + 1)
    .execute();
  if (!body.all_matching && rows.length !== ids.length) throw notFound();
  if (!rows.length) throw badRequest('No hotel matches these filters.');
  if (rows.length > MAX_HOTELS) throw badRequest(`An export holds at most ${MAX_HOTELS} hotels; narrow the filters.`);
  return rows.map((r) => r.id);
}

export interface NewExport {
  accountId: number;
  userId: number | null;
  email: string | null;
  hotels: readonly number[];
  contents: readonly ExportContent[];
  layout: string;
  language: string;
}

/** The job, the export's row and its hotels, in the caller's transaction (the API and the demo seed). */
export async function enqueueExport(services: Services, trx: Kysely<Database>, e: NewExport): Promise<ExportRow> {
  const now = services.clock.now().toISOString();
  const job = await services.jobs.enqueue(trx, { queue: EXPORT_QUEUE, payload: {}, accountId: e.accountId });
  const inserted = await trx
    .insertInto('operator_exports')
    .values({
      job_id: job.id,
      account_id: e.accountId,
      created_by: e.userId,
      created_by_email: e.email,
      contents: JSON.stringify(e.contents),
      layout: e.layout,
      language: e.language,
      total: e.hotels.length,
      done: 0,
      file_key: null,
      size: null,
      expires_at: null,
      created_at: now,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const [position, property_id] of e.hotels.entries()) {
    await trx
      .insertInto('operator_export_hotels')
      .values({ export_id: inserted.id, property_id, position, notified_at: null })
      .execute();
  }
  return inserted;
}

/** Accept an export: the job, its row and hotels, and the audit entry in one transaction; built in the background. */
export async function createExport(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: OperatorExportRequestWire,
): Promise<OperatorExportWire> {
  const db = services.db.kysely;
  const hotels = await chosenHotels(services, auth, body);
  const contents = CONTENT_ORDER.filter((c) => body.contents.includes(c));
  const ownLanguage = (await userLanguage(db, auth.user.id))?.toLowerCase();
  const language = body.language ?? (isLanguage(ownLanguage) ? ownLanguage : 'en');
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await enqueueExport(services, trx, {
      accountId: auth.accountId,
      userId: auth.user.id,
      email: auth.user.email,
      hotels,
      contents,
      layout: body.layout ?? '',
      language,
    });
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'exports',
        action: 'export',
        subject: 'operator-export',
        subjectId: inserted.id,
        summary: `Exported ${hotels.length} hotel${hotels.length === 1 ? '' : 's'} (${contents.join(', ')})`,
      },
      trx,
    );
    return inserted;
  });
  return (await exportWires(services, [row]))[0]!;
}

/** Build a failed export again (its hotels are not told twice). */
export async function retryExport(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
): Promise<OperatorExportWire> {
  const db = services.db.kysely;
  const row = await requireExport(services, auth, id);
  const job = await services.jobs.get(db, row.job_id);
  if (job?.state !== 'dead') {
    throw conflict(
      job?.state === 'done'
        ? 'This export has finished; to build it again, start a new export.'
        : 'This export is still being built.',
    );
  }
  await db.transaction().execute(async (trx) => {
    if (!(await services.jobs.retryFailed(trx, row.job_id))) throw conflict('This export is still being built.');
    await trx.updateTable('operator_exports').set({ done: 0, finished_at: null }).where('id', '=', row.id).execute();
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'exports',
        action: 'retry',
        subject: 'operator-export',
        subjectId: row.id,
        summary: `Started export ${row.id} again after it failed`,
      },
      trx,
    );
  });
  return (await exportWires(services, [await requireExport(services, auth, id)]))[0]!;
}

/** The zip of a finished export while it lasts: 409 before, 404 after. */
export async function exportFile(services: Services, row: ExportRow) {
  const job = await services.jobs.get(services.db.kysely, row.job_id);
  if (job?.state !== 'done')
    throw conflict(
      job?.state === 'dead'
        ? 'This export failed; retry it from the Export Center.'
        : 'This export is still being built.',
    );
  const gone = () => new ApiError(404, { detail: 'This export has expired; export the hotels again.' });
  if (!row.file_key || (row.expires_at && row.expires_at <= services.clock.now().toISOString())) throw gone();
  const file = await services.storage.open(row.file_key);
  if (!file) throw gone();
  return file;
}

/** Remove the zips of exports past their expiry (the housekeeping sweep); answers how many. */
export async function sweepExpiredExports(services: Services): Promise<number> {
  const db = services.db.kysely;
  const rows = await db
    .selectFrom('operator_exports')
    .select(['id', 'file_key'])
    .where('file_key', 'is not', null)
    .where('expires_at', '<=', services.clock.now().toISOString())
    .execute();
  for (const r of rows) {
    await services.storage.remove(r.file_key!);
    await db.updateTable('operator_exports').set({ file_key: null }).where('id', '=', r.id).execute();
  }
  if (rows.length) services.log.info({ exports: rows.length }, 'removed expired operator exports');
  return rows.length;
}
