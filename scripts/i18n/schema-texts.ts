/**
 * npx tsx scripts/i18n/schema-texts.ts [--report [lang...] | --missing <lang> | --merge <lang> <file> | --check]
 *
 * The texts of the schemas (titles, descriptions, help, placeholders, group and section titles,
 * messages, route summaries: the rules are in schema-text-keys.ts) and their translations in
 * locales/<lang>/schemas.json (issue 37).
 *
 * - no option: every English text, as JSON keyed like locales/<lang>/schemas.json.
 * - --report: per language, texts, translated, missing, identical to English (split into codes,
 *   brand names and the rest, which are listed so a reviewer can tell a word the language spells
 *   the same from a forgotten text), stale entries the English no longer has, and translations
 *   that lost a `code`, snake_case name or {placeholder} of the English.
 * - --missing <lang>: the untranslated texts as JSON (the English as the value): translate the
 *   values and bring the file back with --merge.
 * - --merge <lang> <file>: writes the file's entries into locales/<lang>/schemas.json, the whole
 *   catalogue in schema order (files, nodes, keys), stale entries dropped and named.
 * - --check: exits 1 when a language misses a text, has a stale entry, lost a token or is not in
 *   the canonical order and form.
 *
 * Languages are locales/languages.json's codes but English (the schema files are the English);
 * without that list, the folders of locales/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  englishTexts,
  languages,
  lookup,
  readCatalogue,
  reportOf,
  serialise,
  where,
  writeCatalogue,
  type LanguageReport,
  type Places,
} from './schema-catalogue.js';
import { sameInEveryLanguage, type Catalogue, type SchemaText } from './schema-text-keys.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const places: Places = { schemas: path.join(root, 'schemas'), locales: path.join(root, 'locales') };

const percent = (n: number, of: number) => `${of ? ((100 * n) / of).toFixed(1) : '0.0'} %`;

function printReport(r: LanguageReport) {
  const codes = r.identical.filter((t) => sameInEveryLanguage(t.english) === 'code').length;
  const names = r.identical.filter((t) => sameInEveryLanguage(t.english) === 'name').length;
  const others = r.identical.filter((t) => !sameInEveryLanguage(t.english));
  const translated = r.total - r.missing.length;
  console.log(
    `${r.lang}: ${r.total} texts, ${translated} translated, ${r.missing.length} missing (${percent(r.missing.length, r.total)}), ` +
      `${r.identical.length} identical to English (${percent(r.identical.length, r.total)}: ${codes} codes, ${names} brand names, ` +
      `${others.length} other (${percent(others.length, r.total)})), ${r.stale.length} stale, ${r.lost.length} lost tokens` +
      (r.inOrder ? '' : ', not in schema order (--merge rewrites it)'),
  );
  // Codes and brand names are the same by nature; the others need a reviewer's eye.
  for (const t of others) console.log(`  identical  ${where(t)}: ${JSON.stringify(t.english)}`);
  for (const s of r.stale) console.log(`  stale      ${s}`);
  for (const l of r.lost) console.log(`  lost token ${l}`);
}

function missingJson(lang: string, texts: SchemaText[]): Catalogue {
  const catalogue = readCatalogue(places, lang);
  const out: Catalogue = {};
  for (const t of texts)
    if (typeof lookup(catalogue, t) !== 'string') ((out[t.file] ??= {})[t.pointer] ??= {})[t.key] = t.english;
  return out;
}

function merge(lang: string, from: string, texts: SchemaText[]) {
  const catalogue = readCatalogue(places, lang);
  const incoming = JSON.parse(readFileSync(from, 'utf8')) as Catalogue;
  for (const [file, nodes] of Object.entries(incoming))
    for (const [pointer, keys] of Object.entries(nodes))
      for (const [key, value] of Object.entries(keys))
        if (typeof value === 'string' && value.trim()) ((catalogue[file] ??= {})[pointer] ??= {})[key] = value;
  for (const s of writeCatalogue(places, lang, texts, catalogue)) console.warn(`dropped (not an English text): ${s}`);
  const r = reportOf(places, lang, texts);
  console.log(`${lang}: ${r.total - r.missing.length} of ${r.total} texts`);
}

function main(argv: string[]): number {
  const texts = englishTexts(places);
  const [mode, ...rest] = argv;
  if (!mode) {
    const out: Catalogue = {};
    for (const t of texts) ((out[t.file] ??= {})[t.pointer] ??= {})[t.key] = t.english;
    process.stdout.write(serialise(out));
    return 0;
  }
  if (mode === '--report') {
    console.log(`${texts.length} English texts in ${new Set(texts.map((t) => t.file)).size} files`);
    for (const lang of rest.length ? rest : languages(places)) printReport(reportOf(places, lang, texts));
    return 0;
  }
  if (mode === '--missing' && rest[0]) {
    process.stdout.write(serialise(missingJson(rest[0], texts)));
    return 0;
  }
  if (mode === '--merge' && rest[0] && rest[1]) {
    merge(rest[0], rest[1], texts);
    return 0;
  }
  if (mode === '--check') {
    let failed = false;
    for (const lang of languages(places)) {
      const r = reportOf(places, lang, texts);
      const problems = [
        r.missing.length ? `${r.missing.length} missing` : '',
        r.stale.length ? `${r.stale.length} stale` : '',
        r.lost.length ? `${r.lost.length} lost tokens` : '',
        r.inOrder ? '' : 'not in schema order',
      ].filter(Boolean);
      if (problems.length) {
        failed = true;
        console.error(`${lang}: ${problems.join(', ')} (--report ${lang} lists them)`);
      }
    }
    return failed ? 1 : 0;
  }
  console.error(
    'usage: npx tsx scripts/i18n/schema-texts.ts [--report [lang...] | --missing <lang> | --merge <lang> <file> | --check]',
  );
  return 2;
}

process.exitCode = main(process.argv.slice(2));
