import { ApiError } from '../../plugins/errors.js';
import type { UploadedFile } from '../../routing/multipart.js';
import { inspectPhoto, processPhoto } from '../photos/index.js';
import { translatorOf } from '../../i18n/index.js';
import type { MessageKey } from '../../../shared/i18n/messages.js';
import type { Words } from '../../../shared/validation-messages.js';

/** The multipart field that carries the document. */
export const FILE_FIELD = 'file';

/** What a stored certificate document is, judged from its content. */
export type DocumentFormat = 'pdf' | 'jpeg' | 'png' | 'webp';

const CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
const EXTENSIONS: Record<DocumentFormat, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png', webp: 'webp' };

export const contentTypeOfDocument = (format: string): string =>
  CONTENT_TYPES[format as DocumentFormat] ?? 'application/octet-stream';
export const extensionOfDocument = (format: DocumentFormat): string => EXTENSIONS[format];

/** The headers of a stored document's download: never cached for others, never sniffed, always an attachment. */
export function documentFileHeaders(doc: { id: number; format: string }, size: number): Record<string, string> {
  return {
    'cache-control': 'private, no-cache',
    'content-length': String(size),
    'x-content-type-options': 'nosniff',
    'content-disposition': `attachment; filename="certificate-${doc.id}.${doc.format === 'jpeg' ? 'jpg' : doc.format}"`,
  };
}

const label = (file: UploadedFile): string => `"${(file.filename.split(/[\\/]/).pop() ?? '').replace(/"/g, '')}"`;
const refuse = (file: UploadedFile, words: Words, key: MessageKey): ApiError =>
  new ApiError(400, { [FILE_FIELD]: [words.text(key, { file: label(file) })] });

/**
 * What a PDF may not carry: code that runs when it is opened, actions that start programs, files
 * hidden inside it. A certificate is a page to read; a PDF with these is refused, whoever made it.
 * (Names inside compressed object streams are not seen: the document is only ever served as a
 * download with its own content type, never shown inline from our origin.)
 */
const ACTIVE_PDF = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData)\b/;

/** A whole PDF: its header at the start, its end marker in the last kilobyte, nothing active in it. */
function scanPdf(file: UploadedFile, words: Words): Buffer {
  const data = file.data;
  const tail = data.subarray(Math.max(0, data.length - 1024)).toString('latin1');
  if (!tail.includes('%%EOF')) throw refuse(file, words, 'sustainability.document_not_whole_pdf');
  if (ACTIVE_PDF.test(data.toString('latin1'))) throw refuse(file, words, 'sustainability.document_active_pdf');
  return data;
}

/**
 * Judge an upload by its content (never its name or declared type) and make the bytes to store:
 * a PDF as sent once scanned, an image re-encoded without metadata by the photos' machinery (so
 * EXIF, location and anything hidden in the file are gone, and decompression bombs refused).
 */
export async function documentFile(
  file: UploadedFile,
  words: Words = translatorOf('en'),
): Promise<{ format: DocumentFormat; data: Buffer }> {
  if (file.data.subarray(0, 5).toString('latin1') === '%PDF-') return { format: 'pdf', data: scanPdf(file, words) };
  try {
    const inspected = await inspectPhoto(file);
    if (inspected.format === 'gif') throw refuse(file, words, 'sustainability.document_not_supported');
    const made = await processPhoto(inspected);
    return { format: made.format as DocumentFormat, data: made.original };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && !(FILE_FIELD in error.body)) {
      // The photos' words name their own field; a document that is not an image is not a photo.
      const said = Object.values(error.body).flat().map(String)[0] ?? '';
      if (/too large/.test(said)) {
        throw new ApiError(400, { [FILE_FIELD]: [`${label(file)} ${said.slice(said.indexOf('is too large'))}`] });
      }
      throw refuse(file, words, 'sustainability.document_not_supported');
    }
    throw error;
  }
}
