import type { Language } from '../i18n/languages.js';

// A sheet is printed in every language of the portal: Language, isLanguage and directionOf of
// src/shared/i18n/languages.ts (locales/languages.json), no list of its own.

/** The five fact-sheet layouts of preferences.pdf_layout (option list layoutStyles). */
export const SHEET_LAYOUTS = ['', 'F', 'R', 'G', 'S'] as const;
export type SheetLayout = (typeof SHEET_LAYOUTS)[number];

export const isSheetLayout = (v: unknown): v is SheetLayout =>
  typeof v === 'string' && (SHEET_LAYOUTS as readonly string[]).includes(v);

// The validation messages read a node's translated texts too: the helper lives with the i18n ones.
export { translated, type Translations } from '../i18n/node-texts.js';

/** A country's name (ISO 3166 code) in the sheet's language ("ES": Spain, España, Испания, اسپانیا); the code when unknown. */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
