/**
 * The shared request reader and answer completer on small schemas: what is dropped, coerced and
 * matched, and what is left for validation to refuse; closed objects expressed by
 * additionalProperties and by unevaluatedProperties (with allOf, if/then, anyOf), nested objects
 * and list rows.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../src/shared/bundle-types.js';
import { readRequest, type ReadMode } from '../../../src/server/routing/request-reader.js';
import { completer } from '../../../src/server/routing/answer.js';
import { answerForm, lacksRequired } from '../../../src/shared/answer-form.js';

const options = { caseInsensitive: (c: string) => c === 'languages' };
const read = (schema: JsonSchema, value: unknown, mode: ReadMode = 'json', list = false) =>
  readRequest(schema, value, mode, options, list);

const room: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'integer', minimum: 0, default: 0 },
    hotel: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    units: { type: ['integer', 'null'] },
    size: { type: ['number', 'null'] },
    single: { type: ['boolean', 'null'] },
    view: { type: ['string', 'null'], 'x-options': 'roomViews', enum: ['Sea view', 'Pool side', null] },
    features: { type: 'array', items: { type: 'string', enum: ['Air conditioning', 'Balcony'] } },
    tax: {
      type: 'object',
      additionalProperties: false,
      'x-flat': { flag: 'tax_applicable' },
      properties: {
        tax_applicable: { type: ['boolean', 'null'] },
        tax_charges: { type: ['string', 'null'], enum: ['Inclusive', 'Additional Charge', null] },
      },
    },
  },
};

describe('reading a request as DRF does', () => {
  it('coerces unambiguous scalar text and leaves the rest for validation to refuse', () => {
    const { value } = read(room, { name: 5, units: '2', size: ' 4.5 ', single: 'true', hotel: '7' });
    expect(value).toEqual({ name: '5', units: 2, size: 4.5, single: true, hotel: 7 });
    expect(read(room, { units: ' +2 ', single: 'False' }).value).toEqual({ units: 2, single: false });
    // A whole number is decimal digits only: "2.0" is refused by validation, not read as 2.
    for (const bad of ['abc', '2.5', '2.0', '1e3', '', '0x10', 'Infinity'])
      expect(read(room, { units: bad }).value).toEqual({ units: bad });
    expect(read(room, { single: 'perhaps', size: '' }).value).toEqual({ single: 'perhaps', size: '' });
    // null is never turned into 0, false or "" (DRF refuses null where it is not allowed).
    expect(read(room, { hotel: null, name: null }).value).toEqual({ hotel: null, name: null });
    // Booleans never become numbers or text.
    expect(read(room, { units: true, name: false }).value).toEqual({ units: true, name: false });
  });

  it('drops unknown keys of closed objects, nested objects and list rows, naming their paths', () => {
    const { value, ignored } = read(
      room,
      [
        { name: 'A', colour: 'red', tax: { tax_applicable: true, typo_charges: 'x' } },
        { name: 'B', isSelected: true },
      ],
      'json',
      true,
    );
    expect(value).toEqual([{ name: 'A', tax: { tax_applicable: true } }, { name: 'B' }]);
    expect(ignored).toEqual(['0.colour', '0.tax.typo_charges', '1.isSelected']);
  });

  it('keeps what unevaluatedProperties evaluates through allOf, if/then/else and anyOf, drops the rest', () => {
    const schema: JsonSchema = {
      type: 'object',
      unevaluatedProperties: false,
      properties: { kind: { type: 'string' } },
      allOf: [{ properties: { shared: { type: 'integer' } } }],
      if: { properties: { kind: { const: 'a' } } },
      then: { properties: { only_a: { type: 'boolean' } } },
      else: { properties: { only_b: { type: 'number' } } },
      anyOf: [{ properties: { either: { type: 'integer' } } }, { properties: { or: { type: 'string' } } }],
    };
    const { value, ignored } = read(schema, {
      kind: 'a',
      shared: '2',
      only_a: 'true',
      only_b: '1.5',
      either: '3',
      or: 'x',
      stray: 1,
    });
    expect(value).toEqual({ kind: 'a', shared: 2, only_a: true, only_b: 1.5, either: 3, or: 'x' });
    expect(ignored).toEqual(['stray']);
    // additionalProperties: false sees only its own properties, whatever allOf declares.
    const closed: JsonSchema = {
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: 'integer' } },
      allOf: [{ properties: { b: { type: 'integer' } } }],
    };
    expect(read(closed, { a: '1', b: '2' })).toEqual({ value: { a: 1 }, ignored: ['b'] });
    // An open object keeps everything.
    expect(read({ type: 'object', properties: { a: { type: 'integer' } } }, { a: '1', b: '2' })).toEqual({
      value: { a: 1, b: '2' },
      ignored: [],
    });
  });

  it('matches option values after normalising whitespace (U+00A0 is a space), keeping the list spelling; case only where the list says', () => {
    expect(read(room, { view: 'Sea\u00A0view', features: ['  Air   conditioning ', 'Balcony'] }).value).toEqual({
      view: 'Sea view',
      features: ['Air conditioning', 'Balcony'],
    });
    expect(read(room, { view: 'sea view' }).value).toEqual({ view: 'sea view' });
    const lang: JsonSchema = { type: 'string', 'x-options': 'languages', enum: ['en', 'es'] };
    expect(read(lang, 'EN').value).toBe('en');
    expect(read(lang, 'De').value).toBe('De');
  });

  it('drops id null or 0 of a record where the schema takes neither (a create), keeps a row id 0', () => {
    const section: JsonSchema = {
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
    };
    expect(read(section, { id: null, name: 'x' })).toEqual({ value: { name: 'x' }, ignored: [] });
    expect(read(section, { id: 0, name: 'x' })).toEqual({ value: { name: 'x' }, ignored: [] });
    expect(read(section, { id: '0', name: 'x' })).toEqual({ value: { name: 'x' }, ignored: [] });
    expect(
      read(
        room,
        [
          { id: 0, name: 'x' },
          { id: null, name: 'y' },
        ],
        'json',
        true,
      ).value,
    ).toEqual([{ id: 0, name: 'x' }, { name: 'y' }]);
    const noId: JsonSchema = { type: 'object', additionalProperties: false, properties: { name: { type: 'string' } } };
    expect(read(noId, { id: null, name: 'x' })).toEqual({ value: { name: 'x' }, ignored: [] });
    expect(read(noId, { id: 5, name: 'x' })).toEqual({ value: { name: 'x' }, ignored: ['id'] });
  });

  it('moves the flat fields of an x-flat group inside it; a boolean in its place sets its flag; the nested form wins', () => {
    expect(read(room, { tax: true, tax_charges: 'Inclusive' }).value).toEqual({
      tax: { tax_applicable: true, tax_charges: 'Inclusive' },
    });
    expect(read(room, { tax: 'false' }).value).toEqual({ tax: { tax_applicable: false } });
    expect(read(room, { tax_charges: 'Inclusive' }).value).toEqual({ tax: { tax_charges: 'Inclusive' } });
    expect(read(room, { tax: { tax_charges: 'Additional Charge' }, tax_charges: 'Inclusive' }).value).toEqual({
      tax: { tax_charges: 'Additional Charge' },
    });
  });

  it('takes one item where x-accepts-single lists are expected', () => {
    const list: JsonSchema = {
      type: 'array',
      'x-accepts-single': true,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { id: { type: 'integer' }, action: { enum: ['read'] } },
      },
    };
    expect(read(list, { id: '3', action: 'read', x: 1 })).toEqual({
      value: [{ id: 3, action: 'read' }],
      ignored: ['0.x'],
    });
    expect(read({ ...list, 'x-accepts-single': undefined }, { id: 3 }).value).toEqual({ id: 3 });
  });

  it('reads form data: comma lists, repeated parts, "null" and empty fields', () => {
    const form: JsonSchema = {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string' },
        state: { type: 'string', default: '' },
        note: { type: ['string', 'null'] },
        room: { type: ['integer', 'null'] },
        count: { type: 'integer' },
        flag: { type: 'boolean', default: false },
        countries: { type: 'array', items: { type: 'string' } },
        days: { type: 'array', items: { type: 'string', enum: ['Mon', 'Tue, Wed'] } },
      },
    };
    const { value } = read(
      form,
      { name: 'X', state: 'null', note: 'null', room: '', count: '', flag: '', countries: 'GR, CY', days: 'Tue, Wed' },
      'form',
    );
    expect(value).toEqual({ name: 'X', note: null, room: null, countries: ['GR', 'CY'], days: ['Tue, Wed'] });
    expect(read(form, { countries: ['GR', 'DE'], days: '', note: '' }, 'form').value).toEqual({
      countries: ['GR', 'DE'],
      days: [],
      note: null,
    });
    expect(read(form, { name: 'null' }, 'form').value).toEqual({});
    // JSON keeps "null" and "" as text (DRF refuses them where a number is asked).
    expect(read(form, { note: 'null', room: '' }).value).toEqual({ note: 'null', room: '' });
  });
});

describe('completing an answer', () => {
  const section: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    properties: {
      id: { type: ['integer', 'null'] },
      hotel: { type: 'integer' },
      name: { type: ['string', 'null'] },
      size: { type: ['number', 'null'], default: 0 },
      list: { type: 'array', items: { type: 'string' } },
      group: {
        type: 'object',
        default: {},
        additionalProperties: false,
        properties: { a: { type: ['boolean', 'null'] }, b: { type: 'array' } },
      },
      rows: {
        type: 'array',
        items: { type: 'object', properties: { x: { type: ['integer', 'null'] }, y: { type: ['string', 'null'] } } },
      },
      count: { type: 'integer' },
    },
  };

  it('gives every field in schema order: null, [], defaults, nested groups and list items; drops unknown keys of closed objects', () => {
    const out = completer(section)({ rows: [{ y: 'b', extra: 1 }], name: 'N', hotel: 3, stale: true, count: 2 });
    expect(out).toEqual({
      id: null,
      hotel: 3,
      name: 'N',
      size: 0,
      list: [],
      group: { a: null, b: [] },
      rows: [{ x: null, y: 'b', extra: 1 }],
      count: 2,
    });
    expect(Object.keys(out as object)).toEqual(['id', 'hotel', 'name', 'size', 'list', 'group', 'rows', 'count']);
  });

  it('leaves out a non-null field without a default (the handler must give it: the shape test says so)', () => {
    expect(completer(section)({})).not.toHaveProperty('count');
    expect(completer(section)({})).not.toHaveProperty('hotel');
  });

  it('keeps values that are there, null included', () => {
    expect(completer(section)({ size: null, group: { a: false }, count: 0, hotel: 1 })).toMatchObject({
      size: null,
      group: { a: false, b: [] },
      count: 0,
    });
  });
});

describe('the answer form of a schema', () => {
  it('requires every property of every object, through properties, items and shape applicators, not rules', () => {
    const schema: JsonSchema = {
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'string' },
        b: { type: 'object', properties: { c: {} } },
        d: { type: 'array', items: { type: 'object', properties: { e: {} } } },
      },
      if: { properties: { a: { const: 'x' } } },
      then: { properties: { f: {} }, required: [] },
    };
    expect(lacksRequired(schema)).toBe(true);
    const answer = answerForm(schema) as JsonSchema & { properties: Record<string, JsonSchema> };
    expect(answer.required).toEqual(['a', 'b', 'd']);
    expect(answer.properties.b!.required).toEqual(['c']);
    expect((answer.properties.d!.items as JsonSchema).required).toEqual(['e']);
    expect(answer.then).toEqual(schema.then);
    expect(lacksRequired(answer)).toBe(false);
  });
});
