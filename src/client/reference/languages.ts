import languageOptions from '../../../schemas/options/languages.json';
import type { ProfileUpdateWire } from '../../shared/generated/wire-types';

export type LanguageCode = NonNullable<ProfileUpdateWire['language']>;

export interface LanguageOption {
  value: LanguageCode;
  label: string;
}

/**
 * The profile's language choices, from the option list the schemas declare (one source of
 * truth); labels in English, the portal's language for now.
 */
export const LANGUAGES: readonly LanguageOption[] = languageOptions.options.map((o) => ({
  value: o.value as LanguageCode,
  label: o.label.en,
}));
