import type { Language } from './languages.js';

/**
 * A schema node's texts in the other languages (x-texts, which codegen writes into the server's
 * bundle from locales/<lang>/schemas.json): language -> text key (title, itemLabel,
 * messages.<keyword>...) -> text.
 */
export type Translations = Partial<Record<string, Partial<Record<string, string>>>>;

/** The node's text `key` in `language`; `english` (the schema's own) when it has no translation. */
export function translated(english: string, texts: unknown, language: Language, key = 'title'): string {
  if (language === 'en' || !texts || typeof texts !== 'object') return english;
  const t = (texts as Translations)[language]?.[key];
  return typeof t === 'string' && t ? t : english;
}
