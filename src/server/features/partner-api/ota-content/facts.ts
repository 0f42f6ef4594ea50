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
  type FactSheet,
  type SchemaNode,
  type SectionInput,
} from '../../../../shared/fact-sheet/index.js';
import type { Language } from '../../../../shared/i18n/languages.js';
import type { Translator } from '../../../../shared/i18n/translator.js';
import { translatorOf } from '../../../i18n/index.js';
import { routeOf, routeWithOptions, valueFields, type Route } from '../../../../shared/ota/mapping.js';
import { meaningOf, schemaAt, valueAt } from './fact-meaning.js';
import type { Fact, Instance } from './fact.js';
import { fieldFact, isEmpty, rowFacts, type FieldReader } from './field-facts.js';

export type { Fact, Instance } from './fact.js';

/** Targets that are one element for the whole hotel. */
const SINGLE: ReadonlySet<OtaTarget> = new Set(['description', 'position', 'award', 'contact', 'pets']);
/** Targets whose value slots also go into their description, labelled (a distance with its unit, a tax's amount and currency). */
const ECHO: ReadonlySet<OtaTarget> = new Set(['policy', 'pets', 'tax', 'fee', 'refPoint']);
/**
 * Targets written as things offered (offers.ts): every fact in schema order, a slot's fact tagged
 * with its slot (a quantity, opening times, a price) so the thing it belongs to takes it.
 */
export const OFFER_TARGETS: ReadonlySet<OtaTarget> = new Set(['service', 'recreation']);
/** Slots of other targets whose facts join an ordered list of things offered: a room's amenities, a place's transfers. */
const SEQUENCE_SLOTS: Readonly<Record<string, string>> = {
  amenity: 'amenity',
  quantity: 'amenity',
  transport: 'transport',
  travelTime: 'transport',
};

const parentOf = (path: string): string | undefined =>
  path.includes('.') ? path.slice(0, path.indexOf('.')) : undefined;

function keyFor(route: Route, path: string, rowKey: string | undefined): string {
  if (rowKey) return rowKey;
  if (route.key) return route.key;
  if (SINGLE.has(route.to)) return 'main';
  if (route.to === 'policy') return 'general';
  if (route.to === 'tax' || route.to === 'fee') return parentOf(path) ?? path;
  return path;
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
  language: Language;
}

/** Gathers the facts of documents and rows into OTA instances, in the order met (the schema's). */
export class Collector {
  readonly instances = new Map<string, Instance>();
  /** The source language's words (Yes, No...) for printed values. */
  readonly #words: Translator;
  readonly #reader: FieldReader;

  constructor(readonly source: FactSource) {
    this.#words = translatorOf(source.language);
    this.#reader = { options: source.options, language: source.language, words: this.#words };
  }

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
      words: this.#words,
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
              ? rowFacts(this.#reader, input.schema as JsonSchema, doc, f.key, group.title, input.key)
              : [fieldFact(this.#reader, input.schema as JsonSchema, doc, f.key, f, group.title, input.key)];
          for (const fact of facts) {
            printed.set(fact.path, fact);
            const route = routeWithOptions(
              this.source.mapping.optionSlots,
              routeOf(mapping, fact.path, schemaGroup(input.schema as JsonSchema, fact.path) ?? group.key),
              fact.options,
            );
            if (route) {
              const instance = this.#instance(route.to, keyFor(route, fact.path, row?.key), input.key, row?.id);
              const tagged: Fact = {
                ...fact,
                ...(route.slot !== 'text' ? { slot: route.slot } : {}),
                ...(route.included ? { includedByRoute: true as const } : {}),
              };
              const sequence =
                route.to === 'guestRoom' || route.to === 'refPoint' ? SEQUENCE_SLOTS[route.slot] : undefined;
              if (OFFER_TARGETS.has(route.to) || route.slot === 'text') instance.text.push(tagged);
              else if (sequence) this.#slot(instance, sequence, tagged);
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
      // Things offered take their slots from the facts in their sequence (a range's end rides with its start).
      if (
        OFFER_TARGETS.has(route.to) ||
        ((route.to === 'guestRoom' || route.to === 'refPoint') && SEQUENCE_SLOTS[route.slot])
      )
        continue;
      const raw = valueAt(doc, field.path);
      if (isEmpty(raw)) continue;
      const fieldSchema = schemaAt(input.schema as JsonSchema, field.path);
      const value = fieldSchema ? displayValue(fieldSchema, raw, this.source.options, this.#words) : String(raw);
      const options = fieldSchema?.items?.['x-options'] ?? fieldSchema?.['x-options'];
      const fact: Fact = printed.get(field.path) ?? {
        ...meaningOf(this.source.options, input.schema as JsonSchema, doc, field.path, raw, input.key),
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
        slot: route.slot,
      });
    }
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
      const label = displayValue({ 'x-options': category } as SchemaNode, value, this.source.options, this.#words);
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
