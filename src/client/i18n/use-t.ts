import { useCallback } from 'react';
import type { MessageKey, MessageValues } from '../../shared/i18n/messages';
import { useTranslator } from './translator-context';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** `t(key, values)`: the key's ICU message in the interface's language, as text. */
export function useT(): Translate {
  const translator = useTranslator();
  return useCallback((key, values) => translator.text(key, values), [translator]);
}
