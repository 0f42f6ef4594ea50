import type { Language } from '../../../shared/i18n/languages.js';
import { t } from '../../i18n/index.js';
import { downloadName } from '../../routing/download-name.js';

/**
 * A fact sheet PDF's name (downloads, mail attachments, the operator's export zip): the hotel,
 * "fact sheet" in the sheet's language and that language's code; an earlier publication's, its number too.
 */
export function sheetFileName(language: Language, hotel: string, publication?: number): string {
  const words =
    publication === undefined
      ? t(language, 'file.fact_sheet', { hotel, language })
      : t(language, 'file.fact_sheet_publication', { hotel, language, number: String(publication) });
  return downloadName(words, 'pdf');
}

/** The photo zip's name: the hotel and "photos" in the language of whoever downloads it. */
export const photosFileName = (language: Language, hotel: string): string =>
  downloadName(t(language, 'file.photos', { hotel }), 'zip');
