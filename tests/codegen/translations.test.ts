import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codegen } from '../../codegen/run.js';
import { loadSchemaSet } from '../../codegen/load.js';
import { translationReport } from '../../codegen/translations.js';

const root = path.resolve(import.meta.dirname, '../..');

type Schema = { properties: Record<string, Record<string, unknown>> };

function copyWith(change: (mainInfo: Schema) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  cpSync(path.join(root, 'schemas'), dir, { recursive: true });
  const file = path.join(dir, 'facts/main-info.schema.json');
  const json = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
  return dir;
}

describe('title translations (x-i18n)', () => {
  it('lists every fact-sheet title without a translation, and only those', async () => {
    const report = translationReport(await loadSchemaSet(path.join(root, 'schemas')));
    const where = report.missing.map((m) => m.where);
    // Translated: the section, its groups, its fields.
    expect(where).not.toContain('facts/main-info.schema.json#/x-section');
    expect(where).not.toContain('facts/main-info.schema.json#/properties/pets_allowed');
    expect(where).not.toContain('facts/main-info.schema.json#/x-ui/groups/0');
    // Hidden bookkeeping fields are no titles of a sheet.
    expect(where.some((w) => w.endsWith('/properties/version') || w.endsWith('/properties/hotel'))).toBe(false);
    expect(report.titles).toBeGreaterThan(1000);
    // A translation taken away: listed with its languages.
    const bare = copyWith((s) => {
      delete s.properties.pets_allowed!['x-i18n'];
    });
    const missing = translationReport(await loadSchemaSet(bare)).missing.filter((m) =>
      m.where.startsWith('facts/main-info.schema.json#/properties/'),
    );
    expect(missing.map((m) => [m.where, m.languages])).toEqual([
      ['facts/main-info.schema.json#/properties/pets_allowed', ['es', 'ru', 'fa']],
    ]);
  });

  it('counts a new field as missing until it is translated', async () => {
    const plain = copyWith((s) => {
      s.properties.airport_shuttle = {
        title: 'Airport shuttle',
        $ref: '../common/defs.schema.json#/$defs/flag',
        'x-ui': { group: 'main' },
      };
    });
    expect(
      translationReport(await loadSchemaSet(plain)).missing.find((m) => m.title === 'Airport shuttle')?.languages,
    ).toEqual(['es', 'ru', 'fa']);
    const partly = copyWith((s) => {
      s.properties.airport_shuttle = {
        title: 'Airport shuttle',
        'x-i18n': { fa: 'شاتل فرودگاه' },
        $ref: '../common/defs.schema.json#/$defs/flag',
        'x-ui': { group: 'main' },
      };
    });
    expect(
      translationReport(await loadSchemaSet(partly)).missing.find((m) => m.title === 'Airport shuttle')?.languages,
    ).toEqual(['es', 'ru']);
  });

  it('refuses x-i18n without a title beside it, and a misshapen one', async () => {
    const orphan = copyWith((s) => {
      s.properties.zip_code = { ...s.properties.zip_code, title: undefined };
    });
    await expect(codegen(orphan, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(
      /x-i18n needs a title beside it/,
    );
    const wrong = copyWith((s) => {
      s.properties.rating!['x-i18n'] = { de: 'Bewertung' };
    });
    await expect(codegen(wrong, mkdtempSync(path.join(os.tmpdir(), 'gen-')))).rejects.toThrow(/x-i18n/);
  }, 300_000);
});
