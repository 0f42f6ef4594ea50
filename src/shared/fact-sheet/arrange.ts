import type { ListSection, SheetField } from './model.js';

// The text direction helpers live in direction.ts (words.ts needs them, and model.ts needs
// words.ts: taking them from here would close an import cycle); still offered from here.
export { hasRightToLeft, isolated, textDirection } from './direction.js';

/**
 * How every view of a sheet (on screen and in print) arranges the model: facts two to a line, and
 * list tables without the columns no row fills.
 */

/** A value too long for half a line: a long text, or a long word (an e-mail, a web address) that would break mid-word. */
const wide = (f: SheetField): boolean =>
  f.kind === 'longtext' || f.value.length > 60 || (f.value.length > 24 && !/\s/.test(f.value));

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
