/** The languages a fact sheet is printed in (spec 000 §2: EN, ES, RU, FA). */
export const SHEET_LANGUAGES = ['en', 'es', 'ru', 'fa'] as const;
export type SheetLanguage = (typeof SHEET_LANGUAGES)[number];

export const isSheetLanguage = (v: unknown): v is SheetLanguage =>
  typeof v === 'string' && (SHEET_LANGUAGES as readonly string[]).includes(v);

/** Writing direction of a language (Persian is right to left). */
export const directionOf = (language: SheetLanguage): 'ltr' | 'rtl' => (language === 'fa' ? 'rtl' : 'ltr');

/** The five fact-sheet layouts of preferences.pdf_layout (option list layoutStyles). */
export const SHEET_LAYOUTS = ['', 'F', 'R', 'G', 'S'] as const;
export type SheetLayout = (typeof SHEET_LAYOUTS)[number];

export const isSheetLayout = (v: unknown): v is SheetLayout =>
  typeof v === 'string' && (SHEET_LAYOUTS as readonly string[]).includes(v);

/** A translation of a title (the keyword x-i18n of schemas/README.md): EN is the title itself. */
export type Translations = Partial<Record<Exclude<SheetLanguage, 'en'>, string>>;

/** The text in `language`, English (the title) when it has no translation. */
export function translated(title: string, i18n: unknown, language: SheetLanguage): string {
  if (language === 'en' || !i18n || typeof i18n !== 'object') return title;
  const t = (i18n as Translations)[language];
  return typeof t === 'string' && t ? t : title;
}

/** A country's name (ISO 3166 code) in the sheet's language ("ES": Spain, España, Испания, اسپانیا); the code when unknown. */
export function countryName(code: string, language: SheetLanguage): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
