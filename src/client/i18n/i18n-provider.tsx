import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { directionOf, type Language } from '../../shared/i18n/languages';
import { intlLocale } from '../../shared/i18n/format';
import type { Messages } from '../../shared/i18n/messages';
import { createTranslator } from '../../shared/i18n/translator';
import { useSession } from '../session/session';
import { ENGLISH, loadedMessages, loadMessages } from './catalogues';
import { setCurrent } from './current';
import { chooseLanguage, firstLanguage, storeLanguage } from './chosen-language';
import { LanguageContext, type LanguageValue } from './language-context';
import { viewStorage } from '../platform/where';
import { TranslatorContext } from './translator-context';
import { useSaveLanguage } from '../session/use-save-language';

/**
 * The interface's language: the profile's when signed in, else the stored choice, else the
 * browser's, else English. Its catalogue is loaded on demand; until it arrives the previous one
 * stays on screen (nothing at all on a first visit in another language, rather than a flash of
 * English). `<html lang dir>` follow the language.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const profileLanguage = useSession()?.user.language;
  const [language, setChosen] = useState<Language>(() => firstLanguage(profileLanguage));
  // A sign-in or a profile change brings the profile's language; follow it when the portal speaks it.
  const [seenProfile, setSeenProfile] = useState(profileLanguage);
  if (seenProfile !== profileLanguage) {
    setSeenProfile(profileLanguage);
    const next = chooseLanguage(profileLanguage, language, undefined);
    if (next !== language) setChosen(next);
  }

  const [shown, setShown] = useState<{ language: Language; messages: Messages } | undefined>(() => {
    const messages = loadedMessages(language);
    return messages && { language, messages };
  });
  useEffect(() => {
    let current = true;
    loadMessages(language).then(
      // The same catalogue as shown (the first render had it) changes nothing: a new translator
      // would re-render every text, and a server-rendered part not yet hydrated would be thrown away.
      (messages) =>
        current && setShown((s) => (s?.language === language && s.messages === messages ? s : { language, messages })),
      // The chunk did not load (offline, a new deployment): English keeps the page usable.
      () => current && setShown((s) => s ?? { language: 'en', messages: ENGLISH }),
    );
    return () => {
      current = false;
    };
  }, [language]);

  const showing = shown?.language ?? language;
  const translator = useMemo(() => shown && createTranslator(shown.language, shown.messages, ENGLISH), [shown]);
  // Code outside React (the API client, its error messages) follows what is on screen.
  if (translator) setCurrent(translator);
  useEffect(() => {
    document.documentElement.lang = showing;
    document.documentElement.dir = directionOf(showing);
  }, [showing]);

  const save = useSaveLanguage();
  const setLanguage = useCallback(
    (next: Language) => {
      storeLanguage(viewStorage(), next);
      setChosen(next);
      // Not saved (offline): the interface switched anyway, and the stored choice and the session
      // remember it (use-save-language.ts), until a check of users/me brings the profile's back.
      save(next).catch(() => undefined);
    },
    [save],
  );

  const value = useMemo<LanguageValue>(
    () => ({ language: showing, setLanguage, dir: directionOf(showing), locale: intlLocale(showing) }),
    [showing, setLanguage],
  );
  if (!translator) return null;
  return (
    <LanguageContext.Provider value={value}>
      <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>
    </LanguageContext.Provider>
  );
}
