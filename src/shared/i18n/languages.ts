import { LANGUAGE_LIST, type Language } from '../generated/languages';
import { acceptedLanguage } from './accept-language';

/**
 * The portal's languages. The list lives in locales/languages.json; codegen turns it into
 * LANGUAGE_LIST so `Language` is a literal union ('en' | 'es' | ...), and adding a language is one
 * folder under locales/ plus one entry in that file.
 */
export type { Language };

export type Direction = 'ltr' | 'rtl';

export interface LanguageInfo {
  code: Language;
  /** The language's own name, as the menu lists it ("Русский", "فارسی"). */
  name: string;
  /** The BCP 47 locale Intl formats with ("ru-RU"). */
  locale: string;
  dir: Direction;
}

export const LANGUAGES: readonly LanguageInfo[] = LANGUAGE_LIST;

/** English is the source language: the catalogues are written in it first. */
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

const BY_CODE = new Map<string, LanguageInfo>(LANGUAGES.map((l) => [l.code, l]));

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && BY_CODE.has(v);
}

export function languageInfo(code: Language): LanguageInfo {
  // Every Language is in the map by construction; the fallback only serves a stale value at run time.
  return BY_CODE.get(code) ?? (BY_CODE.get(DEFAULT_LANGUAGE) as LanguageInfo);
}

export const directionOf = (code: Language): Direction => languageInfo(code).dir;

/**
 * A Language from a loose value (a profile's `language`, a stored choice, "RU", "es-ES"): its
 * primary subtag if the portal speaks it, else undefined.
 */
export function toLanguage(v: unknown): Language | undefined {
  if (typeof v !== 'string') return undefined;
  const primary = v.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The language an Accept-Language header (or the browser's list, joined by commas) asks for; else English. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  return acceptedLanguage(header, LANGUAGE_CODES) ?? DEFAULT_LANGUAGE;
}
