import { describe, expect, it } from 'vitest';
import { conditionInputs, holds } from '../../src/shared/conditions.js';
import { clearHidden, isVisible, type VisibilitySchema } from '../../src/shared/visibility.js';

describe('conditions (x-ui.visibleIf)', () => {
  it('treats absent fields as null', () => {
    const c = { properties: { pets_allowed: { const: true } } };
    expect(holds(c, {})).toBe(false);
    expect(holds(c, { pets_allowed: true })).toBe(true);
    expect(holds({ properties: { x: { not: { const: true } } } }, {})).toBe(true);
  });

  it('supports enum, contains, anyOf, allOf, minimum and required', () => {
    const lunch = { properties: { boards: { contains: { enum: ['Full Board', 'All Inclusive Light'] } } } };
    expect(holds(lunch, { boards: ['Half Board'] })).toBe(false);
    expect(holds(lunch, { boards: ['Half Board', 'Full Board'] })).toBe(true);
    expect(holds({ anyOf: [{ properties: { a: { const: 1 } } }, { properties: { b: { const: 2 } } }] }, { b: 2 })).toBe(
      true,
    );
    expect(holds({ allOf: [{ properties: { a: { const: 1 } } }, { properties: { b: { const: 2 } } }] }, { b: 2 })).toBe(
      false,
    );
    expect(holds({ properties: { count: { exclusiveMinimum: 0 } } }, { count: 0 })).toBe(false);
    expect(holds({ required: ['x'] }, { x: null })).toBe(false);
    expect(conditionInputs({ properties: { a: {} }, anyOf: [{ required: ['b'] }] })).toEqual(new Set(['a', 'b']));
  });
});

describe('clearHidden', () => {
  const schema: VisibilitySchema = {
    type: 'object',
    'x-ui': { groups: [{ key: 'sports', visibleIf: { properties: { sports_available: { const: true } } } }] },
    properties: {
      pets_allowed: { type: ['boolean', 'null'] },
      pets_charges: {
        type: ['string', 'null'],
        'x-ui': { visibleIf: { properties: { pets_allowed: { const: true } } } },
      },
      pets_price: {
        type: ['number', 'null'],
        'x-ui': { visibleIf: { properties: { pets_charges: { const: 'Additional Charge' } } } },
      },
      sports_available: { type: ['boolean', 'null'] },
      aerobics: { type: ['boolean', 'null'], 'x-ui': { group: 'sports' } },
      sport_types: { type: 'array', 'x-ui': { group: 'sports' } },
      tax: {
        type: 'object',
        properties: {
          tax_applicable: { type: 'boolean' },
          tax_charges: {
            type: ['string', 'null'],
            'x-ui': { visibleIf: { properties: { tax_applicable: { const: true } } } },
          },
        },
      },
    },
  };

  it('empties dependents of switched-off flags, following chains and groups, into nested objects', () => {
    const doc = {
      pets_allowed: false,
      pets_charges: 'Additional Charge',
      pets_price: 12,
      sports_available: false,
      aerobics: true,
      sport_types: ['a'],
      tax: { tax_applicable: false, tax_charges: 'Inclusive' },
    };
    expect(clearHidden(schema, doc)).toEqual({
      pets_allowed: false,
      pets_charges: null,
      pets_price: null,
      sports_available: false,
      aerobics: null,
      sport_types: [],
      tax: { tax_applicable: false, tax_charges: null },
    });
  });

  it('keeps visible values and does not change its input', () => {
    const doc = {
      pets_allowed: true,
      pets_charges: 'Additional Charge',
      pets_price: 12,
      sports_available: true,
      aerobics: true,
      sport_types: ['a'],
      tax: { tax_applicable: true, tax_charges: 'Inclusive' },
    };
    const copy = structuredClone(doc);
    expect(clearHidden(schema, doc)).toEqual(copy);
    expect(doc).toEqual(copy);
    expect(isVisible(schema, 'aerobics', { sports_available: true })).toBe(true);
    expect(isVisible(schema, 'aerobics', {})).toBe(false);
  });
});
