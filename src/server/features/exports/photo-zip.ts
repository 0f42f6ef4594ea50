import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Services } from '../../services.js';
import { outageOf } from '../../plugins/outage.js';
import { extensionOf, leaving, listPhotos, type PhotoRow } from '../photos/index.js';

/** Characters no file system accepts in a name, and controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A name as a file or folder name inside a zip: unsafe characters, dots at the ends and runs of blanks gone, at most 80 characters ('' when nothing is left). */
export function safeStem(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFC')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 80)
    .trim();
}

/**
 * A photo's name inside the zip: its position (so the gallery order survives and every name is
 * unique), then its name as the hotel wrote it (any script, UTF-8), without path separators,
 * controls, direction marks or characters file systems refuse, at most 80 characters.
 */
export function entryName(row: Pick<PhotoRow, 'id' | 'name' | 'format'>, position: number, width: number): string {
  const stem = safeStem(row.name);
  const prefix = String(position).padStart(width, '0');
  return `${prefix}-${stem || `photo-${row.id}`}.${extensionOf(row.format)}`;
}

export interface PhotoZip {
  stream: Readable;
  /** Exact size of the whole zip, known before the first byte (photos are stored, not compressed). */
  size: number;
  count: number;
}

/**
 * The property's gallery (original files) as one zip, streamed: entries are STOREd (photos are
 * compressed already) and each file is opened only when its turn comes, so memory and open files
 * stay flat whatever the gallery's size; the sizes are known from the rows, so the total is too.
 *
 * The first file is opened before anything is answered: a store that is away fails the request
 * (503, plugins/errors.ts) instead of sending a 200 and its length, then nothing. A file that
 * fails later fails the stream, and Fastify then destroys the socket: the client receives fewer
 * bytes than the Content-Length it was promised, which every client reports as a broken download.
 */
export async function photoZip(services: Services, propertyId: number): Promise<PhotoZip> {
  // The zip is what hotels pass on (and what mailed links open): held-back photos stay home.
  const rows = leaving(services, await listPhotos(services.db.kysely, propertyId));
  const zip = new yazl.ZipFile();
  const width = String(rows.length).length;
  let first = rows[0] ? await services.storage.open(rows[0].original_key) : undefined;
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(
      entryName(row, i + 1, width),
      { compress: false, size: row.bytes, mtime: new Date(row.updated_at) },
      (cb) => {
        const opened = i === 0 && first ? Promise.resolve(first) : services.storage.open(row.original_key);
        first = undefined;
        opened.then(
          (file) =>
            file ? cb(null, file.stream) : cb(new Error(`photo ${row.id}: its file is missing`), undefined as never),
          (e: unknown) => cb(e, undefined as never),
        );
      },
    );
  });
  const size = await new Promise<number>((resolve) => {
    (zip.end as (options: object, cb: (finalSize: number) => void) => void)({}, (finalSize) => resolve(finalSize));
  });
  if (size < 0) throw new Error('zip size unknown');
  const stream = zip.outputStream as Readable;
  // Not sent after all (the caller went away first): the file opened ahead is let go.
  stream.once('close', () => first?.stream.destroy());
  zip.on('error', (e: Error) => {
    const outage = outageOf(e);
    if (outage) services.log.warn({ cause: outage.reason, propertyId }, 'photo zip cut: a file became unreachable');
    else services.log.error({ err: e, propertyId }, 'photo zip failed while streaming');
    stream.destroy(e);
  });
  return { stream, size, count: rows.length };
}
