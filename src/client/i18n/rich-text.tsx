import { Fragment, type ReactNode } from 'react';
import type { MessageKey } from '../../shared/i18n/messages';
import { useTranslator } from './translator-context';

type RichValue = string | number | Date | null | undefined | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/**
 * A message with markup: its <tags> become elements (`{ terms: (c) => <Link>{c}</Link> }`), so a
 * link or a bold word sits where each language puts it instead of being glued between fragments.
 */
export function RichText({ k, values }: { k: MessageKey; values?: Record<string, RichValue> }) {
  const out = useTranslator().format<ReactNode>(k, values);
  return Array.isArray(out) ? out.map((part, i) => <Fragment key={i}>{part}</Fragment>) : <>{out}</>;
}
