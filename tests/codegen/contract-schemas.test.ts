/**
 * The contract schemas agree with each other and with the earlier product: the term fields of
 * the form (what is sent), of a version's terms and of the contract view (what is answered) are
 * the same fields of the same types and option lists; the earlier product's contract fields and
 * its contract option values are all there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
const root = path.resolve(import.meta.dirname, '../..');
const read = (rel: string): Json => JSON.parse(readFileSync(path.join(root, rel), 'utf8')) as Json;
const props = (rel: string): Record<string, Json> => read(rel).properties as Record<string, Json>;

const form = props('schemas/partners/contract-form.schema.json');
const terms = props('schemas/partners/contract-terms.schema.json');
const view = props('schemas/partners/contract.schema.json');
const bundle = read('src/shared/generated/schema-bundle.json') as unknown as { schemas: Json[] };
const reference = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/reference-fields.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** The keywords a term's use may add to its definition: presentation, and a description for its context. */
const OVERLAY = ['$ref', 'x-ui', 'description'];

describe('contract schemas', () => {
  it('define every term once; the form and the view $ref it, the form adding presentation alone', () => {
    const fields = Object.keys(terms);
    expect(fields.length).toBeGreaterThan(15);
    expect(read('schemas/partners/contract-terms.schema.json').required).toEqual(fields);
    for (const f of fields) {
      const definition = `contract-terms.schema.json#/properties/${f}`;
      expect(form[f]?.$ref, `${f} in the form`).toBe(definition);
      expect(
        Object.keys(form[f]!).filter((k) => !OVERLAY.includes(k)),
        `${f} in the form`,
      ).toEqual([]);
      expect(view[f], `${f} in the view`).toEqual({ $ref: definition });
      expect(terms[f]!['x-ui'], `${f}: presentation belongs to the form`).toBeUndefined();
      // Every term has a default: a new proposal starts from them.
      expect('default' in terms[f]!, f).toBe(true);
    }
    // The form holds the terms and three bookkeeping fields, nothing else.
    expect(
      Object.keys(form)
        .filter((f) => !fields.includes(f))
        .sort(),
    ).toEqual(['partner', 'revision', 'status', 'version']);
  });

  it("write each term out in place, its definition under the form's presentation", () => {
    const schemaOf = (id: string) =>
      bundle.schemas.find((s) => s.$id === `https://ananas.dev/schemas/partners/${id}`)!.properties as Record<
        string,
        Json
      >;
    const sent = schemaOf('contract-form.schema.json');
    const answered = schemaOf('contract.schema.json');
    for (const f of Object.keys(terms)) {
      expect(sent[f]!.$ref, f).toBeUndefined();
      expect(sent[f]!.title, f).toBe(terms[f]!.title);
      expect(sent[f]!.default, f).toEqual(terms[f]!.default);
      expect(sent[f]!['x-ui'], f).toEqual(form[f]!['x-ui']);
      expect(answered[f]!.title, f).toBe(terms[f]!.title);
      expect(answered[f]!.type, f).toEqual(terms[f]!.type);
    }
    expect(sent.to_edit_facts!.enum).toEqual(['Y', 'N', 'O']);
    expect(sent.hotel_allows_overrides!.description).toBe(form.hotel_allows_overrides!.description);
    expect(answered.hotel_allows_overrides!.description).toBe(terms.hotel_allows_overrides!.description);
  });

  it("carry the earlier product's contract fields", () => {
    const fields = (reference.contract as { field: string }[]).map((f) => f.field);
    const missing = fields.filter((f) => !(f in view) && !(f in form));
    expect(missing).toEqual([]);
  });

  it("offer the earlier product's contract option values, and the spec's codes", () => {
    const categories = reference._optionCategories as Record<string, { value: string }[]>;
    for (const category of [
      'contractTerms',
      'contractPhotoOptions',
      'contractSpecialAllotment',
      'contractStatus',
      'contractBoolean',
    ]) {
      const list = read(`schemas/options/${category}.json`) as { head: string; options: { value: string }[] };
      expect(
        list.options.map((o) => o.value),
        category,
      ).toEqual(categories[category]!.map((o) => o.value));
      expect(list.head).toBe('Contracts');
    }
    const deadlines = read('schemas/options/contractDeadlines.json') as { options: { value: number }[] };
    expect(deadlines.options.map((o) => o.value)).toEqual([8, 12, 24, 48, 72]);
    const moderation = read('schemas/options/contractModeration.json') as {
      options: { value: string; label: { en: string } }[];
    };
    // Codes 1..5 (0, Undefined, is null: the placeholder).
    expect(moderation.options.map((o) => o.value)).toEqual(['M', 'R', 'D', 'A', 'O']);
    expect(moderation.options.map((o) => o.label.en.slice(0, 1))).toEqual(['1', '2', '3', '4', '5']);
    expect((form.override_moderation!['x-ui'] as Json).placeholder).toMatch(/^0/);
  });
});
