import { loadOptionLabels, type OptionLabels } from '../data/options';
import { useOptionLabelsState } from '../data/use-option-labels';

/** The option lists of the settings forms (head Account: roles, plans, colours...) in one language, asked once. */
export const loadAccountLabels = (language: string): Promise<OptionLabels> => loadOptionLabels(language, 'Account');

/** The settings forms' option words in the interface's language; none until they arrive. */
export function useAccountLabels(): OptionLabels {
  return useOptionLabelsState('Account').labels;
}
