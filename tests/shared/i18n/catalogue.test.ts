/**
 * Issue 37: every language in locales/languages.json has complete catalogues. messages.json has
 * exactly English's keys, in order; each message parses as ICU, names the same arguments as the
 * English, and answers every plural category its locale needs. options.json and schemas.json are
 * complete (the same reports the option and schema-text checks use). Every key is used in src/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  pluralCategories,
  readLanguages,
  readMessages,
  shapeOf,
  sourceFiles,
} from '../../../scripts/i18n/messages-catalogue.js';
import { englishTexts, reportOf } from '../../../scripts/i18n/schema-catalogue.js';
import { optionsReport } from '../../../scripts/i18n/options-report.js';
import { LANGUAGES } from '../../../src/shared/i18n/languages';
import { DYNAMIC_KEY_PREFIXES } from '../../../src/shared/i18n/dynamic-keys';

const root = path.resolve(import.meta.dirname, '../../..');
const locales = path.join(root, 'locales');
const languages = readLanguages(locales);
const english = readMessages(locales, 'en') ?? {};
const englishKeys = Object.keys(english);

describe('the list of languages', () => {
  it('is what the code knows (codegen mirrors locales/languages.json), English first', () => {
    expect(LANGUAGES).toEqual(languages);
    expect(languages[0]?.code).toBe('en');
  });

  it('names each language in itself, with a locale Intl knows and a direction', () => {
    for (const l of languages) {
      expect(Intl.DateTimeFormat.supportedLocalesOf([l.locale]), l.code).toEqual([l.locale]);
      expect(['ltr', 'rtl']).toContain(l.dir);
      expect(new Intl.DisplayNames([l.locale], { type: 'language' }).of(l.code)?.toLowerCase()).toBe(
        l.name.toLowerCase(),
      );
    }
  });
});

describe('the English catalogue (the source)', () => {
  it('has keys <area>.<name>, sorted, and no empty message', () => {
    expect(englishKeys.length).toBeGreaterThan(0);
    expect(englishKeys).toEqual([...englishKeys].sort());
    for (const key of englishKeys) {
      expect(key).toMatch(/^[a-z][a-z0-9_-]*(\.[a-z0-9_]+)+$/);
      expect(english[key]?.trim(), key).toBeTruthy();
    }
  });
});

describe.each(languages.filter((l) => l.code !== 'en'))('$code ($name)', (lang) => {
  const messages = readMessages(locales, lang.code);

  it('has messages.json with exactly the English keys, in the same order', () => {
    expect(messages, `locales/${lang.code}/messages.json`).toBeDefined();
    expect(Object.keys(messages ?? {})).toEqual(englishKeys);
  });

  it('writes every message as ICU with the English arguments and the plural forms the language needs', () => {
    const needed = pluralCategories(lang.locale);
    const problems: string[] = [];
    for (const key of englishKeys) {
      const message = messages?.[key];
      if (typeof message !== 'string' || !message.trim()) {
        problems.push(`${key}: empty`);
        continue;
      }
      try {
        const mine = shapeOf(message, lang.locale);
        const theirs = shapeOf(english[key] ?? '', 'en');
        if ([...mine.args].sort().join() !== [...theirs.args].sort().join())
          problems.push(`${key}: arguments {${[...mine.args].join()}} instead of {${[...theirs.args].join()}}`);
        for (const p of mine.plurals) {
          const lacking = needed.filter((c) => !p.categories.includes(c));
          if (lacking.length) problems.push(`${key}: plural {${p.arg}} lacks ${lacking.join(', ')}`);
        }
      } catch (e) {
        problems.push(`${key}: ${(e as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has every schema text (schemas.json)', () => {
    const report = reportOf(
      { schemas: path.join(root, 'schemas'), locales },
      lang.code,
      englishTexts({
        schemas: path.join(root, 'schemas'),
        locales,
      }),
    );
    expect(report.missing.map((t) => `${t.file}#${t.pointer} ${t.key}`)).toEqual([]);
  });

  it('has every option label (options.json)', () => {
    const report = optionsReport(root).find((r) => r.language === lang.code);
    expect(report, `locales/${lang.code}/options.json`).toBeDefined();
    expect(report?.missing).toEqual([]);
  });
});

describe('the English messages themselves', () => {
  it('parse as ICU, and plurals answer the English categories', () => {
    for (const key of englishKeys) {
      const shape = shapeOf(english[key] ?? '', 'en');
      for (const p of shape.plurals) expect(p.categories, key).toEqual(expect.arrayContaining(pluralCategories('en')));
    }
  });
});

describe('message keys in use', () => {
  const sources = sourceFiles(path.join(root, 'src'), ['.ts', '.tsx'])
    .filter((f) => !f.includes(`${path.sep}generated${path.sep}`))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const literal = (s: string) => [`'${s}'`, `"${s}"`, `\`${s}\``].some((q) => sources.includes(q));

  it('every key of the catalogue is written somewhere in src/ (or under a declared dynamic prefix)', () => {
    const unused = englishKeys.filter((k) => !literal(k) && !DYNAMIC_KEY_PREFIXES.some((p) => k.startsWith(p)));
    expect(unused).toEqual([]);
  });

  it('every declared dynamic prefix has keys and is written in src/', () => {
    for (const prefix of DYNAMIC_KEY_PREFIXES) {
      expect(
        englishKeys.some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
      expect(sources.includes(`\`${prefix}\${`), prefix).toBe(true);
    }
  });
});
