import type { OptionLabel, OptionList } from '../bundle-types.js';
import { optionLabel } from '../option-label.js';
import { holds, type Condition } from '../conditions.js';
import { isVisible, type VisibilitySchema } from '../visibility.js';
import { directionOf, type Language } from '../i18n/languages.js';
import type { Translator } from '../i18n/translator.js';
import { translated, type SheetLayout } from './languages.js';
import { sheetText } from './words.js';

/**
 * The fact sheet as data: what every output shows (the PDF, the operator's read-only fact sheet,
 * later the widget and mail bodies). Built by `buildFactSheet` from the schemas, the stored
 * documents, the option lists and a language; it decides labels, values and order, the views
 * only decide looks. A field added to a schema appears here with no code change.
 */
export interface FactSheet {
  language: Language;
  dir: 'ltr' | 'rtl';
  layout: SheetLayout;
  title: string;
  property: SheetProperty;
  /** The company's logo (preferences add_logo), or an operator's where a contract allows. */
  logo?: SheetImage;
  /** First page. */
  featured?: SheetImage;
  /** The photo page (featured excluded). */
  photos: SheetImage[];
  sections: SheetSection[];
  /**
   * An earlier publication's sheet: which publication replaced it ("Superseded by publication 4 of
   * 2026-12-02"), printed under the title so no reader takes it for the current facts; absent otherwise.
   */
  superseded?: string;
  /** Footer lines: when the facts were published, when this copy was printed (and what superseded it). */
  notes: string[];
}

export interface SheetProperty {
  id: number;
  name: string;
  /** "City, Country" as stored. */
  place: string;
  /** The property's own logo. */
  logo?: SheetImage;
}

export interface SheetImage {
  /** Whatever the view's images load from: a server route, or the printer's asset URL. */
  url: string;
  caption?: string;
}

export type SheetSection = DocumentSection | ListSection;

export interface DocumentSection {
  kind: 'document';
  key: string;
  title: string;
  groups: SheetGroup[];
}

export interface ListSection {
  kind: 'list';
  key: string;
  title: string;
  /** The item's name ("Room"). */
  itemLabel: string;
  columns: SheetColumn[];
  rows: SheetRow[];
}

export interface SheetColumn {
  key: string;
  label: string;
}

export interface SheetRow {
  /** The row's id (rooms, restaurants...), when it has one. */
  id?: number;
  /** Since an earlier sheet (markChanges): a row added, changed, or removed (listed with its last values). */
  change?: 'added' | 'changed' | 'removed';
  /** The first column's value, else "Room 2". */
  title: string;
  /** One display value per column ('' when empty). */
  cells: string[];
  /** The row's other filled facts, by group (empty when every field is a column). */
  details: SheetGroup[];
}

export interface SheetGroup {
  key: string;
  title: string;
  fields: SheetField[];
}

export type FieldKind = 'flag' | 'choice' | 'list' | 'number' | 'text' | 'longtext' | 'row';

export interface SheetField {
  /** Property path, e.g. pets_allowed or tax.tax_applicable (a dense-table row: its flag field). */
  key: string;
  label: string;
  /** What the reader sees ("Yes", "80 meters", "Pool bar, Lobby bar"). */
  value: string;
  kind: FieldKind;
  /** flag fields (and rows led by a flag): the flag itself, for layouts that list only what a hotel has. */
  on?: boolean;
  /** Marks (operator views): the value shown in an earlier sheet ('' when empty then: markChanges). */
  changedFrom?: string;
  /** The hotel's own value where an operator's override replaced it. */
  hotelValue?: string;
  /** The hotel's newer value of a field the operator overrides (drift). */
  driftValue?: string;
}

/** A ref-free schema node (wire or client names: values are read by the schema's own property names). */
export type SchemaNode = {
  title?: string;
  type?: string | readonly string[];
  format?: string;
  enum?: readonly unknown[];
  properties?: Readonly<Record<string, SchemaNode>>;
  items?: SchemaNode;
  'x-options'?: string;
  'x-texts'?: unknown;
  'x-section'?: { key: string; title: string; 'x-texts'?: unknown };
  'x-ui'?: SchemaUi;
  [keyword: string]: unknown;
};

interface SchemaUi {
  group?: string;
  order?: number;
  widget?: string;
  visibleIf?: Condition;
  unitOf?: string;
  rangeOf?: string;
  row?: string;
  column?: 'flag' | 'supplier' | 'charges' | 'detail';
  itemLabel?: string;
  summary?: readonly string[];
  groups?: readonly { key: string; title: string; order?: number; visibleIf?: Condition; 'x-texts'?: unknown }[];
}

export interface SectionInput {
  key: string;
  kind: 'document' | 'list';
  order?: number;
  schema: SchemaNode;
  /** The stored document (document sections) or rows (list sections); undefined when none yet. */
  data: Record<string, unknown> | readonly Record<string, unknown>[] | undefined;
  /** x-section.enabledIf, evaluated on the other sections' data (same names as their schemas). */
  enabledIf?: { section: string; condition: Condition };
  /** Whether the section applies, when the caller decided it already (wins over enabledIf). */
  enabled?: boolean;
}

export interface FactSheetInput {
  /** The sheet's language and its words (the server's translator of that language). */
  words: Translator;
  layout: SheetLayout;
  property: SheetProperty;
  sections: readonly SectionInput[];
  /** Every option list (labels in every language). */
  options: readonly OptionList[];
  /** Option labels from elsewhere (a client's lists loaded in one language); answers undefined to use `options`. */
  label?: (category: string, value: string) => string | undefined;
  logo?: SheetImage;
  featured?: SheetImage;
  photos?: SheetImage[];
  /** The date the sheet is made (YYYY-MM-DD) and the facts were last published, if so. */
  createdOn: string;
  publishedOn?: string | null;
  /** The publication that replaced the one printed (its number and day, YYYY-MM-DD): an earlier publication's sheet. */
  supersededBy?: { number: number; on: string } | null;
}

/** List items with more displayable facts than this show only their summary columns in the table (the rest below it). */
const MAX_TABLE_COLUMNS = 8;

type Doc = Record<string, unknown>;
type Labels = Map<string, Map<string, OptionLabel>>;

function labelIndex(options: readonly OptionList[]): Labels {
  const out: Labels = new Map();
  for (const list of options) out.set(list.category, new Map(list.options.map((o) => [String(o.value), o.label])));
  return out;
}

const typesOf = (s: SchemaNode): readonly string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
const isEmpty = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const isObjectSchema = (s: SchemaNode): boolean =>
  !!s.properties && (typesOf(s).includes('object') || s.type === undefined);

/** Turns one section schema and document into groups of labelled display values. */
class Builder {
  readonly language: Language;

  constructor(
    readonly words: Translator,
    readonly labels: Labels,
    readonly label?: (category: string, value: string) => string | undefined,
  ) {
    this.language = words.language;
  }

  title(node: { title?: string; 'x-texts'?: unknown }, fallback: string): string {
    return translated(node.title ?? fallback, node['x-texts'], this.language);
  }

  option(category: string | undefined, value: unknown): string {
    const given = category && this.label ? this.label(category, String(value)) : undefined;
    if (given) return given;
    const label = category ? this.labels.get(category)?.get(String(value)) : undefined;
    if (!label) return String(value);
    return optionLabel(label, this.language);
  }

  /** A value as the reader sees it, or undefined when there is nothing to show. */
  display(s: SchemaNode, v: unknown): string | undefined {
    if (isEmpty(v)) return undefined;
    if (Array.isArray(v)) {
      const items = s.items ?? {};
      const parts = v.filter((x) => !isEmpty(x)).map((x) => this.display(items, x) ?? '');
      return parts.filter(Boolean).join(', ') || undefined;
    }
    if (typeof v === 'boolean') return sheetText(this.words, v ? 'pdf.sheet.yes' : 'pdf.sheet.no');
    if (s['x-options']) return this.option(s['x-options'], v);
    if (typeof v === 'object') return undefined;
    return String(v);
  }

  kindOf(s: SchemaNode, v: unknown): FieldKind {
    if (typeof v === 'boolean') return 'flag';
    if (Array.isArray(v)) return 'list';
    if (s['x-options']) return 'choice';
    if (typeof v === 'number') return 'number';
    return s['x-ui']?.widget === 'textarea' ? 'longtext' : 'text';
  }

  /**
   * The displayable fields of an object schema with their values, in order, each tagged with
   * its group: nested objects are flattened into their parent's group; units and range ends
   * join the field they belong to; dense-table rows become one field.
   */
  fields(schema: SchemaNode, doc: Doc, prefix = '', inheritedGroup?: string): { group: string; field: SheetField }[] {
    const props = schema.properties ?? {};
    const names = Object.keys(props);
    const order = (n: string) => props[n]!['x-ui']?.order ?? names.indexOf(n);
    const sorted = [...names].sort((a, b) => order(a) - order(b) || names.indexOf(a) - names.indexOf(b));
    const units = new Map<string, string>();
    const rangeEnds = new Map<string, string>();
    for (const n of names) {
      const ui = props[n]!['x-ui'];
      if (ui?.unitOf) units.set(ui.unitOf, n);
      if (ui?.rangeOf) rangeEnds.set(ui.rangeOf, n);
    }
    const rows = new Map<string, { group: string; field: SheetField }>();
    const out: { group: string; field: SheetField }[] = [];
    for (const name of sorted) {
      const s = props[name]!;
      const ui = s['x-ui'] ?? {};
      if (ui.widget === 'hidden' || ui.unitOf || ui.rangeOf) continue;
      if (!isVisible(schema as VisibilitySchema, name, doc)) continue;
      const group = ui.group ?? inheritedGroup ?? '';
      const key = prefix + name;
      const v = doc[name];
      if (isObjectSchema(s) && !s['x-options']) {
        if (v && typeof v === 'object' && !Array.isArray(v)) out.push(...this.fields(s, v as Doc, `${key}.`, group));
        continue;
      }
      if (ui.row) {
        this.addToRow(rows, out, ui.row, group, key, s, v);
        continue;
      }
      let value = this.display(s, v);
      if (value === undefined) continue;
      const unit = units.get(name);
      if (unit) {
        const u = this.display(props[unit]!, doc[unit]);
        if (u) value = `${value} ${u}`;
      }
      const end = rangeEnds.get(name);
      if (end) {
        const e = this.display(props[end]!, doc[end]);
        if (e) value = `${value} – ${e}`;
      }
      out.push({
        group,
        field: {
          key,
          label: this.title(s, name),
          value,
          kind: this.kindOf(s, v),
          ...(typeof v === 'boolean' ? { on: v } : {}),
        },
      });
    }
    return out;
  }

  /** A dense-table row (flag, local supplier, charges, detail) as one field named by its first field. */
  addToRow(
    rows: Map<string, { group: string; field: SheetField }>,
    out: { group: string; field: SheetField }[],
    row: string,
    group: string,
    key: string,
    s: SchemaNode,
    v: unknown,
  ): void {
    let entry = rows.get(row);
    if (!entry) {
      entry = { group, field: { key, label: this.title(s, key), value: '', kind: 'row' } };
      rows.set(row, entry);
      out.push(entry);
    }
    const column = s['x-ui']?.column;
    let part: string | undefined;
    if (column === 'supplier') part = v === true ? sheetText(this.words, 'pdf.sheet.local_supplier') : undefined;
    else part = this.display(s, v);
    if (column === 'flag' || (entry.field.on === undefined && typeof v === 'boolean' && column !== 'supplier')) {
      if (typeof v === 'boolean') entry.field.on = v;
    }
    if (part) entry.field.value = entry.field.value ? `${entry.field.value} · ${part}` : part;
  }

  groups(schema: SchemaNode, doc: Doc, fallbackTitle: string, only?: (field: SheetField) => boolean): SheetGroup[] {
    const declared = [...(schema['x-ui']?.groups ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    const byKey = new Map<string, SheetGroup>();
    const list: SheetGroup[] = [];
    for (const g of declared) {
      if (g.visibleIf !== undefined && !holds(g.visibleIf, doc)) continue;
      const group = { key: g.key, title: this.title(g, g.key), fields: [] };
      byKey.set(g.key, group);
      list.push(group);
    }
    let loose: SheetGroup | undefined;
    for (const { group, field } of this.fields(schema, doc)) {
      if (!field.value) continue;
      if (only && !only(field)) continue;
      let target = byKey.get(group);
      if (!target) {
        if (declared.some((g) => g.key === group)) continue; // a hidden group
        loose ??= { key: '', title: fallbackTitle, fields: [] };
        target = loose;
      }
      target.fields.push(field);
    }
    if (loose) list.unshift(loose);
    return list.filter((g) => g.fields.length);
  }
}

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
