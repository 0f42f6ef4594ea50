import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n';
import { loadOptionLabels, NO_LABELS, type OptionLabels } from './options';

/**
 * The fact option lists in the interface's language (loaded once per language): the menu's
 * choice shows at once, signed in or not, and the profile follows it.
 */
export function useOptionLabels(): OptionLabels {
  const { language } = useLanguage();
  const [labels, setLabels] = useState<{ language: string; labels: OptionLabels }>({ language: '', labels: NO_LABELS });
  useEffect(() => {
    let live = true;
    loadOptionLabels(language).then(
      (l) => live && setLabels({ language, labels: l }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return labels.labels;
}
