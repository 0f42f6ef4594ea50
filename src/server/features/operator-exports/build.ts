import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isSheetLayout } from '../../../shared/fact-sheet/index.js';
import type { SheetLayout } from '../../../shared/fact-sheet/languages.js';
import { isLanguage, type Language } from '../../../shared/i18n/languages.js';
import { PermanentJobError, type JobContext } from '../../jobs/index.js';
import type { Services } from '../../services.js';
import { entryName, safeStem } from '../exports/index.js';
import { mappingOf } from '../mapping/index.js';
import { contractAccess, companyNames } from '../partners/index.js';
import {
  operatorFacts,
  operatorOwnPhotos,
  operatorPhotos,
  operatorSheetPdf,
  tellHotelOfSheet,
} from '../operator/index.js';
import { CsvFiles, hotelJson, type ExportedHotel } from './facts-files.js';
import { StreamedZip } from './streamed-zip.js';

export const EXPORT_QUEUE = 'operator.export';
/** How long a finished export's zip can be downloaded; the housekeeping sweep removes it after. */
export const EXPORT_DAYS = 7;

export type ExportContent = 'pdf' | 'photos' | 'json' | 'csv';

const stopIfAborted = (signal: AbortSignal): void => {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('stopped');
};

type ExportRow = { id: number; account_id: number; created_by: number | null };
type HotelRow = {
  id: number;
  property_id: number;
  notified_at: string | null;
  hotel_name: string;
  country: string;
  state: string;
  city: string;
};
type Access = NonNullable<Awaited<ReturnType<typeof contractAccess>>>;
type Facts = NonNullable<Awaited<ReturnType<typeof operatorFacts>>>;

/** What one export writes for every hotel: the zip, the contents chosen, the sheet's language and layout. */
interface Export {
  services: Services;
  ctx: JobContext<unknown>;
  row: ExportRow;
  out: StreamedZip;
  contents: Set<ExportContent>;
  choice: { language: Language; layout: SheetLayout | '' };
  csv: CsvFiles | undefined;
}

/**
 * The hotel's fact sheet PDF; the hotel is told once per export that its sheet was exported
 * (recorded with the telling, so a retried job does not tell it again).
 */
async function addSheet(x: Export, hotel: HotelRow, access: Access, folder: string): Promise<void> {
  const sheet = await operatorSheetPdf(x.services, access, x.choice);
  x.out.addText(`${folder}/${sheet.filename}`, sheet.pdf, false);
  if (hotel.notified_at) return;
  await x.ctx.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('operator_export_hotels')
      .set({ notified_at: x.ctx.now().toISOString() })
      .where('id', '=', hotel.id)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 1)
      await tellHotelOfSheet(x.services, trx, access, 'exported', x.row.created_by);
  });
}

/** photos/ (those the contract allows) and own-photos/ (the operator's approved own photos). */
async function addPhotos(x: Export, hotel: HotelRow, access: Access, folder: string): Promise<void> {
  const { services, out } = x;
  const photos = await operatorPhotos(services, access);
  const width = String(photos.length).length;
  photos.forEach((p, n) =>
    out.add(`${folder}/photos/${entryName(p, n + 1, width)}`, () => openKey(services, p.original_key), {
      compress: false,
      size: p.bytes,
      mtime: new Date(p.updated_at),
    }),
  );
  const own = await operatorOwnPhotos(x.ctx.db, x.row.account_id, hotel.property_id, true);
  const ownWidth = String(own.length).length;
  own.forEach((p, n) =>
    out.add(`${folder}/own-photos/${entryName(p, n + 1, ownWidth)}`, () => openKey(services, p.original_key), {
      compress: false,
      size: p.bytes,
    }),
  );
}

/** facts.json in the hotel's folder and its rows of the CSV files, with the operator's codes. */
async function addFactFiles(x: Export, hotel: HotelRow, access: Access, facts: Facts, folder: string): Promise<void> {
  const db = x.ctx.db;
  const [codes, names] = await Promise.all([
    mappingOf(db, x.row.account_id, hotel.property_id),
    companyNames(db, [access.hotelAccountId]),
  ]);
  const exported: ExportedHotel = {
    id: hotel.property_id,
    hotelName: facts.hotelName,
    country: hotel.country,
    state: hotel.state,
    city: hotel.city,
    partnerName: names.get(access.hotelAccountId) ?? '',
    publication: facts.publication!,
    codes,
  };
  if (x.contents.has('json')) x.out.addText(`${folder}/facts.json`, hotelJson(x.services, exported, facts.documents));
  x.csv?.add(exported, facts.documents);
}

/** One hotel's folder `{id}-{name}/`, or why it was left out. */
async function addHotel(x: Export, hotel: HotelRow): Promise<string | undefined> {
  const access = await contractAccess(x.services, x.row.account_id, hotel.property_id);
  const facts = access ? await operatorFacts(x.services, access) : null;
  if (!access || !facts) return `${hotel.property_id} ${hotel.hotel_name}: no contract in force covers it any more`;
  // A draft has no facts an operator may see: it is left out whole (the export centre says so
  // before the export starts), rather than as an empty folder and a blank CSV row.
  if (!facts.publication) return `${hotel.property_id} ${facts.hotelName}: not published yet, nothing to export`;
  const folder = `${hotel.property_id}-${safeStem(facts.hotelName) || 'hotel'}`;
  if (x.contents.has('pdf')) await addSheet(x, hotel, access, folder);
  if (x.contents.has('photos')) await addPhotos(x, hotel, access, folder);
  if (x.contents.has('json') || x.csv) await addFactFiles(x, hotel, access, facts, folder);
  return undefined;
}

/** The finished zip's place and size on the export, the file of an earlier attempt removed. */
async function recordFile(x: Export, key: string, size: number, hotels: number): Promise<void> {
  const db = x.ctx.db;
  const now = x.ctx.now();
  const before = await db
    .selectFrom('operator_exports')
    .select('file_key')
    .where('id', '=', x.row.id)
    .executeTakeFirst();
  await db
    .updateTable('operator_exports')
    .set({
      file_key: key,
      size,
      done: hotels,
      finished_at: now.toISOString(),
      expires_at: new Date(now.getTime() + EXPORT_DAYS * 86_400_000).toISOString(),
    })
    .where('id', '=', x.row.id)
    .execute();
  if (before?.file_key && before.file_key !== key) await x.services.storage.remove(before.file_key);
}

/**
 * The export job: every chosen hotel the operator still has a contract for, in one zip streamed to
 * storage, progress (done of total) written after each hotel. Per hotel, in a folder
 * `{id}-{name}/`: its fact sheet PDF under its download name (its view: publication with approved
 * overrides, its logo where allowed), photos/ (those the contract allows) and own-photos/ (its
 * approved own photos), facts.json; at the top, the CSV files and skipped.txt naming the hotels
 * left out.
 */
export async function buildExport(
  services: Services,
  ctx: JobContext<unknown>,
): Promise<{ size: number; hotels: number }> {
  const db = ctx.db;
  const row = await db.selectFrom('operator_exports').selectAll().where('job_id', '=', ctx.id).executeTakeFirst();
  if (!row) throw new PermanentJobError('The export was removed.');
  const contents = new Set(JSON.parse(row.contents) as ExportContent[]);
  const hotels = await db
    .selectFrom('operator_export_hotels as h')
    .innerJoin('properties as p', 'p.id', 'h.property_id')
    .select(['h.id', 'h.property_id', 'h.notified_at', 'p.hotel_name', 'p.country', 'p.state', 'p.city'])
    .where('h.export_id', '=', row.id)
    .orderBy('h.position')
    .execute();
  await db.updateTable('operator_exports').set({ done: 0, total: hotels.length }).where('id', '=', row.id).execute();

  const key = `exports/operator/${row.account_id}/${row.id}-${randomBytes(6).toString('hex')}.zip`;
  const out = new StreamedZip();
  const writing = services.storage.write(key, out.zip.outputStream as Readable);
  writing.catch(() => undefined);
  const x: Export = {
    services,
    ctx,
    row,
    out,
    contents,
    choice: {
      language: isLanguage(row.language) ? row.language : 'en',
      layout: isSheetLayout(row.layout) ? row.layout : '',
    },
    csv: contents.has('csv') ? new CsvFiles(services) : undefined,
  };
  const skipped: string[] = [];
  try {
    let previous = 0;
    for (const [i, hotel] of hotels.entries()) {
      stopIfAborted(ctx.signal);
      // Hold at most the hotel before this one in memory: wait until the zip has reached it.
      await out.drained(previous, ctx.signal);
      previous = out.mark;
      const left = await addHotel(x, hotel);
      if (left) skipped.push(left);
      await db
        .updateTable('operator_exports')
        .set({ done: i + 1 })
        .where('id', '=', row.id)
        .execute();
    }
    for (const [name, text] of x.csv?.files() ?? []) out.addText(name, text);
    if (skipped.length) out.addText('skipped.txt', `Left out of this export:\n${skipped.join('\n')}\n`);
    out.zip.end();
    const size = await writing;
    await recordFile(x, key, size, hotels.length);
    return { size, hotels: hotels.length };
  } catch (e) {
    (out.zip.outputStream as Readable).destroy(e instanceof Error ? e : new Error(String(e)));
    await writing.catch(() => undefined);
    await services.storage.remove(key).catch(() => undefined);
    throw e;
  }
}

async function openKey(services: Services, key: string): Promise<Readable> {
  const file = await services.storage.open(key);
  if (!file) throw new Error(`a photo file is missing (${key})`);
  return file.stream;
}

/** The export job's handler (once per app: the handler map may be built more than once). */
export function registerOperatorExportJobs(services: Services): void {
  if (services.jobs.has(EXPORT_QUEUE)) return;
  services.jobs.register(EXPORT_QUEUE, (ctx) => buildExport(services, ctx), { maxAttempts: 3 });
}
