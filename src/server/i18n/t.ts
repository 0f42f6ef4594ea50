import { readFileSync } from 'node:fs';
import English from '../../../locales/en/messages.json';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';
import type { MessageKey, MessageValues, Messages } from '../../shared/i18n/messages';
import { createTranslator, type Translator } from '../../shared/i18n/translator';

/**
 * The server's words (mails, notifications, PDFs, CSV headers, validation messages) from the same
 * catalogues as the client: `t(lang, key, values)`. Catalogues are read once at start; compiled
 * messages are kept per language and key.
 */
function readCatalogue(code: Language): Partial<Messages> {
  if (code === 'en') return English;
  try {
    const url = new URL(`../../../locales/${code}/messages.json`, import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')) as Partial<Messages>;
  } catch {
    // A language without its catalogue reads in English (the completeness test fails on it).
    return {};
  }
}

const translators = new Map<Language, Translator>(
  LANGUAGES.map((l) => [l.code, createTranslator(l.code, readCatalogue(l.code), English)]),
);

/** A language's translator, for shared code that takes one (the validation messages, the fact sheet's words). */
export function translatorOf(lang: Language): Translator {
  return translators.get(lang) ?? (translators.get('en') as Translator);
}

export function t(lang: Language, key: MessageKey, values?: MessageValues): string {
  return translatorOf(lang).text(key, values);
}
