import { LANGUAGES as PORTAL_LANGUAGES } from '../../shared/i18n/languages';

export interface LanguageOption {
  value: string;
  /** The language's English name (Intl's), which the interface's own names fall back to. */
  label: string;
}

const english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A language's English name; the code itself when Intl does not know it. */
export function englishLanguageName(code: string): string {
  try {
    return english.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The profile's language choices: exactly the languages the portal speaks (locales/languages.json,
 * as the schemas' option list `languages` is written from it). Languages offered once and still
 * held by older accounts are accepted by the server but not offered here.
 */
export const LANGUAGES: readonly LanguageOption[] = PORTAL_LANGUAGES.map((l) => ({
  value: l.code,
  label: englishLanguageName(l.code),
}));

/** The choices for a profile holding `stored`: the portal's languages, and the stored one when it is another. */
export const languageChoices = (stored: string): readonly LanguageOption[] =>
  !stored || LANGUAGES.some((l) => l.value === stored)
    ? LANGUAGES
    : [...LANGUAGES, { value: stored, label: englishLanguageName(stored) }];
