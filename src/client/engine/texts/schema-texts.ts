import type { NameMap } from '../../../shared/case';
import type { ClientSchema, SectionDefinition, UiSchema } from '../../../shared/section-types';

/**
 * One language's schema texts (locales/<lang>/schemas.json): schema file -> JSON pointer of the
 * node owning the text -> text key (title, description, help, placeholder, itemLabel,
 * messages.<keyword>) -> text. The rules that make the keys are in scripts/i18n/schema-text-keys.ts.
 */
export type SchemaCatalogue = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;

type FileTexts = Readonly<Record<string, Readonly<Record<string, string>>>>;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 6901 escaping of one pointer segment (as schema-text-keys.ts writes the keys). */
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The schema file a fact section is declared in (one file per section, named by its key). */
export const sectionFile = (key: string): string => `facts/${key}.schema.json`;

/** The translated title of a section's tab, or the English when the language has none. */
export function sectionTitle(catalogue: SchemaCatalogue, key: string, english: string): string {
  return catalogue[sectionFile(key)]?.['/x-section']?.title ?? english;
}

/** The wire name of a client property (the name map lists renamed ones only). */
function wireNames(map: NameMap | undefined): Map<string, readonly [string, NameMap?]> {
  const out = new Map<string, readonly [string, NameMap?]>();
  for (const [wire, [client, child]] of Object.entries(map?.props ?? {})) out.set(client, [wire, child]);
  return out;
}

/** The node's x-ui groups (a section's cards) with their titles and descriptions translated. */
function translateGroups(groups: unknown, texts: FileTexts, pointer: string): unknown {
  if (!Array.isArray(groups)) return groups;
  return groups.map((g: unknown, i) => {
    const own = texts[`${pointer}/x-ui/groups/${i}`];
    if (!isObject(g) || !own) return g;
    return {
      ...g,
      ...(own.title ? { title: own.title } : {}),
      ...(own.description ? { description: own.description } : {}),
    };
  });
}

/** x-ui / ui:options of a node: its groups and its list item's name. */
function translateOptions(options: unknown, texts: FileTexts, pointer: string): unknown {
  if (!isObject(options)) return options;
  const out: Json = { ...options };
  if ('groups' in options) out.groups = translateGroups(options.groups, texts, pointer);
  const itemLabel = texts[pointer]?.itemLabel;
  if (itemLabel && typeof options.itemLabel === 'string') out.itemLabel = itemLabel;
  return out;
}

interface Walked {
  schema: ClientSchema;
  ui: UiSchema;
}

/** A client schema node and its uiSchema node with the language's texts, following wire pointers. */
function translateNode(
  schema: ClientSchema,
  ui: UiSchema,
  texts: FileTexts,
  pointer: string,
  names: NameMap | undefined,
): Walked {
  const own = texts[pointer] ?? {};
  const out: ClientSchema = { ...schema };
  if (own.title && typeof schema.title === 'string') out.title = own.title;
  if (own.description && typeof schema.description === 'string') out.description = own.description;
  const messages = schema['x-messages'];
  if (isObject(messages))
    out['x-messages'] = Object.fromEntries(
      Object.entries(messages).map(([keyword, text]) => [keyword, own[`messages.${keyword}`] ?? text]),
    );
  const rules = schema['x-rules'];
  // A rule's words by its place in the list (the client's rules name client fields, in the same order).
  if (Array.isArray(rules))
    out['x-rules'] = rules.map((rule: unknown, i) => {
      const message = texts[`${pointer}/x-rules/${i}`]?.message;
      return message && isObject(rule) ? { ...rule, message } : rule;
    });
  if ('x-ui' in schema) out['x-ui'] = translateOptions(schema['x-ui'], texts, pointer);
  const outUi: UiSchema = { ...ui };
  if (own.help && typeof ui['ui:help'] === 'string') outUi['ui:help'] = own.help;
  if (own.placeholder && typeof ui['ui:placeholder'] === 'string') outUi['ui:placeholder'] = own.placeholder;
  if ('ui:options' in ui) outUi['ui:options'] = translateOptions(ui['ui:options'], texts, pointer);

  if (schema.properties) {
    const wire = wireNames(names);
    const properties: Record<string, ClientSchema> = {};
    for (const [name, child] of Object.entries(schema.properties)) {
      const [wireName, childNames] = wire.get(name) ?? [name, undefined];
      const childUi = isObject(ui[name]) ? (ui[name] as UiSchema) : {};
      const done = translateNode(child, childUi, texts, `${pointer}/properties/${segment(wireName)}`, childNames);
      properties[name] = done.schema;
      if (isObject(ui[name])) outUi[name] = done.ui;
    }
    out.properties = properties;
  }
  if (isObject(schema.items)) {
    const itemsUi = isObject(ui.items) ? (ui.items as UiSchema) : {};
    const done = translateNode(schema.items, itemsUi, texts, `${pointer}/items`, names?.items);
    out.items = done.schema;
    if (isObject(ui.items)) outUi.items = done.ui;
  }
  return { schema: out, ui: outUi };
}

/**
 * The section with the language's texts: titles, descriptions, help, placeholders, group cards,
 * the list item's name and the schema's own error messages (x-messages, x-rules). Values, enums and rules are the same
 * objects' copies, so validation and the wire form do not change. A text the language lacks
 * stays English.
 */
export function translateSection(
  def: SectionDefinition,
  file: string | readonly string[],
  catalogue: SchemaCatalogue,
): SectionDefinition {
  // A form whose fields are $refs into another file (the contract form's terms) reads their texts
  // there too, by the same pointers; its own file's texts come first.
  const found = (typeof file === 'string' ? [file] : file).map((f) => catalogue[f]).filter((t) => t !== undefined);
  if (!found.length) return def;
  const texts: Record<string, Record<string, string>> = {};
  for (const own of found.reverse())
    for (const [pointer, keys] of Object.entries(own)) texts[pointer] = { ...texts[pointer], ...keys };
  const { schema, ui } = translateNode(def.schema, def.uiSchema, texts, '', def.names);
  return { ...def, title: texts['/x-section']?.title ?? texts['/x-form']?.title ?? def.title, schema, uiSchema: ui };
}
