import type { OptionList } from '../bundle-types.js';
import { holds } from '../conditions.js';
import { directionOf } from '../i18n/languages.js';
import type { Translator } from '../i18n/translator.js';
import { translated } from './languages.js';
import { Builder, labelIndex, type Doc, type Labels } from './builder.js';
import type { FactSheet, FactSheetInput, ListSection, SchemaNode, SectionInput, SheetSection } from './sheet-types.js';
import { sheetText } from './words.js';

export * from './sheet-types.js';

/** List items with more displayable facts than this show only their summary columns in the table (the rest below it). */
const MAX_TABLE_COLUMNS = 8;

function sectionTitle(b: Builder, schema: SchemaNode, key: string): string {
  const x = schema['x-section'];
  const title = x?.title ?? schema.title ?? key;
  return translated(title, x?.['x-texts'] ?? schema['x-texts'], b.language);
}

function listSection(b: Builder, input: SectionInput, title: string): ListSection {
  const item = input.schema;
  const props = item.properties ?? {};
  const rows = (Array.isArray(input.data) ? input.data : []) as Doc[];
  const own = item['x-ui']?.itemLabel;
  const itemLabel = own ? translated(own, item['x-texts'], b.language, 'itemLabel') : title;
  const displayable = Object.keys(props).filter((n) => {
    const ui = props[n]!['x-ui'];
    return ui?.widget !== 'hidden' && !ui?.unitOf && !ui?.rangeOf;
  });
  const summary = (item['x-ui']?.summary ?? []).filter((n) => props[n]);
  const allColumns = displayable.length <= MAX_TABLE_COLUMNS || !summary.length;
  const columnKeys = allColumns ? displayable : summary;
  const columns = columnKeys.map((k) => ({ key: k, label: b.title(props[k]!, k) }));
  const sheetRows = rows.map((row, i) => {
    const fields = b.fields(item, row);
    const byKey = new Map(fields.map((f) => [f.field.key, f.field.value]));
    const cells = columnKeys.map((k) => byKey.get(k) ?? '');
    const details = allColumns ? [] : b.groups(item, row, itemLabel, (f) => !columnKeys.includes(f.key));
    const id = typeof row.id === 'number' && row.id > 0 ? { id: row.id } : {};
    return {
      ...id,
      title: cells[0] || sheetText(b.words, 'pdf.sheet.item', { label: itemLabel, n: i + 1 }),
      cells,
      details,
    };
  });
  return { kind: 'list', key: input.key, title, itemLabel, columns, rows: sheetRows };
}

/** The fact sheet of one property in one language and layout. */
export function buildFactSheet(input: FactSheetInput): FactSheet {
  const b = new Builder(input.words, labelIndex(input.options), input.label);
  const dataByKey = new Map(input.sections.map((s) => [s.key, s.data]));
  const sections: SheetSection[] = [];
  const ordered = [...input.sections].sort((a, c) => (a.order ?? 100) - (c.order ?? 100) || a.key.localeCompare(c.key));
  for (const s of ordered) {
    if (s.enabled === false) continue;
    if (
      s.enabled === undefined &&
      s.enabledIf &&
      !holds(s.enabledIf.condition, dataByKey.get(s.enabledIf.section) ?? {})
    )
      continue;
    const title = sectionTitle(b, s.schema, s.key);
    if (s.kind === 'list') {
      const list = listSection(b, s, title);
      if (list.rows.length) sections.push(list);
      continue;
    }
    const doc = (s.data && !Array.isArray(s.data) ? s.data : {}) as Doc;
    const groups = b.groups(s.schema, doc, title);
    if (groups.length) sections.push({ kind: 'document', key: s.key, title, groups });
  }
  // The facts' date first, then the day of printing: "Published on 2026-11-25 · Printed on 2026-12-02"
  // (a bare "Created" before "Published" read as if the sheet were made before its facts).
  const notes = input.publishedOn ? [sheetText(b.words, 'pdf.sheet.published_on', { date: input.publishedOn })] : [];
  notes.push(sheetText(b.words, 'pdf.sheet.printed_on', { date: input.createdOn }));
  const superseded = input.supersededBy
    ? sheetText(b.words, 'pdf.sheet.superseded', { number: input.supersededBy.number, date: input.supersededBy.on })
    : undefined;
  if (superseded) notes.push(superseded);
  return {
    language: b.language,
    dir: directionOf(b.language),
    layout: input.layout,
    title: sheetText(b.words, 'pdf.sheet.title'),
    property: input.property,
    logo: input.logo,
    featured: input.featured,
    photos: input.photos ?? [],
    sections,
    ...(superseded ? { superseded } : {}),
    notes,
  };
}

const labelCache = new WeakMap<readonly OptionList[], Labels>();

/** One value as a reader sees it in the translator's language (option labels, Yes/No, lists joined), '' when empty. */
export function displayValue(
  schema: SchemaNode,
  value: unknown,
  options: readonly OptionList[],
  words: Translator,
): string {
  let labels = labelCache.get(options);
  if (!labels) {
    labels = labelIndex(options);
    labelCache.set(options, labels);
  }
  return new Builder(words, labels).display(schema, value) ?? '';
}
