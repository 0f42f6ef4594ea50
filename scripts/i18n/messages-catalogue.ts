import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The message catalogues (locales/<lang>/messages.json): reading them and what the completeness
 * test checks in each ICU message (its arguments, its plural categories).
 */
export interface LanguageEntry {
  code: string;
  name: string;
  locale: string;
  dir: string;
}

export const readLanguages = (locales: string): LanguageEntry[] =>
  JSON.parse(readFileSync(path.join(locales, 'languages.json'), 'utf8')) as LanguageEntry[];

export function readMessages(locales: string, code: string): Record<string, string> | undefined {
  const file = path.join(locales, code, 'messages.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : undefined;
}

// The element kinds of intl-messageformat's AST that name an argument (argument, number, date,
// time, select, plural, tag), and the plural kind.
const ARGUMENT_KINDS = new Set([1, 2, 3, 4, 5, 6, 8]);
const PLURAL = 6;

interface Element {
  type: number;
  value?: unknown;
  pluralType?: string;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

/** What a message uses: its argument names and, per plural argument, the categories it answers. */
export interface MessageShape {
  args: Set<string>;
  plurals: { arg: string; categories: string[] }[];
}

/** Parses an ICU message (throws on a syntax error) and answers its shape. */
export function shapeOf(message: string, locale: string): MessageShape {
  const shape: MessageShape = { args: new Set(), plurals: [] };
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      if (ARGUMENT_KINDS.has(e.type) && typeof e.value === 'string') shape.args.add(e.value);
      if (e.type === PLURAL && e.pluralType !== 'ordinal' && e.options && typeof e.value === 'string')
        shape.plurals.push({ arg: e.value, categories: Object.keys(e.options) });
      for (const option of Object.values(e.options ?? {})) walk(option.value);
      if (e.children) walk(e.children);
    }
  };
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: false }).getAst() as Element[]);
  return shape;
}

const LITERAL = 0;
const SELECT = 5;

/** The words of a text (letters, with the marks, joiners and hyphens inside a word), lowercased. */
export const wordsIn = (text: string): string[] =>
  (text.match(/\p{L}[\p{L}\p{M}\u200c'’-]*/gu) ?? []).map((w) => w.toLowerCase());

/**
 * The words a message writes itself, not its arguments' values: `always` those outside plurals and
 * selects (every text of the message shows them), `choices` one list per plural or select of the
 * top level with the words of each of its forms, and `all` of them together.
 */
export interface MessageWords {
  always: Set<string>;
  choices: Set<string>[][];
  all: Set<string>;
}

export function messageWords(message: string, locale: string): MessageWords {
  const out: MessageWords = { always: new Set(), choices: [], all: new Set() };
  const literals = (elements: Element[], into: Set<string>) => {
    for (const e of elements) {
      if (e.type === LITERAL && typeof e.value === 'string') for (const w of wordsIn(e.value)) into.add(w);
      for (const option of Object.values(e.options ?? {})) literals(option.value, into);
      if (e.children) literals(e.children, into);
    }
  };
  const ast = new IntlMessageFormat(message, locale, undefined, { ignoreTag: false }).getAst() as Element[];
  for (const e of ast) {
    if ((e.type === PLURAL || e.type === SELECT) && e.options)
      out.choices.push(
        Object.values(e.options).map((option) => {
          const words = new Set<string>();
          literals(option.value, words);
          return words;
        }),
      );
    else literals([e], out.always);
  }
  literals(ast, out.all);
  return out;
}

/** The plural categories a locale's numbers fall into (ru: one, few, many, other). */
export const pluralCategories = (locale: string): string[] =>
  [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();

/** Every file under a folder with one of the extensions, as paths. */
export function sourceFiles(dir: string, extensions: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full, extensions));
    else if (extensions.some((e) => name.endsWith(e))) out.push(full);
  }
  return out;
}
