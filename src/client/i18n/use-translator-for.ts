import { useEffect, useState } from 'react';
import type { Language } from '../../shared/i18n/languages';
import { createTranslator, type Translator } from '../../shared/i18n/translator';
import { ENGLISH, loadedMessages, loadMessages } from './catalogues';
import { useTranslator } from './translator-context';

const ready = (language: Language): Translator | undefined => {
  const messages = loadedMessages(language);
  return messages && createTranslator(language, messages, ENGLISH);
};

/**
 * The messages of a language other than the interface's, for a document shown in its own (an
 * operator reads a Persian fact sheet in an English interface): the interface's translator when
 * they are the same, else that language's catalogue, loaded on demand; undefined until it is.
 */
export function useTranslatorFor(language: Language): Translator | undefined {
  const own = useTranslator();
  const [other, setOther] = useState<Translator | undefined>(() => ready(language));
  const needed = own.language !== language && other?.language !== language;
  useEffect(() => {
    if (!needed) return;
    let current = true;
    loadMessages(language).then(
      (messages) => current && setOther(createTranslator(language, messages, ENGLISH)),
      // The chunk did not load (offline, a new deployment): English words keep the document readable.
      () => current && setOther(createTranslator(language, ENGLISH, ENGLISH)),
    );
    return () => {
      current = false;
    };
  }, [language, needed]);
  if (own.language === language) return own;
  return other?.language === language ? other : undefined;
}
