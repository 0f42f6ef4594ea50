/** The reading direction of values, for every view of a sheet and the plain-text outputs (print, mail). */

/** Unicode's strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * The direction a value reads in: its first letter's, left to right when it has none (numbers,
 * phone numbers, dates). Each value is shown in an isolate of this direction, so "+34 971 000 100"
 * or "4 stars" read as typed inside a right-to-left sheet, and a Persian name inside a left-to-right one.
 */
export function textDirection(value: string): 'ltr' | 'rtl' {
  const first = /\p{L}/u.exec(value)?.[0];
  return first && RTL_LETTER.test(first) ? 'rtl' : 'ltr';
}

/** Whether a text holds right-to-left letters or digits (Arabic-Indic): it needs isolating even inside a left-to-right text. */
export const hasRightToLeft = (value: string): boolean => /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(value);

/** The value inside Unicode isolate marks of its direction (for outputs that take plain text: print, mail). */
export function isolated(value: string): string {
  return `${textDirection(value) === 'rtl' ? '\u2067' : '\u2066'}${value}\u2069`;
}
