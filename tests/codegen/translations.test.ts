import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codegen } from '../../codegen/run.js';
import { loadSchemaSet } from '../../codegen/load.js';
import { loadLocales, translatedOptions, withTexts } from '../../codegen/locales.js';
import { translationReport } from '../../codegen/translations.js';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { createAjv } from '../../src/shared/ajv.js';

const root = path.resolve(import.meta.dirname, '../..');
const MAIN_INFO = 'facts/main-info.schema.json';

type Schema = { properties: Record<string, Record<string, unknown>> };
type Catalogue = Record<string, Record<string, Record<string, string>>>;

function schemasWith(change: (mainInfo: Schema) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  cpSync(path.join(root, 'schemas'), dir, { recursive: true });
  const file = path.join(dir, MAIN_INFO);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
  return dir;
}

/** A copy of locales/ with one language's schema catalogue changed. */
function localesWith(lang: string, change: (catalogue: Catalogue) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'locales-'));
  cpSync(path.join(root, 'locales'), dir, { recursive: true });
  const file = path.join(dir, lang, 'schemas.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
  return dir;
}

describe('schema texts and option labels from the catalogues (locales/<lang>/)', () => {
  it('lists every fact-sheet title a catalogue does not translate, and only those', async () => {
    const set = await loadSchemaSet(path.join(root, 'schemas'));
    const report = translationReport(set, loadLocales(path.join(root, 'locales')));
    expect(report.languages).toEqual(expect.arrayContaining(['es', 'ru', 'fa', 'de']));
    expect(report.titles).toBeGreaterThan(1000);
    expect(report.missing).toEqual([]);
    const bare = localesWith('es', (c) => {
      delete c[MAIN_INFO]!['/properties/pets_allowed'];
      delete c[MAIN_INFO]!['/x-section'];
    });
    const missing = translationReport(set, loadLocales(bare)).missing;
    expect(missing.map((m) => [m.where, m.languages])).toEqual([
      [`${MAIN_INFO}#/x-section`, ['es']],
      [`${MAIN_INFO}#/properties/pets_allowed`, ['es']],
    ]);
  });

  it('writes each printed text beside its English in the server bundle, never in the client sections', async () => {
    const locales = loadLocales(path.join(root, 'locales'));
    const es = locales.schemas.get('es')![MAIN_INFO]!;
    const served = (bundle as unknown as SchemaBundle).schemas.find(
      (s) => s.$id === `https://ananas.dev/schemas/${MAIN_INFO}`,
    )!;
    const pets = (served.properties as Record<string, Record<string, unknown>>).pets_allowed!;
    expect(pets.title).toBe('Pets allowed');
    expect((pets['x-texts'] as Record<string, { title: string }>).es!.title).toBe(
      es['/properties/pets_allowed']!.title,
    );
    expect((pets['x-texts'] as Record<string, { title: string }>).de!.title).toBeTruthy();
    // Descriptions and help are the client's: not carried by the server's bundle.
    expect(JSON.stringify(pets['x-texts'])).not.toMatch(/"(description|help)"/);
    // A rule's words stand on the node that holds the rules, by the rule's place (rules.<i>).
    const childTax = (served.properties as Record<string, Record<string, unknown>>).child_tax!;
    expect((childTax['x-texts'] as Record<string, Record<string, string>>).ru!['rules.0']).toBe(
      locales.schemas.get('ru')![MAIN_INFO]!['/properties/child_tax/x-rules/0']!.message,
    );
    const client = readFileSync(path.join(root, 'src/shared/generated/sections/main-info.ts'), 'utf8');
    expect(client).not.toMatch(/x-texts|x-i18n/);

    // A text the catalogue lacks is printed in English (no x-texts for that language).
    const set = withTexts(
      await loadSchemaSet(path.join(root, 'schemas')),
      loadLocales(localesWith('ru', (c) => delete c[MAIN_INFO]!['/properties/pets_allowed'])),
    );
    const node = (set.schemas.get(MAIN_INFO)!.schema.properties as Record<string, Record<string, unknown>>)
      .pets_allowed!;
    expect(Object.keys(node['x-texts'] as object).sort()).toEqual(['de', 'es', 'fa']);
  });

  it('keeps every schema of the bundle valid for the server (x-texts only where the meta-schema allows it)', () => {
    const ajv = createAjv({ verbose: true });
    const schemas = (bundle as unknown as SchemaBundle).schemas;
    for (const s of schemas) ajv.addSchema(s);
    for (const s of schemas) expect(() => ajv.getSchema(s.$id as string), s.$id as string).not.toThrow();
  });

  it('gives every option label its translations from locales/<lang>/options.json', async () => {
    const locales = loadLocales(path.join(root, 'locales'));
    const set = await loadSchemaSet(path.join(root, 'schemas'));
    const boards = translatedOptions([set.options.get('boards')!], locales)[0]!;
    const roomOnly = boards.options.find((o) => o.value === 'Room only')!;
    expect(roomOnly.label.en).toBe('without board');
    for (const lang of ['es', 'ru', 'fa', 'de'])
      expect(roomOnly.label[lang]).toBe(locales.options.get(lang)!.boards!['Room only']);
    // The schema files hold the English only: one source per text.
    expect(Object.keys(set.options.get('boards')!.options[0]!.label)).toEqual(['en']);
  });

  it('refuses a translation written in a schema file, and x-texts written by hand', async () => {
    const inline = schemasWith((s) => {
      s.properties.rating!['x-i18n'] = { es: 'Categoría' };
    });
    await expect(codegen(inline, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(
      /x-i18n is gone; translate the text in locales/,
    );
    const texts = schemasWith((s) => {
      s.properties.rating!['x-texts'] = { es: { title: 'Categoría' } };
    });
    await expect(codegen(texts, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(
      /x-texts is written by codegen/,
    );
  }, 300_000);
});
