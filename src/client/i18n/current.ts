import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import type { MessageKey, MessageValues } from '../../shared/i18n/messages';
import { createTranslator, type Translator } from '../../shared/i18n/translator';
import { ENGLISH } from './catalogues';

/**
 * The language and messages on screen, for code outside React (the API client's
 * Accept-Language, the error messages the client makes up itself). The I18nProvider keeps it.
 */
let current: Translator = createTranslator(DEFAULT_LANGUAGE, ENGLISH, ENGLISH);

export function setCurrent(translator: Translator): void {
  current = translator;
}

export const currentLanguage = (): Language => current.language;

/** The translator on screen now, for shared code that takes one (the engine's validation messages). */
export const currentTranslator = (): Translator => current;

/** t() outside React: the message in the language on screen now (it does not re-render anything). */
export const translate = (key: MessageKey, values?: MessageValues): string => current.text(key, values);
