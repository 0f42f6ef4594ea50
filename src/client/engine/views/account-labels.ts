import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n';
import { loadOptionLabels, NO_LABELS, type OptionLabels } from '../data/options';

/** The option lists of the settings forms (head Account: roles, plans, colours...) in one language, asked once. */
export const loadAccountLabels = (language: string): Promise<OptionLabels> => loadOptionLabels(language, 'Account');

/** The settings forms' option words in the interface's language; none until they arrive. */
export function useAccountLabels(): OptionLabels {
  const { language } = useLanguage();
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
