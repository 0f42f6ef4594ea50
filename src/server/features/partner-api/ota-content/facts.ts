import type {
  JsonSchema,
  OptionList,
  OtaMapping,
  OtaSectionMapping,
  OtaTarget,
} from '../../../../shared/bundle-types.js';
import {
  buildFactSheet,
  displayValue,
  translated,
  type FactSheet,
  type FieldKind,
  type SchemaNode,
  type SectionInput,
  type SheetLanguage,
} from '../../../../shared/fact-sheet/index.js';
import { routeOf, rowMembers, valueFields, type Route } from './mapping.js';

/** One fact as the fact sheet prints it, with what the OTA builder needs besides. */
export interface Fact {
  path: string;
  label: string;
  /** As printed: option labels, Yes/No, units and range ends joined, in the language asked. */
  value: string;
  kind: FieldKind | 'value';
  /** A flag's (or a dense-table row's) state. */
  on?: boolean;
  /** A list's values, each as printed. */
  items?: string[];
  /** The stored value (value slots: numbers, times, codes). */
  raw: unknown;
  /** The option list of the value (or of a list's values), if any. */
  options?: string;
  /** The title of the field's group (names a keyed element: "Beach", "Cots & babysitter"). */
  groupTitle: string;
}

/** One OTA element to write: what the mapping gathered for a target and key. */
export interface Instance {
  to: OtaTarget;
  key: string;
  /** The fact section (or "photo") it comes from. */
  section: string;
  /** A list row's id (rooms, restaurants, bars, maintenance, photos). */
  rowId?: number;
  /** Facts printed as text, in the schema's order. */
  text: Fact[];
  /** Facts by slot (value slots and amenity). */
  slots: Map<string, Fact[]>;
}

/** Targets that are one element for the whole hotel. */
const SINGLE: ReadonlySet<OtaTarget> = new Set(['description', 'position', 'award', 'contact', 'pets']);
/** Targets whose value slots also go into their description, labelled (a distance with its unit, a tax's amount and currency). */
const ECHO: ReadonlySet<OtaTarget> = new Set(['policy', 'pets', 'tax', 'refPoint']);

const parentOf = (path: string): string | undefined =>
  path.includes('.') ? path.slice(0, path.indexOf('.')) : undefined;
const isEmpty = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function keyFor(route: Route, path: string, rowKey: string | undefined): string {
  if (rowKey) return rowKey;
  if (route.key) return route.key;
  if (SINGLE.has(route.to)) return 'main';
  if (route.to === 'policy') return 'general';
  if (route.to === 'tax') return parentOf(path) ?? path;
  return path;
}

function schemaAt(schema: JsonSchema, path: string): SchemaNode | undefined {
  let node: JsonSchema | undefined = schema;
  for (const part of path.split('.')) node = (node?.properties as Record<string, JsonSchema> | undefined)?.[part];
  return node as SchemaNode | undefined;
}

function valueAt(doc: Record<string, unknown>, path: string): unknown {
  let v: unknown = doc;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** A section document, or one row of a list section (its key names the row's element). */
export interface Entry {
  input: SectionInput;
  mapping: OtaSectionMapping | undefined;
  row?: { key: string; id?: number };
}

export interface FactSource {
  mapping: OtaMapping;
  options: readonly OptionList[];
  language: SheetLanguage;
}

/** Gathers the facts of documents and rows into OTA instances, in the order met (the schema's). */
export class Collector {
  readonly instances = new Map<string, Instance>();

  constructor(readonly source: FactSource) {}

  #instance(to: OtaTarget, key: string, section: string, rowId?: number): Instance {
    const id = `${to}\u0000${key}`;
    let i = this.instances.get(id);
    if (!i) {
      i = { to, key, section, ...(rowId !== undefined ? { rowId } : {}), text: [], slots: new Map() };
      this.instances.set(id, i);
    }
    return i;
  }

  #slot(i: Instance, slot: string, fact: Fact): void {
    const list = i.slots.get(slot) ?? [];
    list.push(fact);
    i.slots.set(slot, list);
  }

  /**
   * Section documents and list rows (each with its row key), read through one fact-sheet model
   * (option labels indexed once): their printed facts go to the text slots of their targets,
   * their stored values to the value slots (and, for targets that echo them, their printed form
   * to the text).
   */
  addAll(entries: readonly Entry[]): void {
    const docs = entries.map(
      (e) => (e.input.data && !Array.isArray(e.input.data) ? e.input.data : {}) as Record<string, unknown>,
    );
    const sheet = buildFactSheet({
      language: this.source.language,
      layout: '',
      property: { id: 0, name: '', place: '' },
      // The caller decided which sections apply (enabledIf); a row is read as a document of its own.
      sections: entries.map((e, n) => ({
        ...e.input,
        key: String(n),
        order: n,
        kind: 'document',
        data: docs[n],
        enabled: true,
      })),
      options: this.source.options,
      createdOn: '',
    });
    const printedOf = new Map(sheet.sections.map((s) => [s.key, s]));
    entries.forEach((e, n) => this.#add(e, docs[n]!, printedOf.get(String(n))));
  }

  #add(
    { input, mapping, row }: Entry,
    doc: Record<string, unknown>,
    section: FactSheet['sections'][number] | undefined,
  ): void {
    const printed = new Map<string, Fact>();
    if (section?.kind === 'document') {
      for (const group of section.groups) {
        for (const f of group.fields) {
          // A dense-table row (a sport: flag, supplier, charges, details) as its fields, each labelled.
          const facts: Fact[] =
            f.kind === 'row'
              ? this.#rowFacts(input.schema as JsonSchema, doc, f.key, group.title)
              : [this.#fact(input.schema as JsonSchema, doc, f.key, f, group.title)];
          for (const fact of facts) {
            printed.set(fact.path, fact);
            const route = routeOf(mapping, fact.path, schemaGroup(input.schema as JsonSchema, fact.path) ?? group.key);
            if (route) {
              const instance = this.#instance(route.to, keyFor(route, fact.path, row?.key), input.key, row?.id);
              if (route.slot === 'text') instance.text.push(fact);
              else if (route.slot === 'amenity') this.#slot(instance, 'amenity', fact);
              else if (ECHO.has(route.to)) instance.text.push(fact);
            }
            this.#options(input.key, schemaAt(input.schema as JsonSchema, fact.path), fact.raw, fact);
          }
        }
      }
    }
    // Value slots read the stored value, whatever the sheet prints (range ends and units included;
    // a hidden field, such as a photo's id, when the mapping names it).
    for (const { field, route } of valueFields(input.schema as JsonSchema, mapping)) {
      const raw = valueAt(doc, field.path);
      if (isEmpty(raw)) continue;
      const fieldSchema = schemaAt(input.schema as JsonSchema, field.path);
      const value = fieldSchema
        ? displayValue(fieldSchema, raw, this.source.options, this.source.language)
        : String(raw);
      const options = fieldSchema?.items?.['x-options'] ?? fieldSchema?.['x-options'];
      const fact: Fact = printed.get(field.path) ?? {
        path: field.path,
        label: String(fieldSchema?.title ?? field.path),
        value,
        kind: 'value',
        raw,
        ...(options ? { options } : {}),
        groupTitle: '',
      };
      this.#slot(this.#instance(route.to, keyFor(route, field.path, row?.key), input.key, row?.id), route.slot, {
        ...fact,
        raw,
        value: value || fact.value,
      });
    }
  }

  #fact(
    schema: JsonSchema,
    doc: Record<string, unknown>,
    path: string,
    printed: { label: string; value: string; kind: FieldKind; on?: boolean },
    groupTitle: string,
  ): Fact {
    const raw = valueAt(doc, path);
    const fieldSchema = schemaAt(schema, path);
    const items =
      Array.isArray(raw) && fieldSchema?.items
        ? raw
            .filter((x) => !isEmpty(x))
            .map((x) => displayValue(fieldSchema.items!, x, this.source.options, this.source.language))
        : undefined;
    const options = fieldSchema?.items?.['x-options'] ?? fieldSchema?.['x-options'];
    return {
      path,
      label: printed.label,
      value: printed.value,
      kind: printed.kind,
      ...(printed.on !== undefined ? { on: printed.on } : {}),
      ...(items ? { items } : {}),
      raw,
      ...(options ? { options } : {}),
      groupTitle,
    };
  }

  /** The filled fields of the dense-table row that `first` leads, in schema order, with their own titles. */
  #rowFacts(schema: JsonSchema, doc: Record<string, unknown>, first: string, groupTitle: string): Fact[] {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const out: Fact[] = [];
    for (const name of rowMembers(schema, first)) {
      const prop = props[name]!;
      const raw = doc[name];
      if (isEmpty(raw)) continue;
      const value = displayValue(prop as SchemaNode, raw, this.source.options, this.source.language);
      const label = translated(String(prop.title ?? name), prop['x-i18n'], this.source.language);
      out.push(
        this.#fact(
          schema,
          doc,
          name,
          {
            label,
            value,
            kind:
              typeof raw === 'boolean'
                ? 'flag'
                : prop['x-options']
                  ? 'choice'
                  : typeof raw === 'number'
                    ? 'number'
                    : 'text',
            ...(typeof raw === 'boolean' ? { on: raw } : {}),
          },
          groupTitle,
        ),
      );
    }
    return out;
  }

  /** Option values that are elements of their own (a conference room among the services). */
  #options(section: string, schema: SchemaNode | undefined, raw: unknown, fact: Fact): void {
    const category = schema?.items?.['x-options'] ?? schema?.['x-options'];
    const targets = category ? this.source.mapping.options[category] : undefined;
    if (!targets) return;
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      const to = targets[String(value)];
      if (!to) continue;
      const label = displayValue(
        { 'x-options': category } as SchemaNode,
        value,
        this.source.options,
        this.source.language,
      );
      this.#instance(to, `${fact.path}:${String(value)}`, section).text.push({
        ...fact,
        label,
        value: label,
        kind: 'text',
        raw: value,
      });
    }
  }

  /** The instances of one target, in the order they were met. */
  of(to: OtaTarget): Instance[] {
    return [...this.instances.values()].filter((i) => i.to === to);
  }
}

/** The group of a (possibly nested) field as declared in the schema (a nested field has its parent's). */
function schemaGroup(schema: JsonSchema, path: string): string | undefined {
  const top = path.split('.')[0]!;
  const prop = (schema.properties as Record<string, JsonSchema> | undefined)?.[top];
  return (prop?.['x-ui'] as { group?: string } | undefined)?.group;
}
