import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n';
import { loadOptionLabels, NO_LABELS, type OptionHead, type OptionLabels } from './options';

/** Option lists as a screen holds them: until they arrive (`loading`), or `failed` when the call did. */
export interface OptionLabelsState {
  labels: OptionLabels;
  status: 'loading' | 'ready' | 'failed';
}

/**
 * One family of option lists in the interface's language (loaded once per language), with whether
 * they have arrived: a screen that names values by them shows it is loading rather than a raw
 * code, and a fallback when the call failed.
 */
export function useOptionLabelsState(head: OptionHead = 'Facts'): OptionLabelsState {
  const { language } = useLanguage();
  const [state, setState] = useState<OptionLabelsState & { language: string }>({
    language: '',
    labels: NO_LABELS,
    status: 'loading',
  });
  useEffect(() => {
    let live = true;
    loadOptionLabels(language, head).then(
      (labels) => live && setState({ language, labels, status: 'ready' }),
      () => live && setState({ language, labels: NO_LABELS, status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [language, head]);
  // A change of language is loading again until its lists arrive (the old language's stay shown).
  return state.language === language ? state : { labels: state.labels, status: 'loading' };
}

/**
 * The fact option lists in the interface's language (loaded once per language): the menu's
 * choice shows at once, signed in or not, and the profile follows it.
 */
export function useOptionLabels(): OptionLabels {
  return useOptionLabelsState().labels;
}
