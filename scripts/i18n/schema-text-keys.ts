/**
 * Which strings of a schema file a user or an API reader sees, and under which key
 * `locales/<lang>/schemas.json` translates them (issue 37): file path under schemas/ -> JSON
 * pointer of the node that owns the text -> text key.
 *
 * Texts (everything else is an identifier or a value and is never translated):
 * - `title`, `description` of any node (a field, a `$defs` entry, a schema root at pointer ""),
 *   and `summary` (routes.json: a route's summary; its own and its responses' `description`);
 * - the field's presentation texts in `x-ui`, keyed on the field itself: `help`, `placeholder`,
 *   `itemLabel` (a list item's name in messages) and `description`;
 * - the field's own error messages `x-messages`, keyed on the field as `messages.<keyword>`;
 * - a group (card) label: `x-ui.groups[i]` is its own node, `<pointer>/x-ui/groups/<i>`, with
 *   `title` and `description` (the `x-ui.group` keys naming a field's card are identifiers);
 * - a section's tab title `<pointer>/x-section` and a settings form's title `<pointer>/x-form`;
 * - a value list's labels `x-values[i].label` (stop-sale states), node `.../x-values/<i>`;
 * - a rule between two fields' words `x-rules[i].message`, node `.../x-rules/<i>`, key `message`;
 * - a route tag's description in routes.json, node `/tags/<tag>`, key `description`.
 * Not texts: `x-i18n` (the inline translations this replaces), `enum`, `const`, `default`,
 * `examples`, keys of `x-list-flags`/`x-boolean-as`/`x-named-values`/`x-aliases`/`x-moderation`
 * (wire values), `$comment` (for maintainers), `x-values` marks and codes (printed as codes in
 * every language), and everything in `x-ui` but the texts above (group keys, widgets, rows).
 */

/** One English text: where it is and what it says. */
export interface SchemaText {
  /** Path under schemas/, e.g. facts/main-info.schema.json */
  file: string;
  /** JSON pointer of the node owning the text, "" for the root. */
  pointer: string;
  /** title, description, summary, help, placeholder, itemLabel, label, message or messages.<keyword> */
  key: string;
  english: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node's own texts. */
const OWN = ['title', 'description', 'summary'] as const;
/** Texts of `x-ui` that belong to the field (translated on the field's entry). */
const UI_TEXTS = ['help', 'placeholder', 'itemLabel', 'description'] as const;
/** Keywords whose content is values, identifiers, translations or notes, never shown text. */
const NOT_TEXT = new Set([
  'x-i18n',
  'enum',
  'const',
  'default',
  'examples',
  'x-list-flags',
  'x-boolean-as',
  'x-named-values',
  'x-aliases',
  'x-moderation',
  'x-flat',
  '$comment',
  'x-messages',
  'x-ui',
  'x-values',
  'x-rules',
  'x-section',
  'x-form',
]);

/** RFC 6901 escaping of one pointer segment. */
export const segment = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Every text of one parsed schema file (or routes.json), in document order. */
export function textsOf(file: string, doc: unknown): SchemaText[] {
  const out: SchemaText[] = [];
  const add = (pointer: string, key: string, value: unknown) => {
    if (typeof value === 'string' && value.trim()) out.push({ file, pointer, key, english: value });
  };
  const visit = (node: unknown, pointer: string, parentKey: string | undefined) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, `${pointer}/${i}`, parentKey));
      return;
    }
    if (!isObject(node)) return;
    // routes.json's tags: a map of tag name -> description.
    if (parentKey === 'tags' && pointer === '/tags') {
      for (const [tag, text] of Object.entries(node)) add(`${pointer}/${segment(tag)}`, 'description', text);
      return;
    }
    // A map of subschemas (properties, $defs...): its keys are names, its values nodes.
    const isMap = parentKey === 'properties' || parentKey === '$defs' || parentKey === 'patternProperties';
    if (!isMap) {
      // The node's own texts in the order the file writes them (a route's summary before its description).
      for (const [key, value] of Object.entries(node))
        if ((OWN as readonly string[]).includes(key)) add(pointer, key, value);
      const ui = node['x-ui'];
      if (isObject(ui)) for (const key of UI_TEXTS) add(pointer, key, ui[key]);
      const messages = node['x-messages'];
      if (isObject(messages))
        for (const [keyword, text] of Object.entries(messages)) add(pointer, `messages.${keyword}`, text);
      if (isObject(ui) && Array.isArray(ui.groups))
        ui.groups.forEach((group, i) => {
          if (!isObject(group)) return;
          add(`${pointer}/x-ui/groups/${i}`, 'title', group.title);
          add(`${pointer}/x-ui/groups/${i}`, 'description', group.description);
        });
      for (const holder of ['x-section', 'x-form'] as const) {
        const h = node[holder];
        if (isObject(h)) add(`${pointer}/${holder}`, 'title', h.title);
      }
      const values = node['x-values'];
      if (Array.isArray(values))
        values.forEach((v, i) => {
          if (isObject(v)) add(`${pointer}/x-values/${i}`, 'label', v.label);
        });
      const rules = node['x-rules'];
      if (Array.isArray(rules))
        rules.forEach((r, i) => {
          if (isObject(r)) add(`${pointer}/x-rules/${i}`, 'message', r.message);
        });
    }
    for (const [key, child] of Object.entries(node)) {
      if (!isMap && NOT_TEXT.has(key)) continue;
      if (typeof child === 'object' && child !== null)
        visit(child, `${pointer}/${segment(key)}`, isMap ? undefined : key);
    }
  };
  visit(doc, '', undefined);
  return out;
}

/** Whether a schemas/ file (path under schemas/) carries texts to translate. */
export function isTextFile(rel: string): boolean {
  if (!rel.endsWith('.json')) return false;
  return !['options/', 'ota-codes/', 'meta/'].some((dir) => rel.startsWith(dir));
}

/** The catalogue of a language: file -> pointer -> text key -> text. */
export type Catalogue = Record<string, Record<string, Record<string, string>>>;

/**
 * The catalogue in the order of the English texts (files, nodes, keys), without entries the
 * English does not have (returned apart: stale after a schema change, or mistyped).
 */
export function ordered(texts: readonly SchemaText[], catalogue: Catalogue): { catalogue: Catalogue; stale: string[] } {
  const out: Catalogue = {};
  const known = new Set<string>();
  for (const t of texts) {
    known.add(`${t.file}#${t.pointer}#${t.key}`);
    const value = catalogue[t.file]?.[t.pointer]?.[t.key];
    if (typeof value !== 'string') continue;
    ((out[t.file] ??= {})[t.pointer] ??= {})[t.key] = value;
  }
  const stale: string[] = [];
  for (const [file, nodes] of Object.entries(catalogue))
    for (const [pointer, keys] of Object.entries(nodes ?? {}))
      for (const key of Object.keys(keys ?? {}))
        if (!known.has(`${file}#${pointer}#${key}`)) stale.push(`${file}#${pointer} ${key}`);
  return { catalogue: out, stale };
}

/** Brand and product names written the same in every language (the "names aside"). */
export const BRAND_NAMES: ReadonlySet<string> = new Set([
  'Ananas',
  'Facebook',
  'Instagram',
  'LinkedIn',
  'Trustpilot',
  'Tripadvisor',
]);

/**
 * Why a translation may rightly equal the English: a code (file names with {placeholders},
 * wire names with underscores, URLs, e-mail and IP addresses, numbers, acronyms such as ID or
 * URL) or a brand name. Anything else identical is either a word the language spells the same
 * (German Hotel, Status; Spanish Golf) or a text left untranslated: the report lists those.
 */
export function sameInEveryLanguage(english: string): 'code' | 'name' | null {
  const text = english.trim();
  if (BRAND_NAMES.has(text)) return 'name';
  if (/[{}_@]|:\/\//.test(text) || /^[A-Z]{2,4}$/.test(text) || !/\p{L}{2}/u.test(text)) return 'code';
  return null;
}

/** Persian and Arabic-Indic digits read as ASCII ones, so a number written either way counts as kept. */
export const asciiDigits = (s: string): string =>
  s.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) & 0xf));

/**
 * Tokens a translation must carry unchanged: `code spans`, snake_case names, {placeholders} and
 * HTTP-like status numbers (in either digit script). Returns those of the English missing from it.
 */
export function lostTokens(english: string, translation: string): string[] {
  const tokens = new Set<string>();
  for (const m of english.matchAll(/`[^`]+`|\{[A-Za-z0-9_]+\}|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[1-5]\d\d\b/g))
    tokens.add(m[0]);
  const kept = asciiDigits(translation);
  return [...tokens].filter((t) => !kept.includes(t));
}
