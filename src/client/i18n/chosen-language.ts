import { browserLanguages, viewStorage } from '../platform/where';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, toLanguage, type Language } from '../../shared/i18n/languages';

/** The signed-out choice, kept in this browser (the profile keeps it once signed in). */
export const LANGUAGE_KEY = 'ananas.language';

export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language | undefined {
  try {
    return toLanguage(storage?.getItem(LANGUAGE_KEY));
  } catch {
    // Storage may be blocked (private mode): no stored choice.
    return undefined;
  }
}

export function storeLanguage(storage: Pick<Storage, 'setItem'> | undefined, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered, still switched.
  }
}

/** The browser's preferred languages, read as an Accept-Language header (first supported wins). */
export function browserLanguage(languages: readonly string[] | undefined): Language {
  return languages?.length ? languageFromAcceptLanguage(languages.join(',')) : DEFAULT_LANGUAGE;
}

/**
 * The language to show: the profile's when signed in and the portal speaks it; else the stored
 * choice; else the browser's; else English.
 */
export function chooseLanguage(
  profile: string | null | undefined,
  stored: Language | undefined,
  browser: readonly string[] | undefined,
): Language {
  return toLanguage(profile) ?? stored ?? browserLanguage(browser);
}

/** The language a first render shows (the browser's, or on the server the request's view of it). */
export function firstLanguage(profile: string | null | undefined): Language {
  return chooseLanguage(profile, storedLanguage(viewStorage()), browserLanguages());
}
