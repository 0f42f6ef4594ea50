/**
 * Issue 37: every text of the schemas in every language. The rules of what is a text (and under
 * which key locales/<lang>/schemas.json translates it), and the catalogues themselves: complete,
 * nothing stale, no `code`, snake_case name or {placeholder} of the English lost, in schema order.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { englishTexts, languages, reportOf, writeCatalogue, type Places } from '../../scripts/i18n/schema-catalogue.js';
import {
  isTextFile,
  lostTokens,
  ordered,
  sameInEveryLanguage,
  textsOf,
  type SchemaText,
} from '../../scripts/i18n/schema-text-keys.js';

const root = path.resolve(import.meta.dirname, '../..');
const places: Places = { schemas: path.join(root, 'schemas'), locales: path.join(root, 'locales') };
const keyed = (texts: SchemaText[]) => texts.map((t) => `${t.pointer} ${t.key}: ${t.english}`);

/** A section schema using every kind of text and every kind of non-text the rules tell apart. */
const section = {
  title: 'Pets',
  description: 'What a hotel says about pets.',
  'x-i18n': { es: 'Mascotas' },
  'x-section': { key: 'pets', tab: 'pets', title: 'Pets tab', 'x-i18n': { es: 'Mascotas' } },
  'x-ui': {
    groups: [
      { key: 'rules', title: 'Rules', description: 'House rules.', 'x-i18n': { ru: 'Правила' } },
      { key: 'costs', title: 'Costs' },
    ],
    itemLabel: 'Pet',
  },
  type: 'object',
  properties: {
    // A property named like a text keyword is a field, not a text of the map.
    title: { title: 'Pet title', type: 'string', enum: ['Dog', 'Cat'], default: 'Dog' },
    pets_allowed: {
      title: 'Pets allowed',
      'x-i18n': { es: 'Se admiten mascotas' },
      type: ['boolean', 'null'],
      'x-ui': { group: 'rules', row: 'pets', column: 'flag', widget: 'yesno', help: 'Dogs and cats.' },
      'x-messages': { required: 'Say whether pets are allowed.' },
    },
    'a/b~c': { title: 'Odd name', const: 'Additional Charge', 'x-ui': { placeholder: 'e.g. 5', group: 'costs' } },
    tax: {
      type: 'object',
      properties: { tax_charges: { title: 'Tax: charges', 'x-options': 'charges' } },
      'x-list-flags': { towels: 'towels_on' },
      'x-rules': [{ field: 'tax_from', lte: 'tax_to', message: 'The tax period must not end before it starts.' }],
    },
  },
  $defs: {
    state: {
      title: 'State',
      'x-values': [{ value: 0, label: 'Free Sale', code: 'free', mark: 'FS', colour: '#1976d2' }],
      'x-named-values': ['primary'],
    },
    publish: { $comment: 'For maintainers only.', required: ['title'] },
  },
};

describe('what a schema text is', () => {
  it('takes titles, descriptions, x-ui help, placeholder and itemLabel, messages, rules’ words, group, section and value labels', () => {
    expect(keyed(textsOf('facts/pets.schema.json', section))).toEqual([
      ' title: Pets',
      ' description: What a hotel says about pets.',
      ' itemLabel: Pet',
      '/x-ui/groups/0 title: Rules',
      '/x-ui/groups/0 description: House rules.',
      '/x-ui/groups/1 title: Costs',
      '/x-section title: Pets tab',
      '/properties/title title: Pet title',
      '/properties/pets_allowed title: Pets allowed',
      '/properties/pets_allowed help: Dogs and cats.',
      '/properties/pets_allowed messages.required: Say whether pets are allowed.',
      '/properties/a~1b~0c title: Odd name',
      '/properties/a~1b~0c placeholder: e.g. 5',
      '/properties/tax/x-rules/0 message: The tax period must not end before it starts.',
      '/properties/tax/properties/tax_charges title: Tax: charges',
      '/$defs/state title: State',
      '/$defs/state/x-values/0 label: Free Sale',
    ]);
  });

  it("takes routes.json's tag descriptions, route summaries and descriptions, and response descriptions", () => {
    const routes = {
      tags: { auth: 'Sign-in and sign-out.' },
      routes: [
        {
          operationId: 'login',
          path: 'api/auth/token/login/',
          summary: 'Sign in',
          description: 'Counts towards the ban.',
          responses: { '200': { schema: 'auth/token.schema.json' }, '429': { description: 'Paused' } },
          params: { section: 'main-info' },
        },
      ],
    };
    expect(keyed(textsOf('routes.json', routes))).toEqual([
      '/tags/auth description: Sign-in and sign-out.',
      '/routes/0 summary: Sign in',
      '/routes/0 description: Counts towards the ban.',
      '/routes/0/responses/429 description: Paused',
    ]);
  });

  it('leaves out option lists, OTA code lists and the meta schemas', () => {
    expect(isTextFile('facts/main-info.schema.json')).toBe(true);
    expect(isTextFile('routes.json')).toBe(true);
    expect(isTextFile('options/boards.json')).toBe(false);
    expect(isTextFile('ota-codes/amenities.json')).toBe(false);
    expect(isTextFile('meta/x-keywords.schema.json')).toBe(false);
    expect(isTextFile('README.md')).toBe(false);
  });
});

describe('a catalogue', () => {
  const texts = textsOf('facts/pets.schema.json', section);

  it('is written in the order of the English texts, and what the English lacks is named, not kept', () => {
    const { catalogue, stale } = ordered(texts, {
      'facts/pets.schema.json': {
        '/properties/pets_allowed': { help: 'Perros y gatos.', title: 'Se admiten mascotas' },
        '': { title: 'Mascotas' },
        '/properties/gone': { title: 'Borrado' },
      },
    });
    expect(JSON.stringify(catalogue)).toBe(
      JSON.stringify({
        'facts/pets.schema.json': {
          '': { title: 'Mascotas' },
          '/properties/pets_allowed': { title: 'Se admiten mascotas', help: 'Perros y gatos.' },
        },
      }),
    );
    expect(stale).toEqual(['facts/pets.schema.json#/properties/gone title']);
  });

  it('must keep wire names, code spans, placeholders and status codes (in either digit script)', () => {
    const english = 'Send `version` back: tax_applicable is true for {hotel}, else 409.';
    expect(lostTokens(english, 'Envíe `version`: tax_applicable es true para {hotel}, si no 409.')).toEqual([]);
    expect(lostTokens(english, '`version` را بفرستید: tax_applicable برای {hotel} برابر true است، وگرنه ۴۰۹.')).toEqual(
      [],
    );
    expect(lostTokens(english, 'Envíe la versión: se aplica el impuesto para {hotel}, si no 409.')).toEqual([
      '`version`',
      'tax_applicable',
    ]);
  });

  it('tells codes and brand names, which read the same in every language, from words', () => {
    expect(sameInEveryLanguage('fact-sheet-{id}.pdf')).toBe('code');
    expect(sameInEveryLanguage('OTA_HotelAvailNotifRQ')).toBe('code');
    expect(sameInEveryLanguage('https://www.example.com')).toBe('code');
    expect(sameInEveryLanguage('123456')).toBe('code');
    expect(sameInEveryLanguage('URL')).toBe('code');
    expect(sameInEveryLanguage('Tripadvisor')).toBe('name');
    expect(sameInEveryLanguage('Hotel')).toBeNull();
    expect(sameInEveryLanguage('Sea view')).toBeNull();
  });
});

describe('the report of a language', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'schema-texts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fixture: Places = { schemas: path.join(dir, 'schemas'), locales: path.join(dir, 'locales') };
  mkdirSync(path.join(fixture.schemas, 'facts'), { recursive: true });
  mkdirSync(path.join(fixture.schemas, 'options'), { recursive: true });
  writeFileSync(path.join(fixture.schemas, 'facts/pets.schema.json'), JSON.stringify(section));
  writeFileSync(path.join(fixture.schemas, 'options/charges.json'), JSON.stringify({ title: 'Charges' }));
  const texts = englishTexts(fixture);

  it('counts missing, identical, stale and lost texts, and whether the file is in canonical form', () => {
    expect(texts.map((t) => t.file)).not.toContain('options/charges.json');
    writeCatalogue(fixture, 'es', texts, {
      'facts/pets.schema.json': {
        '': { title: 'Mascotas', description: 'What a hotel says about pets.' },
        '/properties/pets_allowed': { title: 'Se admiten mascotas' },
      },
    });
    const written = reportOf(fixture, 'es', texts);
    expect(written.missing).toHaveLength(texts.length - 3);
    expect(written.identical.map((t) => t.key)).toEqual(['description']);
    expect(written.inOrder).toBe(true);

    // Hand-edited out of order, with an entry the English lacks: both are reported.
    const file = path.join(fixture.locales, 'es/schemas.json');
    writeFileSync(
      file,
      JSON.stringify({
        'facts/pets.schema.json': { '/properties/pets_allowed': { title: 'Sí' }, '/x': { title: 'X' } },
      }),
    );
    const edited = reportOf(fixture, 'es', texts);
    expect(edited.inOrder).toBe(false);
    expect(edited.stale).toEqual(['facts/pets.schema.json#/x title']);
    expect(languages(fixture)).toEqual(['es']);
    expect(readFileSync(file, 'utf8')).toContain('"Sí"');
  });
});

describe('the catalogues of locales/', () => {
  const texts = englishTexts(places);
  const langs = languages(places);

  it('cover Spanish, Russian, Persian and German', () => {
    expect(langs).toEqual(expect.arrayContaining(['es', 'ru', 'fa', 'de']));
  });

  it.each(langs)('%s: every schema text translated, none stale, no token lost, in schema order', (lang) => {
    const r = reportOf(places, lang, texts);
    // npx tsx scripts/i18n/schema-texts.ts --missing <lang> lists what to translate; --merge brings it back.
    expect(r.missing.map((t) => `${t.file}#${t.pointer} ${t.key}`)).toEqual([]);
    expect(r.stale).toEqual([]);
    expect(r.lost).toEqual([]);
    expect(r.inOrder).toBe(true);
  });
});
