import type { OptionLabel } from './bundle-types.js';

/**
 * An option's label in `language` (a code of locales/languages.json), English when the language
 * has none. Own keys only: a language code read from a request never reaches Object.prototype.
 */
export function optionLabel(label: OptionLabel, language: string): string {
  const text = Object.hasOwn(label, language) ? label[language] : undefined;
  return typeof text === 'string' && text ? text : label.en;
}
