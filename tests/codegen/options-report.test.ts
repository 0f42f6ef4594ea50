import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionsReport, type LanguageReport } from '../../scripts/i18n/options-report.js';

/** Issue 37: the option labels of every language (locales/<lang>/options.json) and the report that measures them. */
const root = path.resolve(import.meta.dirname, '../..');
const LANGUAGES = ['de', 'es', 'fa', 'ru'];

type Labels = Record<string, Record<string, string>>;
type OptionList = { category: string; options: { value: string | number }[] };

/**
 * A locale file's text in the lists' order (JSON.stringify would put integer-like keys such as the
 * ratings "5", "4" first); keys the lists do not have come after.
 */
function serialize(labels: Labels): string {
  const lists = readdirSync(path.join(root, 'schemas/options'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(root, 'schemas/options', name), 'utf8')) as OptionList);
  const order = new Map(lists.map((l) => [l.category, l.options.map((o) => String(o.value))]));
  const rank = (keys: string[], known: string[]) =>
    [...keys].sort((a, b) => (known.indexOf(a) + 1 || 1e9) - (known.indexOf(b) + 1 || 1e9));
  const categories = rank(Object.keys(labels), [...order.keys()]);
  const body = categories.map((c) => {
    const entries = rank(Object.keys(labels[c]!), order.get(c) ?? []).map(
      (v) => `    ${JSON.stringify(v)}: ${JSON.stringify(labels[c]![v])}`,
    );
    return `  ${JSON.stringify(c)}: {\n${entries.join(',\n')}\n  }`;
  });
  return `{\n${body.join(',\n')}\n}\n`;
}

/** A copy of the option lists, the locale files and the reviewed list, changed by `change` per language. */
function copyWith(change: (language: string, labels: Labels) => Labels | string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'options-report-'));
  cpSync(path.join(root, 'schemas/options'), path.join(dir, 'schemas/options'), { recursive: true });
  mkdirSync(path.join(dir, 'scripts/i18n'), { recursive: true });
  cpSync(
    path.join(root, 'scripts/i18n/options-same-as-english.json'),
    path.join(dir, 'scripts/i18n/options-same-as-english.json'),
  );
  for (const language of LANGUAGES) {
    const labels = JSON.parse(readFileSync(path.join(root, 'locales', language, 'options.json'), 'utf8')) as Labels;
    const changed = change(language, labels);
    mkdirSync(path.join(dir, 'locales', language), { recursive: true });
    writeFileSync(
      path.join(dir, 'locales', language, 'options.json'),
      typeof changed === 'string' ? changed : serialize(changed),
    );
  }
  return dir;
}

const of = (reports: LanguageReport[], language: string) => reports.find((r) => r.language === language)!;

describe('option labels in every language', () => {
  const reports = optionsReport(root);

  it('translates every option of every list into es, ru, fa and de, in the lists order, nothing stale', () => {
    expect(reports.map((r) => r.language)).toEqual(expect.arrayContaining(LANGUAGES));
    for (const r of reports) {
      expect(r.total, r.language).toBeGreaterThan(1300);
      expect(r.missing, r.language).toEqual([]);
      expect(r.stale, r.language).toEqual([]);
      expect(r.unordered, r.language).toEqual([]);
      expect(r.outdatedReviews, r.language).toEqual([]);
    }
  });

  it('leaves at most 3 % in English per language, and none unreviewed', () => {
    for (const r of reports) {
      expect(r.leftInEnglishPercent, r.language).toBeLessThanOrEqual(3);
      expect(
        r.identical.filter((i) => i.kind === 'same as English here' && !i.reviewed),
        r.language,
      ).toEqual([]);
    }
    // Russian and Persian write nothing like English but brands, product names and fonts.
    for (const language of ['ru', 'fa'])
      expect(of(reports, language).identical.filter((i) => i.kind === 'same as English here')).toEqual([]);
  });

  it('writes Persian with Persian letters and digits: no Arabic yeh or kaf, no Latin digits', () => {
    const fa = JSON.parse(readFileSync(path.join(root, 'locales/fa/options.json'), 'utf8')) as Labels;
    const labels = Object.values(fa).flatMap((list) => Object.values(list));
    expect(labels.filter((l) => /[\u064A\u0643\u0649]/.test(l))).toEqual([]);
    expect(labels.filter((l) => /[0-9]/.test(l))).toEqual([]);
    expect(fa.boards?.['Half Board']).toBe('نیم\u200cپانسیون');
  });
});

describe('options report', () => {
  it('counts a removed label as missing and a label left in English as left in English', () => {
    const dir = copyWith((language, labels) => {
      if (language === 'es') delete labels.boards!['Half Board'];
      if (language === 'ru') labels.roomViews!['Sea view'] = 'Sea view';
      return labels;
    });
    const reports = optionsReport(dir);
    expect(of(reports, 'es').missing).toEqual([{ category: 'boards', value: 'Half Board' }]);
    expect(of(reports, 'es').leftInEnglish).toBe(1);
    const ru = of(reports, 'ru');
    expect(ru.missing).toEqual([]);
    expect(ru.identical).toContainEqual({
      category: 'roomViews',
      value: 'Sea view',
      label: 'Sea view',
      kind: 'same as English here',
      reviewed: false,
    });
    expect(ru.leftInEnglish).toBe(1);
    expect(ru.leftInEnglishPercent).toBeCloseTo(100 / ru.total);
  });

  it('tells names kept by every language and labels without words from English left behind', () => {
    const reports = optionsReport(root);
    const kind = (language: string, category: string, value: string) =>
      of(reports, language).identical.find((i) => i.category === category && i.value === value)?.kind;
    expect(kind('fa', 'creditCards', 'Visa')).toBe('name or code');
    expect(kind('de', 'roomSequences', '7')).toBe('no words');
    expect(kind('de', 'accommodationTypes', 'Hotel')).toBe('same as English here');
    // Once one language writes the brand its own way, the others keeping it are English left behind.
    const dir = copyWith((language, labels) => {
      if (language === 'fa') labels.creditCards!.Visa = 'ویزا';
      return labels;
    });
    const changed = optionsReport(dir);
    expect(of(changed, 'de').identical.find((i) => i.value === 'Visa')).toMatchObject({
      kind: 'same as English here',
      reviewed: false,
    });
    expect(of(changed, 'de').leftInEnglish).toBe(1);
  });

  it('lists stale entries, lists out of order (integer-like keys too) and reviews that no longer apply', () => {
    const dir = copyWith((language, labels) => {
      if (language === 'de') {
        labels.boards!['Half board (old)'] = 'Halbpension';
        labels.noSuchList = { a: 'b' };
        labels.accommodationTypes!.Hotel = 'Gasthof';
      }
      if (language !== 'ru') return labels;
      // The ratings written with 1 star first: JSON.parse would hide it, the file order shows it.
      const lines = serialize(labels).split('\n');
      const start = lines.indexOf('  "ratings": {');
      const five = lines.findIndex((l, i) => i > start && l.startsWith('    "5": '));
      const one = lines.findIndex((l, i) => i > start && l.startsWith('    "1": '));
      const bare = (l: string) => l.replace(/,$/, '');
      [lines[five], lines[one]] = [`${bare(lines[one]!)},`, bare(lines[five]!)];
      return lines.join('\n');
    });
    const reports = optionsReport(dir);
    const de = of(reports, 'de');
    expect(de.stale).toEqual(['boards/Half board (old)', 'noSuchList']);
    expect(de.outdatedReviews).toEqual(['accommodationTypes: Hotel']);
    expect(of(reports, 'ru').unordered).toEqual(['ratings']);
    expect(of(reports, 'ru').missing).toEqual([]);
    expect(of(reports, 'es').unordered).toEqual([]);
  });
});
