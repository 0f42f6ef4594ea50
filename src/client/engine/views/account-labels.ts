import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { useSession } from '../../session/session';
import { NO_LABELS, type OptionLabels } from '../data/options';

const byLanguage = new Map<string, Promise<OptionLabels>>();

/** The option lists of the settings forms (head Account: roles, plans, colours...) in one language, asked once. */
export function loadAccountLabels(language: string): Promise<OptionLabels> {
  const lang = (language || 'en').toUpperCase();
  let pending = byLanguage.get(lang);
  if (!pending) {
    pending = unwrap(api.POST('/api/external/ops/options/', { body: { head: 'Account', language: lang } })).then(
      (lists) => new Map(lists.map((l) => [l.category, new Map(l.options.map((o) => [String(o.value), o.text]))])),
      (e: unknown) => {
        byLanguage.delete(lang);
        throw e;
      },
    );
    byLanguage.set(lang, pending);
  }
  return pending;
}

/** The settings forms' option words in the signed-in user's language; none until they arrive. */
export function useAccountLabels(): OptionLabels {
  const language = useSession()?.user.language ?? 'en';
  const [labels, setLabels] = useState<OptionLabels>(NO_LABELS);
  useEffect(() => {
    let live = true;
    loadAccountLabels(language).then(
      (l) => live && setLabels(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return labels;
}
