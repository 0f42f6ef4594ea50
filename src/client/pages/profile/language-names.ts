import { useCallback, useMemo } from 'react';
import { useLanguage } from '../../i18n';

/**
 * A language's name in the interface's language, capitalised as a list entry: Intl's own (CLDR)
 * names, so the profile's language list needs no catalogue of its own. English keeps the option
 * list's names (`english`), which the server and the other screens use; so does a code Intl does
 * not know. (Countries: components/property-table's useCountryName.)
 */
export function useLanguageName(): (code: string, english: string) => string {
  const { language, locale } = useLanguage();
  const names = useMemo(
    () => (language === 'en' ? undefined : new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' })),
    [language, locale],
  );
  return useCallback(
    (code: string, english: string) => {
      try {
        const name = names?.of(code);
        if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
      } catch {
        // Not a code Intl accepts: the list's name.
      }
      return english;
    },
    [names, locale],
  );
}
