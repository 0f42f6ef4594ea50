import type { DocumentSection, FactSheet, ListSection, SheetField, SheetGroup, SheetRow } from './model.js';

/**
 * Marks on a built fact sheet, for readers who compare (a tour operator's view): what changed
 * since an earlier sheet of the same property, and where an override replaced the hotel's value.
 * Compared as the reader sees values (labels, units), so a change shows as it reads.
 */

/** `section.field` keys of a sheet's document fields. */
export const fieldKey = (section: string, field: string): string => `${section}.${field}`;

function documentFields(
  sheet: FactSheet,
): Map<string, { field: SheetField; group: SheetGroup; section: DocumentSection }> {
  const out = new Map<string, { field: SheetField; group: SheetGroup; section: DocumentSection }>();
  for (const section of sheet.sections) {
    if (section.kind !== 'document') continue;
    for (const group of section.groups)
      for (const field of group.fields) out.set(fieldKey(section.key, field.key), { field, group, section });
  }
  return out;
}

const rowKey = (row: SheetRow): string => (row.id !== undefined ? `#${row.id}` : `t:${row.title}`);
const sameRow = (a: SheetRow, b: SheetRow): boolean =>
  JSON.stringify([a.cells, a.details]) === JSON.stringify([b.cells, b.details]);

function markList(current: ListSection, previous: ListSection | undefined): number {
  const before = new Map((previous?.rows ?? []).map((r) => [rowKey(r), r]));
  let n = 0;
  for (const row of current.rows) {
    const old = before.get(rowKey(row));
    before.delete(rowKey(row));
    if (!old) row.change = 'added';
    else if (!sameRow(row, old)) row.change = 'changed';
    else continue;
    n++;
  }
  for (const gone of before.values()) {
    current.rows.push({ ...gone, change: 'removed' });
    n++;
  }
  return n;
}

/**
 * Marks in `current` what differs from `previous`: a document field whose value changed carries
 * the old value (changedFrom; '' when it was empty); a field emptied since is added back with an
 * empty value; list rows are added, changed or removed (a removed row is listed with its last
 * values). A section new since is marked through its fields and rows. Answers how many marks.
 */
export function markChanges(current: FactSheet, previous: FactSheet): number {
  let n = 0;
  const old = documentFields(previous);
  for (const [key, { field }] of documentFields(current)) {
    const was = old.get(key);
    old.delete(key);
    if (was?.field.value === field.value) continue;
    field.changedFrom = was?.field.value ?? '';
    n++;
  }
  for (const [, { field, group, section }] of old) {
    let target = current.sections.find((s): s is DocumentSection => s.kind === 'document' && s.key === section.key);
    if (!target) {
      target = { kind: 'document', key: section.key, title: section.title, groups: [] };
      current.sections.push(target);
    }
    let g = target.groups.find((x) => x.key === group.key && x.title === group.title);
    if (!g) {
      g = { key: group.key, title: group.title, fields: [] };
      target.groups.push(g);
    }
    g.fields.push({ ...field, value: '', changedFrom: field.value });
    n++;
  }
  const oldLists = new Map(previous.sections.filter((s): s is ListSection => s.kind === 'list').map((s) => [s.key, s]));
  for (const section of current.sections)
    if (section.kind === 'list') n += markList(section, oldLists.get(section.key));
  for (const [key, gone] of oldLists) {
    if (current.sections.some((s) => s.key === key)) continue;
    current.sections.push({ ...gone, rows: gone.rows.map((r) => ({ ...r, change: 'removed' as const })) });
    n += gone.rows.length;
  }
  return n;
}

/**
 * Marks overridden fields: `overridden` holds the `section.field` keys an override replaced
 * (with the hotel's newer value where the hotel changed it since: drift); the hotel's own value
 * is read from `hotel`, the sheet of the same facts without the overrides.
 */
export function markOverrides(
  current: FactSheet,
  hotel: FactSheet,
  overridden: ReadonlyMap<string, { drift?: string }>,
): void {
  const own = documentFields(hotel);
  for (const [key, { field }] of documentFields(current)) {
    const o = overridden.get(key);
    if (!o) continue;
    field.hotelValue = own.get(key)?.field.value ?? '';
    if (o.drift !== undefined) field.driftValue = o.drift;
  }
}
