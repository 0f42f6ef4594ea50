import type { MessageKey } from '../i18n/messages.js';
import type { Translator } from '../i18n/translator.js';
import { isolated } from './direction.js';
import { directionOf } from '../i18n/languages.js';

/**
 * The sheet's own words, those no schema or option list holds: `pdf.sheet.*` (the PDF and the
 * sheet on screen) and the mails that carry a sheet or its photos (`mail.sheet.*`, `mail.photos.*`),
 * in locales/<lang>/messages.json like every other word, so a language added there prints sheets.
 */
export type SheetWordKey = Extract<
  MessageKey,
  `pdf.sheet.${string}` | `mail.sheet.${string}` | `mail.photos.${string}`
>;

/**
 * A sheet word in the translator's language with its {arguments} filled. Values are placed as
 * given (a date or a row number reads as the hotel's data writes it); in a right-to-left language
 * each sits in an isolate of its own direction, so a date, a number or a Latin name reads as
 * written ("ایجاد شده در 2026-11-26", not the date's parts reversed).
 */
export function sheetText(words: Translator, key: SheetWordKey, values: Record<string, string | number> = {}): string {
  const rtl = directionOf(words.language) === 'rtl';
  const filled = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const text = String(value);
      return [name, rtl && text ? isolated(text) : text];
    }),
  );
  return words.text(key, filled);
}
