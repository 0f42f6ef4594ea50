import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { OptionList } from '../src/shared/bundle-types.js';
import { isObject, type JsonSchema, type SchemaFile, type SchemaSet } from './model.js';

/**
 * The language catalogues codegen writes into the schema bundle (issue 37): option labels from
 * locales/<lang>/options.json and the schema texts the server prints from
 * locales/<lang>/schemas.json. The schema files stay English only, so every text has one source;
 * the server reads each translation beside its English, with no file to open at run time.
 */
export interface Locales {
  /** The languages besides English, as locales/languages.json lists them (else the folders). */
  languages: string[];
  /** language -> category -> option value -> label */
  options: Map<string, Record<string, Record<string, string>>>;
  /** language -> schema file -> JSON pointer -> text key -> text */
  schemas: Map<string, Record<string, Record<string, Record<string, string>>>>;
}

/**
 * The schema texts a server prints (fact sheets, OTA labels, CSV headers, audit diffs, validation
 * messages): titles, list item names, value-list labels, custom error messages and the words of
 * rules between fields. Descriptions and help stay out of the bundle: only the client and API
 * readers show them.
 */
const PRINTED = (key: string) =>
  key === 'title' || key === 'itemLabel' || key === 'label' || key === 'message' || key.startsWith('messages.');

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

/** The languages besides English: locales/languages.json's order, else the folders (alphabetical). */
function languagesIn(dir: string): string[] {
  const list = path.join(dir, 'languages.json');
  if (existsSync(list)) {
    const codes = (readJson(list) as { code: string }[]).map((l) => l.code);
    return codes.filter((c) => c !== 'en');
  }
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name !== 'en' && statSync(path.join(dir, name)).isDirectory())
    .sort();
}

/** Every catalogue under `dir` (the repository's locales/); a language without a file has none. */
export function loadLocales(dir: string): Locales {
  const languages = languagesIn(dir);
  const options = new Map<string, Record<string, Record<string, string>>>();
  const schemas = new Map<string, Record<string, Record<string, Record<string, string>>>>();
  for (const lang of languages) {
    const o = path.join(dir, lang, 'options.json');
    const s = path.join(dir, lang, 'schemas.json');
    options.set(lang, existsSync(o) ? (readJson(o) as Record<string, Record<string, string>>) : {});
    schemas.set(lang, existsSync(s) ? (readJson(s) as Record<string, Record<string, Record<string, string>>>) : {});
  }
  return { languages, options, schemas };
}

/**
 * A list marked `languages` gets one option per language (English first), labelled with its
 * English name; translatedOptions adds each language's own label. Adding a language to
 * locales/languages.json adds it to every such list (the fact-sheet languages, the profile's
 * language). Values the list itself names as not offered (languages offered once: older
 * accounts still hold them) follow, still accepted and stored, never offered; one that became a
 * portal language is offered again.
 */
export function withLanguageOptions(set: SchemaSet, locales: Locales): SchemaSet {
  const options = new Map(set.options);
  for (const [name, list] of set.options)
    if (list.languages) options.set(name, { ...list, options: languageOptions(list.options ?? [], locales.languages) });
  return { ...set, options };
}

/**
 * A `languages` list's options: English and each of `languages` by its English name, then the
 * values `options` names as no longer offered (withLanguageOptions; scripts/i18n/options-report.ts).
 */
export function languageOptions<O extends { value: string | number; offered?: boolean }>(
  options: readonly O[],
  languages: readonly string[],
): (O | { value: string; label: { en: string } })[] {
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  const codes = ['en', ...languages];
  const retired = options.filter((o) => o.offered === false && !codes.includes(String(o.value)));
  return [...codes.map((code) => ({ value: code, label: { en: english.of(code) ?? code } })), ...retired];
}

/** The option lists with each label in every language that has it (English from the list itself). */
export function translatedOptions(lists: readonly OptionList[], locales: Locales): OptionList[] {
  return lists.map((list) => ({
    ...list,
    options: list.options.map((o) => {
      const label: OptionList['options'][number]['label'] = { en: o.label.en };
      for (const lang of locales.languages) {
        const text = locales.options.get(lang)?.[list.category]?.[String(o.value)];
        if (typeof text === 'string' && text.trim()) label[lang] = text;
      }
      return { ...o, label };
    }),
  }));
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

function nodeAt(root: unknown, pointer: string): JsonSchema | undefined {
  let node: unknown = root;
  for (const part of pointer.split('/').slice(1).map(unescape)) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isObject(node)) node = node[part];
    else return undefined;
  }
  return isObject(node) ? node : undefined;
}

/**
 * Where x-texts may stand: a schema node, a section's x-section and a group of x-ui.groups (the
 * meta-schema allows it there). Texts inside other x- keywords (x-form, x-values...) are the
 * client's or code's: their shapes admit nothing more.
 */
function carriesTexts(pointer: string): boolean {
  const parts = pointer.split('/').slice(1);
  const last = parts.length - 1;
  return parts.every(
    (p, i) =>
      !p.startsWith('x-') ||
      (p === 'x-section' && i === last) ||
      (p === 'x-ui' && parts[i + 1] === 'groups' && i + 2 === last),
  );
}

/**
 * A copy of the set whose schema nodes carry `x-texts`: { <lang>: { title, itemLabel,
 * messages.<keyword>, values.<i> (the label of x-values[i]), rules.<i> (the message of
 * x-rules[i]) } } from the catalogues. Written before $refs are expanded, so a definition's
 * texts travel with it. Entries whose node is gone are left out (the catalogue check names them).
 */
export function withTexts(set: SchemaSet, locales: Locales): SchemaSet {
  const schemas = new Map<string, SchemaFile>();
  for (const [rel, file] of set.schemas) {
    const schema = structuredClone(file.schema);
    for (const lang of locales.languages) {
      for (const [pointer, texts] of Object.entries(locales.schemas.get(lang)?.[rel] ?? {})) {
        // A value list's label and a rule's words (their entries admit no more keys) stand on the
        // node that holds the list as values.<i> and rules.<i>.
        const item = /^(.*)\/x-(values|rules)\/(\d+)$/.exec(pointer);
        if (!carriesTexts(item ? item[1]! : pointer)) continue;
        const node = nodeAt(schema, item ? item[1]! : pointer);
        const printed = Object.entries(texts)
          .filter(([key, text]) => PRINTED(key) && typeof text === 'string' && text)
          .map(([key, text]) => [item ? `${item[2]}.${item[3]}` : key, text] as const);
        if (!node || !printed.length) continue;
        const all = (node['x-texts'] ??= {}) as Record<string, Record<string, string>>;
        all[lang] = { ...all[lang], ...Object.fromEntries(printed) };
      }
    }
    schemas.set(rel, { ...file, schema });
  }
  return { ...set, schemas };
}
