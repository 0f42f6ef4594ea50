/**
 * OpenTravel codes declared once, in the schemas (issue 36 §1): every yes/no fact field has a code
 * (x-ota) or a reason (x-ota-none), every value of an option list a fact field uses has a code
 * (ota), a charges meaning (otaIncluded) or a reason (otaNone, its own or its list's); a new one
 * without is caught here. Codegen refuses a code the vendored tables do not have, a field code its
 * target never sends and a code with a reason; it writes docs/ota-coverage.md, which must be the
 * committed one. The structured share of fact fields is at least 60 %.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import bundleJson from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { JsonSchema, OptionList, SchemaBundle } from '../../src/shared/bundle-types.js';
import { coverage, coverSection, undeclared } from '../../src/shared/ota/coverage.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { sectionsOf } from '../../src/server/features/facts/sections.js';
import { checkedSet } from '../../codegen/run.js';
import type { SchemaSet } from '../../codegen/model.js';
import { loadSchemaSet } from '../../codegen/load.js';
import { expandedSet } from '../../codegen/expand.js';
import { emitOtaCoverage } from '../../codegen/emit-ota-coverage.js';

const bundle = bundleJson as unknown as SchemaBundle;
const registry = new SchemaRegistry(bundle);
const root = path.resolve(import.meta.dirname, '../..');
const sections = sectionsOf(registry).map((s) => ({ key: s.key, schema: registry.resolved(s.ref) as JsonSchema }));

// Read once: each refusal below edits a copy in memory and runs codegen's checks on it (what
// codegen runs before writing anything), not a whole codegen over a copied folder.
const schemaSet = loadSchemaSet(path.join(root, 'schemas'));
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** codegen's checks over a copy of schemas/ edited by `edit`. */
async function checksWith(edit: (set: SchemaSet) => void): Promise<void> {
  const copy = structuredClone(await schemaSet);
  edit(copy);
  checkedSet(copy);
}
const optionList = (set: SchemaSet, name: string) => set.options.get(name) as unknown as Json;
const schemaOf = (set: SchemaSet, rel: string) => set.schemas.get(rel)!.schema as Json;

describe('OpenTravel codes in the schemas', () => {
  it('gives every yes/no fact and every option value of the fact lists a code or a reason', () => {
    const cov = coverage(sections, bundle.ota, bundle.options);
    expect(cov.fields.filter((f) => f.nature === 'flag').length).toBeGreaterThan(450);
    expect(undeclared(cov.fields)).toEqual([]);
  });

  it('names a new yes/no fact and a new option value that have neither (the check is not vacuous)', () => {
    const facility = structuredClone(registry.resolved('facts/facility.schema.json')) as JsonSchema & {
      properties: Record<string, JsonSchema>;
    };
    facility.properties.hotel_has_helipad = {
      title: 'Helipad',
      type: ['boolean', 'null'],
      'x-ui': { group: 'services' },
    };
    facility.properties.hotel_has_hammam = {
      title: 'Hammam',
      type: ['boolean', 'null'],
      'x-ota': { list: 'HAC', code: 86 },
      'x-ui': { group: 'services' },
    };
    const options = structuredClone(bundle.options) as OptionList[];
    options
      .find((l) => l.category === 'facilityServices')!
      .options.push({ value: 'helipad', label: { en: 'helipad' } });
    const fields = coverSection('facility', facility, bundle.ota.sections.facility, options);
    expect(undeclared(fields)).toEqual([
      'facility.hotel_has_helipad: x-ota or x-ota-none',
      'options/facilityServices.json "helipad": ota, otaIncluded or otaNone',
    ]);
    // The coded one lands in Service@Code and counts as structured.
    expect(fields.find((f) => f.path === 'hotel_has_hammam')!.places).toEqual(['Service@Code', 'Service@ExistsCode']);
  });

  it('sends at least 60 % of the fact fields as structured data (a code or a value attribute)', () => {
    const cov = coverage(sections, bundle.ota, bundle.options);
    expect(cov.total).toBeGreaterThan(1000);
    expect(cov.structured / cov.total).toBeGreaterThanOrEqual(0.6);
  });

  it('has the coverage report codegen writes committed (docs/ota-coverage.md), with the share in it', async () => {
    // What npm run codegen writes there (its other outputs are checked apart: the CI drift check).
    const written = emitOtaCoverage(expandedSet(await loadSchemaSet(path.join(root, 'schemas'))));
    const committed = readFileSync(path.join(root, 'docs/ota-coverage.md'), 'utf8');
    expect(committed).toBe(written);
    const cov = coverage(sections, bundle.ota, bundle.options);
    expect(committed).toContain(`Structured: ${cov.structured} (${((100 * cov.structured) / cov.total).toFixed(1)} %)`);
    // Every fact field is a row of it: with its code, the attribute its value lands in, or why it has none.
    expect(committed).toContain(
      '| `hotel_has_swimming_pool` | Swimming pool available at the hotel | service | Service@Code, Service@ExistsCode | HAC 71 Pool |',
    );
    expect(committed).toContain('| `hotel_beach_separate_road` |');
  });

  it('fails codegen for a code the tables do not have, a field code its target never sends, and a code with a reason', async () => {
    await expect(
      checksWith((set) => {
        optionList(set, 'boards').options[0].ota = { list: 'MPT', code: 999 };
      }),
    ).rejects.toThrow(/options\/boards\.json "Room only": no code MPT 999 in schemas\/ota-codes/);
    await expect(
      checksWith((set) => {
        schemaOf(set, 'facts/facility.schema.json').properties.hotel_has_swimming_pool['x-ota'] = {
          list: 'RMA',
          code: 2,
        };
      }),
    ).rejects.toThrow(/facility\.hotel_has_swimming_pool: x-ota RMA 2: its target service does not send RMA codes/);
    await expect(
      checksWith((set) => {
        optionList(set, 'boards').options[0].otaNone = 'no meal plan';
      }),
    ).rejects.toThrow(/"Room only": both ota and otaNone/);
  });
});
