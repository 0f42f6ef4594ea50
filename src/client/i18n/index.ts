// The client's i18n: the provider, the typed t(), the language and the formatters bound to it.
export { I18nProvider } from './i18n-provider';
export { useLanguage, type LanguageValue } from './language-context';
export { useT, type Translate } from './use-t';
export { useTranslatorFor } from './use-translator-for';
export { useFormat, type Formatters } from './use-format';
export { Isolate, isolated, MIRROR_IN_RTL } from './isolate';
export { DateText, DateTimeText } from './date-text';
export { currentLanguage, currentTranslator, translate } from './current';
export { RichText } from './rich-text';
export { firstLanguage } from './chosen-language';
