import { Fragment, useCallback, type ReactNode } from 'react';
import { useTranslator } from '../../i18n/translator-context';
import type { FormatXMLElementFn } from 'intl-messageformat';
import type { MessageKey } from '../../../shared/i18n/messages';

/** The tags the developer pages' messages may use: <code>…</code> for a header, field or parameter name. */
const TAGS: Record<string, FormatXMLElementFn<ReactNode, ReactNode>> = {
  code: (chunks) => <code dir="ltr">{chunks}</code>,
};

export type RichValues = Record<string, string | number | FormatXMLElementFn<ReactNode, ReactNode>>;

/**
 * `rich(key, values)`: a message with markup (<code> tags, links as elements), for the developer
 * pages' sentences that mention header names and link to other pages. Plain text goes through useT.
 */
export function useRich(): (key: MessageKey, values?: RichValues) => ReactNode {
  const translator = useTranslator();
  return useCallback(
    (key, values) => {
      const out = translator.format<ReactNode>(key, { ...TAGS, ...values });
      return Array.isArray(out) ? out.map((part, i) => <Fragment key={i}>{part}</Fragment>) : out;
    },
    [translator],
  );
}
