import anyAscii from 'any-ascii';
import { MAX_NAME_STEM } from '../../shared/download-name.js';

// Names are made by the shared downloadName (the client names its CSV exports the same way).
export { downloadName } from '../../shared/download-name.js';

const asciiWords = (s: string): string =>
  anyAscii(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The name in ASCII letters, for whatever reads only a plain name (filename= of old clients, file
 * systems that mangle the rest): transliterated by any-ascii ("отель" -> "otel", "ó" -> "o",
 * Persian digits -> 0-9), lower case, hyphens between words.
 */
export function asciiName(name: string): string {
  // A name already plain (Stopsale-12.pdf, spec 000 §7) is sent as it is, its capitals kept.
  if (/^[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]+$/.test(name) && name.length <= MAX_NAME_STEM) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
  const safe = asciiWords(stem).slice(0, MAX_NAME_STEM).replace(/-+$/, '') || 'download';
  const ext = asciiWords(extension);
  return ext ? `${safe}.${ext}` : safe;
}

/** RFC 5987 value-chars: UTF-8 percent-encoded but for the attr-chars (encodeURIComponent leaves ' ( ) * as they are). */
const rfc5987 = (s: string): string =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content-Disposition of a download (RFC 6266): the ASCII name for clients that read only
 * filename=, and the real name as filename*=UTF-8''… (RFC 5987), which browsers prefer.
 */
export function contentDisposition(name: string): string {
  return `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}
