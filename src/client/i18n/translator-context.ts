import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { createTranslator, type Translator } from '../../shared/i18n/translator';
import { ENGLISH } from './catalogues';

/** The messages on screen, compiled as they are asked for (the I18nProvider gives one per language). */
export const TranslatorContext = createContext<Translator>(createTranslator(DEFAULT_LANGUAGE, ENGLISH, ENGLISH));

export const useTranslator = (): Translator => useContext(TranslatorContext);
