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
const reference = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/reference-fields.json'), 'utf8')) as Record<string, unknown>;

/** What makes two declarations of a field the same field: its type and where its values come from. */
const shape = (f: Json) => ({ type: f.type, options: f['x-options'] ?? null, items: (f.items as Json | undefined)?.$ref ?? (f.items as Json | undefined)?.type ?? null });

describe('contract schemas', () => {
  it('declare every term once for the form, a version and the view, alike', () => {
    const fields = Object.keys(terms);
    expect(fields.length).toBeGreaterThan(15);
    expect(read('schemas/partners/contract-terms.schema.json').required).toEqual(fields);
    for (const f of fields) {
      expect(form[f], `${f} in the form`).toBeDefined();
      expect(shape(terms[f]!), f).toEqual(shape(form[f]!));
      expect(shape(view[f]!), f).toEqual(shape(form[f]!));
      expect(terms[f]!.title, f).toBe(form[f]!.title);
    }
    // The form holds the terms and three bookkeeping fields, nothing else.
    expect(Object.keys(form).filter((f) => !fields.includes(f)).sort()).toEqual(['partner', 'revision', 'status', 'version']);
    // Every term has a default: a new proposal starts from them.
    for (const f of fields) expect('default' in form[f]!, f).toBe(true);
  });

  it("carry the earlier product's contract fields", () => {
    const fields = (reference.contract as { field: string }[]).map((f) => f.field);
    const missing = fields.filter((f) => !(f in view) && !(f in form));
    expect(missing).toEqual([]);
  });

  it("offer the earlier product's contract option values, and the spec's codes", () => {
    const categories = reference._optionCategories as Record<string, { value: string }[]>;
    for (const category of ['contractTerms', 'contractPhotoOptions', 'contractSpecialAllotment', 'contractStatus', 'contractBoolean']) {
      const list = read(`schemas/options/${category}.json`) as { head: string; options: { value: string }[] };
      expect(list.options.map((o) => o.value), category).toEqual(categories[category]!.map((o) => o.value));
      expect(list.head).toBe('Contracts');
    }
    const deadlines = read('schemas/options/contractDeadlines.json') as { options: { value: number }[] };
    expect(deadlines.options.map((o) => o.value)).toEqual([8, 12, 24, 48, 72]);
    const moderation = read('schemas/options/contractModeration.json') as { options: { value: string; label: { en: string } }[] };
    // Codes 1..5 (0, Undefined, is null: the placeholder).
    expect(moderation.options.map((o) => o.value)).toEqual(['M', 'R', 'D', 'A', 'O']);
    expect(moderation.options.map((o) => o.label.en.slice(0, 1))).toEqual(['1', '2', '3', '4', '5']);
    expect((form.override_moderation!['x-ui'] as Json).placeholder).toMatch(/^0/);
  });
});
