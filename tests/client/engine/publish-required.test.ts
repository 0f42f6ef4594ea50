import { describe, expect, it } from 'vitest';
import { buildLayout } from '../../../src/client/engine/core/layout';
import { validateForPublish } from '../../../src/client/engine/core/validate';
import { mainInfoSection } from '../../../src/shared/generated/sections/main-info';
import { locationEnvironmentSection as locationSection } from '../../../src/shared/generated/sections/location';
import { publishRequiredPaths } from '../../../codegen/emit-sections';

describe('fields publishing requires are marked before anyone tries to publish', () => {
  it("marks exactly the fields the section's publish rules report on an empty document (the server's rules, no hand list)", () => {
    for (const section of [mainInfoSection, locationSection]) {
      const layout = buildLayout(section.schema, section.uiSchema);
      const marked = [...layout.fields.values()].filter((f) => f.publishRequired).map((f) => f.key);
      // What a publish attempt on an empty section would refuse: each of these is marked.
      const missing = validateForPublish(section, {}).issues.map((i) => i.path.join('.'));
      expect(missing.length).toBeGreaterThan(0);
      for (const key of missing) expect(marked, `${section.key}: ${key}`).toContain(key);
    }
    const main = buildLayout(mainInfoSection.schema, mainInfoSection.uiSchema).fields;
    for (const key of ['accommodationType', 'rating', 'address', 'email', 'phone', 'zipCode', 'tax.taxCharges'])
      expect(main.get(key)?.publishRequired, key).toBe(true);
    expect(main.get('checkInTime')?.publishRequired).toBeFalsy();
  });

  it('reads required at every level and under the then of conditional rules', () => {
    const rule = {
      required: ['a'],
      properties: { g: { required: ['b'] } },
      allOf: [
        {
          if: { properties: { f: { const: true } } },
          then: { required: ['c'], properties: { d: { required: ['e'] } } },
        },
      ],
    };
    expect(publishRequiredPaths(rule)).toEqual([['a'], ['g', 'b'], ['c'], ['d', 'e']]);
  });
});
