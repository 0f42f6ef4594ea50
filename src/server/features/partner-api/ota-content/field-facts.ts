/** Reading one field (or one dense-table row) of a document into facts is pure; the collector only routes them. */
import type { JsonSchema, OptionList } from '../../../../shared/bundle-types.js';
import { displayValue, translated, type FieldKind, type SchemaNode } from '../../../../shared/fact-sheet/index.js';
import type { Language } from '../../../../shared/i18n/languages.js';
import type { Translator } from '../../../../shared/i18n/translator.js';
import { valueMeaning } from '../../../../shared/ota/codes.js';
import { rowMembers } from '../../../../shared/ota/mapping.js';
import { meaningOf, schemaAt, valueAt } from './fact-meaning.js';
import type { Fact } from './fact.js';

/** What printing a value needs: the option lists, the source language and its words (Yes, No...). */
export interface FieldReader {
  options: readonly OptionList[];
  language: Language;
  words: Translator;
}

export const isEmpty = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export function fieldFact(
  reader: FieldReader,
  schema: JsonSchema,
  doc: Record<string, unknown>,
  path: string,
  printed: { label: string; value: string; kind: FieldKind; on?: boolean },
  groupTitle: string,
  section: string,
): Fact {
  const raw = valueAt(doc, path);
  const fieldSchema = schemaAt(schema, path);
  const items =
    Array.isArray(raw) && fieldSchema?.items
      ? raw.filter((x) => !isEmpty(x)).map((x) => displayValue(fieldSchema.items!, x, reader.options, reader.words))
      : undefined;
  const options = fieldSchema?.items?.['x-options'] ?? fieldSchema?.['x-options'];
  const listed = Array.isArray(raw) && fieldSchema?.items ? raw.filter((x) => !isEmpty(x)) : undefined;
  return {
    ...meaningOf(reader.options, schema, doc, path, raw, section),
    path,
    label: printed.label,
    value: printed.value,
    kind: printed.kind,
    ...(printed.on !== undefined ? { on: printed.on } : {}),
    ...(items ? { items } : {}),
    ...(listed && options ? { itemCodes: listed.map((x) => valueMeaning(reader.options, options, x).codes) } : {}),
    raw,
    ...(options ? { options } : {}),
    groupTitle,
  };
}

/** The filled fields of the dense-table row that `first` leads, in schema order, with their own titles. */
export function rowFacts(
  reader: FieldReader,
  schema: JsonSchema,
  doc: Record<string, unknown>,
  first: string,
  groupTitle: string,
  section: string,
): Fact[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Fact[] = [];
  for (const name of rowMembers(schema, first)) {
    const prop = props[name]!;
    const raw = doc[name];
    if (isEmpty(raw)) continue;
    const value = displayValue(prop as SchemaNode, raw, reader.options, reader.words);
    const label = translated(String(prop.title ?? name), prop['x-texts'], reader.language);
    out.push(
      fieldFact(
        reader,
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
        section,
      ),
    );
  }
  return out;
}
