import { useEffect, useState } from 'react';
import { useSession } from '../../session/session';
import { loadOptionLabels, NO_LABELS, type OptionLabels } from './options';

/** The fact option lists in the signed-in user's language (loaded once per language). */
export function useOptionLabels(): OptionLabels {
  const language = useSession()?.user.language ?? 'en';
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
