/**
 * The schema-text catalogues on disk: the English texts of schemas/ and each language's
 * locales/<lang>/schemas.json, read, compared and written in one canonical form (schema order,
 * 2-space JSON, final newline) so a catalogue written by --merge passes Prettier unchanged.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isTextFile, lostTokens, ordered, textsOf, type Catalogue, type SchemaText } from './schema-text-keys.js';

export interface Places {
  schemas: string;
  locales: string;
}

function schemaFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  const entries = readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const entry of entries) {
    const sub = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...schemaFiles(dir, sub));
    else if (isTextFile(sub)) out.push(sub);
  }
  return out;
}

/** Every English text of the schemas, files in path order, texts in document order. */
export function englishTexts(places: Places): SchemaText[] {
  return schemaFiles(places.schemas).flatMap((rel) =>
    textsOf(rel, JSON.parse(readFileSync(path.join(places.schemas, rel), 'utf8')) as unknown),
  );
}

/** The translated languages: locales/languages.json's codes but en, else the folders of locales/. */
export function languages(places: Places): string[] {
  const list = path.join(places.locales, 'languages.json');
  if (existsSync(list))
    return (JSON.parse(readFileSync(list, 'utf8')) as { code: string }[]).map((l) => l.code).filter((c) => c !== 'en');
  if (!existsSync(places.locales)) return [];
  return readdirSync(places.locales, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'en')
    .map((e) => e.name)
    .sort();
}

export const catalogueFile = (places: Places, lang: string) => path.join(places.locales, lang, 'schemas.json');

export function readCatalogue(places: Places, lang: string): Catalogue {
  const file = catalogueFile(places, lang);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : {};
}

export const serialise = (catalogue: Catalogue) => `${JSON.stringify(catalogue, null, 2)}\n`;

/** Writes the catalogue in schema order; returns the entries dropped as not English texts. */
export function writeCatalogue(
  places: Places,
  lang: string,
  texts: readonly SchemaText[],
  catalogue: Catalogue,
): string[] {
  const { catalogue: sorted, stale } = ordered(texts, catalogue);
  mkdirSync(path.dirname(catalogueFile(places, lang)), { recursive: true });
  writeFileSync(catalogueFile(places, lang), serialise(sorted));
  return stale;
}

export const lookup = (c: Catalogue, t: SchemaText) => c[t.file]?.[t.pointer]?.[t.key];
export const where = (t: Pick<SchemaText, 'file' | 'pointer' | 'key'>) => `${t.file}#${t.pointer} ${t.key}`;

export interface LanguageReport {
  lang: string;
  total: number;
  missing: SchemaText[];
  identical: SchemaText[];
  /** Entries the English does not have (a renamed field, a typo): "file#pointer key". */
  stale: string[];
  /** Translations that dropped a `code`, snake_case name or {placeholder} of the English. */
  lost: string[];
  /** Whether the file on disk is byte for byte the canonical form (schema order, formatting). */
  inOrder: boolean;
}

export function reportOf(places: Places, lang: string, texts: readonly SchemaText[]): LanguageReport {
  const catalogue = readCatalogue(places, lang);
  const { catalogue: sorted, stale } = ordered(texts, catalogue);
  const missing: SchemaText[] = [];
  const identical: SchemaText[] = [];
  const lost: string[] = [];
  for (const t of texts) {
    const value = lookup(catalogue, t);
    if (typeof value !== 'string' || !value.trim()) {
      missing.push(t);
      continue;
    }
    if (value.trim() === t.english.trim()) identical.push(t);
    const gone = lostTokens(t.english, value);
    if (gone.length) lost.push(`${where(t)}: ${gone.join(', ')}`);
  }
  const file = catalogueFile(places, lang);
  const inOrder = !existsSync(file) || readFileSync(file, 'utf8') === serialise(sorted);
  return { lang, total: texts.length, missing, identical, stale, lost, inOrder };
}
