import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, languageInfo, type Direction, type Language } from '../../shared/i18n/languages';
import { intlLocale } from '../../shared/i18n/format';

export interface LanguageValue {
  language: Language;
  /** Switch the interface; signed in, also saved to the profile. */
  setLanguage: (language: Language) => void;
  dir: Direction;
  /** The locale Intl formats with (the language's locale, Gregorian calendar). */
  locale: string;
}

export const LanguageContext = createContext<LanguageValue>({
  language: DEFAULT_LANGUAGE,
  setLanguage: () => undefined,
  dir: languageInfo(DEFAULT_LANGUAGE).dir,
  locale: intlLocale(DEFAULT_LANGUAGE),
});

export function useLanguage(): LanguageValue {
  return useContext(LanguageContext);
}
