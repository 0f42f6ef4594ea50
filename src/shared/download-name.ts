/**
 * The names files are saved under (downloads, mail attachments, the client's CSV exports): what
 * the file holds, in the words of its catalogue message (`file.*`: the hotel, what it is, its
 * language or month), lower case with hyphens between words, any script kept, so a folder of them
 * reads ("hotel-ananas-sóller-ficha-técnica-es.pdf", "hotel-ananas-playa-availability-2026-12.pdf").
 * The server also sends each in ASCII (src/server/routing/download-name.ts).
 */

/** Letters of any script (the Persian zero-width non-joiner inside a word too) and digits; anything else parts words. */
const NOT_WORD = /[^\p{L}\p{M}\p{N}\u200c]+/gu;
export const MAX_NAME_STEM = 120;

/** A file's name from the words of its catalogue message and its extension ("pdf"); "download" when they give none. */
export function downloadName(words: string, extension: string): string {
  const stem = words
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(NOT_WORD, '-')
    .replace(/^[-\u200c]+|[-\u200c]+$/g, '')
    .slice(0, MAX_NAME_STEM)
    .replace(/-+$/, '');
  return `${stem || 'download'}.${extension}`;
}
