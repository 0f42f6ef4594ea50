import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import { intlLocale } from './format';
import type { Language } from './languages';
import type { MessageKey, Messages } from './messages';

/**
 * One language's messages, compiled on first use and kept (intl-messageformat: ICU plurals,
 * selects, numbers and dates in the language's locale, tags for rich text). The server's t() and
 * the client's useT() both format through this.
 */
export interface Translator {
  readonly language: Language;
  /** The message with its values; tags (`<b>…</b>`) answered by functions give parts, not text. */
  format<T>(key: MessageKey, values?: Record<string, unknown>): string | T | (string | T)[];
  /** The message as text. */
  text(key: MessageKey, values?: Record<string, unknown>): string;
}

/**
 * intl-messageformat resolves the locale of every message it compiles through
 * Intl.NumberFormat.supportedLocalesOf, which lists the engine's locales on its first call (16 ms
 * of a cold load's first render) and is asked again for every message (another 10). The locales
 * handed to it here are the portal's own (intlLocale), all of them supported, for which the answer
 * is their Intl.Locale; an Intl.Locale cannot be changed, so one serves every message.
 */
const resolvedLocales = new Map<string, Intl.Locale>();
IntlMessageFormat.resolveLocale = (locales) => {
  const first = Array.isArray(locales) ? locales[0] : locales;
  if (first === undefined || typeof Intl.Locale === 'undefined') return undefined;
  let locale = resolvedLocales.get(first);
  if (!locale) resolvedLocales.set(first, (locale = new Intl.Locale(first)));
  return locale;
};

/**
 * One Intl object per distinct locales and options, kept: they are costly to build and cheap to
 * reuse. A missing options argument and an undefined one are the same (intl-messageformat passes
 * either).
 */
function reused<L, O, R>(build: (locales?: L, options?: O) => R): (locales?: L, options?: O) => R {
  const built = new Map<string, R>();
  return (locales, options) => {
    const key = JSON.stringify([locales ?? null, options ?? null]);
    let made = built.get(key);
    if (made === undefined) built.set(key, (made = build(locales, options)));
    return made;
  };
}

/**
 * The Intl formatters every message shares. Left to itself, intl-messageformat builds them per
 * message: a NumberFormat or PluralRules for each message with a number or a plural in it, the
 * same few locales and options over and over, on a cold load's first render.
 */
const SHARED_FORMATTERS: Formatters = {
  getNumberFormat: reused((locales, options) => new Intl.NumberFormat(locales, options)),
  getDateTimeFormat: reused((locales, options) => new Intl.DateTimeFormat(locales, options)),
  getPluralRules: reused((locales, options) => new Intl.PluralRules(locales, options)),
};

export function createTranslator(language: Language, messages: Partial<Messages>, fallback: Messages): Translator {
  const locale = intlLocale(language);
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const compile = (key: MessageKey): IntlMessageFormat => {
    let f = compiled.get(key);
    if (!f) {
      const own = messages[key];
      // English only when the language lacks the key (never once the catalogue test passes); an
      // unknown key (a stale value at run time) shows as itself rather than breaking the page.
      f = new IntlMessageFormat(own ?? fallback[key] ?? key, own !== undefined ? locale : 'en-GB', undefined, {
        formatters: SHARED_FORMATTERS,
      });
      compiled.set(key, f);
    }
    return f;
  };
  const format = <T>(key: MessageKey, values?: Record<string, unknown>) =>
    compile(key).format<T>(values as Record<string, never> | undefined);
  return {
    language,
    format,
    text: (key, values) => {
      const out = format<string>(key, values);
      return Array.isArray(out) ? out.join('') : String(out);
    },
  };
}
