/**
 * How a changed value is written wherever a change is read: a section's History, a bulk edit's
 * outcomes, the audit trail and a publications compare. The History's values are the client's
 * words (change-words.ts), the compare's the server's fact sheet's (the same option labels and
 * yes/no); both lines come from here, so a field reads "Rating: 4 stars → 5 stars" and a value
 * that is not there reads "—" in each, not "—" in one and "empty" in the other.
 */

/** No value: nothing entered, an empty list, an emptied field. */
export const NO_VALUE = '—';

/** A value's words, or the mark of no value. */
export const valueText = (words: string): string => (words.trim() === '' ? NO_VALUE : words);

/** One change as a line: "Rating: 4 stars → 5 stars". */
export const changeText = (label: string, from: string, to: string): string =>
  `${label}: ${valueText(from)} → ${valueText(to)}`;
