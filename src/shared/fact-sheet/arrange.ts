import type { ListSection, SheetField } from './model.js';

/**
 * How every view of a sheet (on screen and in print) arranges the model: facts two to a line, and
 * list tables without the columns no row fills.
 */

/** A value too long for half a line: a long text, or a long word (an e-mail, a web address) that would break mid-word. */
const wide = (f: SheetField): boolean => f.kind === 'longtext' || f.value.length > 60 || (f.value.length > 24 && !/\s/.test(f.value));

/** Facts two to a line; a wide fact, or a fact with no partner, has its line to itself (order kept). */
export function factLines(fields: readonly SheetField[]): SheetField[][] {
  const out: SheetField[][] = [];
  let open: SheetField[] | undefined;
  for (const f of fields) {
    if (wide(f)) {
      out.push([f]);
      open = undefined;
    } else if (open) {
      open.push(f);
      open = undefined;
    } else {
      open = [f];
      out.push(open);
    }
  }
  return out;
}

/**
 * The list's table without the columns every row leaves empty (the first, the row's name, always
 * stays). Applied when showing, after any marks: a removed row keeps the columns it had.
 */
export function withFilledColumns(section: ListSection): ListSection {
  const keep = section.columns.map((_, j) => j === 0 || section.rows.some((r) => (r.cells[j] ?? '') !== ''));
  if (keep.every(Boolean)) return section;
  return {
    ...section,
    columns: section.columns.filter((_, j) => keep[j]),
    rows: section.rows.map((r) => ({ ...r, cells: r.cells.filter((_, j) => keep[j]) })),
  };
}

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
