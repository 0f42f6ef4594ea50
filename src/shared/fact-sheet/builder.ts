import type { OptionLabel, OptionList } from '../bundle-types.js';
import { optionLabel } from '../option-label.js';
import { holds } from '../conditions.js';
import { isVisible, type VisibilitySchema } from '../visibility.js';
import type { Language } from '../i18n/languages.js';
import type { Translator } from '../i18n/translator.js';
import { translated } from './languages.js';
import type { FieldKind, SchemaNode, SheetField, SheetGroup } from './sheet-types.js';
import { sheetText } from './words.js';

/** The fact sheet's reading of one schema and document: labels, display values, and fields in their groups. */

export type Doc = Record<string, unknown>;
export type Labels = Map<string, Map<string, OptionLabel>>;

export function labelIndex(options: readonly OptionList[]): Labels {
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
export class Builder {
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
