import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { isSheetLayout } from '../../../shared/fact-sheet/index.js';
import { isLanguage } from '../../../shared/i18n/languages.js';
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

export const EXPORT_QUEUE = 'operator.export';
/** How long a finished export's zip can be downloaded; the housekeeping sweep removes it after. */
export const EXPORT_DAYS = 7;

export type ExportContent = 'pdf' | 'photos' | 'json' | 'csv';

/** One entry of the zip, opened only when the zip reaches it. */
type Open = () => Promise<Readable>;

/**
 * A zip written to storage as it is made. Entries are lazy: a photo is opened when its turn
 * comes, and the builder waits (`drained`) until the zip has reached the previous hotel before it
 * renders the next, so at most about one hotel's PDF and texts are held whatever the export's size.
 */
class StreamedZip {
  readonly zip = new yazl.ZipFile();
  #added = 0;
  #started = 0;
  #waiters: { at: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  #failed: Error | undefined;

  constructor() {
    // A lazy entry that cannot be opened (a missing file): the zip stops, the write fails, and
    // the builder waiting for the zip hears it.
    this.zip.on('error', (e: Error) => {
      this.#failed = e;
      for (const w of this.#waiters) w.reject(e);
      this.#waiters = [];
      (this.zip.outputStream as Readable).destroy(e);
    });
  }

  add(name: string, open: Open, options: { compress: boolean; size?: number; mtime?: Date }): void {
    this.#added++;
    this.zip.addReadStreamLazy(
      name,
      {
        compress: options.compress,
        mtime: options.mtime ?? new Date(),
        ...(options.size !== undefined ? { size: options.size } : {}),
      },
      (cb) => {
        this.#started++;
        this.#waiters = this.#waiters.filter((w) => (w.at <= this.#started ? (w.resolve(), false) : true));
        open().then(
          (stream) => cb(null, stream),
          (e: unknown) => cb(e, undefined as never),
        );
      },
    );
  }

  addText(name: string, text: string | Buffer, compress = true): void {
    const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.add(name, () => Promise.resolve(Readable.from([data])), { compress, size: data.length });
  }

  /** Entries added so far: a mark to wait for. */
  get mark(): number {
    return this.#added;
  }

  /** Resolves once the zip has begun writing entry number `mark` (or everything). */
  drained(mark: number, signal: AbortSignal): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#started >= mark) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('stopped'));
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (fn: () => void) => () => {
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      this.#waiters.push({ at: mark, resolve: done(resolve), reject: (e) => done(() => reject(e))() });
    });
  }
}

const stopIfAborted = (signal: AbortSignal): void => {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('stopped');
};

/**
 * The export job: every chosen hotel the operator still has a contract for, in one zip streamed to
 * storage, progress (done of total) written after each hotel. Per hotel, in a folder
 * `{id}-{name}/`: its fact sheet PDF under its download name (its view: publication with approved
 * overrides, its logo where allowed), photos/ (those the contract allows) and own-photos/ (its
 * approved own photos), facts.json; at the top, the CSV files. A hotel is told once per export that its fact sheet
 * was exported (recorded with the telling, so a retried job does not tell it again).
 */
export async function buildExport(
  services: Services,
  ctx: JobContext<unknown>,
): Promise<{ size: number; hotels: number }> {
  const db = ctx.db;
  const row = await db.selectFrom('operator_exports').selectAll().where('job_id', '=', ctx.id).executeTakeFirst();
  if (!row) throw new PermanentJobError('The export was removed.');
  const contents = new Set(JSON.parse(row.contents) as ExportContent[]);
  const choice = {
    language: isLanguage(row.language) ? row.language : 'en',
    layout: isSheetLayout(row.layout) ? row.layout : '',
  } as const;
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
  const csv = contents.has('csv') ? new CsvFiles(services) : undefined;
  const skipped: string[] = [];
  try {
    let previous = 0;
    for (const [i, hotel] of hotels.entries()) {
      stopIfAborted(ctx.signal);
      // Hold at most the hotel before this one in memory: wait until the zip has reached it.
      await out.drained(previous, ctx.signal);
      previous = out.mark;
      const access = await contractAccess(services, row.account_id, hotel.property_id);
      const facts = access ? await operatorFacts(services, access) : null;
      if (!access || !facts) {
        skipped.push(`${hotel.property_id} ${hotel.hotel_name}: no contract in force covers it any more`);
      } else if (!facts.publication) {
        // A draft has no facts an operator may see: it is left out whole (the export centre says so
        // before the export starts), rather than as an empty folder and a blank CSV row.
        skipped.push(`${hotel.property_id} ${facts.hotelName}: not published yet, nothing to export`);
      } else {
        const folder = `${hotel.property_id}-${safeStem(facts.hotelName) || 'hotel'}`;
        if (contents.has('pdf')) {
          const sheet = await operatorSheetPdf(services, access, choice);
          out.addText(`${folder}/${sheet.filename}`, sheet.pdf, false);
          if (!hotel.notified_at) {
            await db.transaction().execute(async (trx) => {
              const marked = await trx
                .updateTable('operator_export_hotels')
                .set({ notified_at: ctx.now().toISOString() })
                .where('id', '=', hotel.id)
                .where('notified_at', 'is', null)
                .executeTakeFirst();
              if (Number(marked.numUpdatedRows) === 1)
                await tellHotelOfSheet(services, trx, access, 'exported', row.created_by);
            });
          }
        }
        if (contents.has('photos')) {
          const photos = await operatorPhotos(services, access);
          const width = String(photos.length).length;
          photos.forEach((p, n) =>
            out.add(`${folder}/photos/${entryName(p, n + 1, width)}`, () => openKey(services, p.original_key), {
              compress: false,
              size: p.bytes,
              mtime: new Date(p.updated_at),
            }),
          );
          const own = await operatorOwnPhotos(db, row.account_id, hotel.property_id, true);
          const ownWidth = String(own.length).length;
          own.forEach((p, n) =>
            out.add(`${folder}/own-photos/${entryName(p, n + 1, ownWidth)}`, () => openKey(services, p.original_key), {
              compress: false,
              size: p.bytes,
            }),
          );
        }
        if (contents.has('json') || csv) {
          const [codes, names] = await Promise.all([
            mappingOf(db, row.account_id, hotel.property_id),
            companyNames(db, [access.hotelAccountId]),
          ]);
          const exported: ExportedHotel = {
            id: hotel.property_id,
            hotelName: facts.hotelName,
            country: hotel.country,
            state: hotel.state,
            city: hotel.city,
            partnerName: names.get(access.hotelAccountId) ?? '',
            publication: facts.publication,
            codes,
          };
          if (contents.has('json')) out.addText(`${folder}/facts.json`, hotelJson(services, exported, facts.documents));
          csv?.add(exported, facts.documents);
        }
      }
      await db
        .updateTable('operator_exports')
        .set({ done: i + 1 })
        .where('id', '=', row.id)
        .execute();
    }
    for (const [name, text] of csv?.files() ?? []) out.addText(name, text);
    if (skipped.length) out.addText('skipped.txt', `Left out of this export:\n${skipped.join('\n')}\n`);
    out.zip.end();
    const size = await writing;
    const now = ctx.now();
    const before = await db
      .selectFrom('operator_exports')
      .select('file_key')
      .where('id', '=', row.id)
      .executeTakeFirst();
    await db
      .updateTable('operator_exports')
      .set({
        file_key: key,
        size,
        done: hotels.length,
        finished_at: now.toISOString(),
        expires_at: new Date(now.getTime() + EXPORT_DAYS * 86_400_000).toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    if (before?.file_key && before.file_key !== key) await services.storage.remove(before.file_key);
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
