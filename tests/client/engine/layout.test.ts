import { describe, expect, it } from 'vitest';
import { buildLayout, shortTitle } from '../../../src/client/engine/core/layout';
import { widgetKind } from '../../../src/client/engine/core/widget-kind';
import { schema, uiSchema } from './fixtures';

describe('section layout from schema and uiSchema', () => {
  const layout = buildLayout(schema, uiSchema);
  const main = layout.groups.find((g) => g.key === 'main')!;
  const keys = main.fields.map((f) => f.key);

  it('puts fields in their groups in ui:order, hidden bookkeeping left out', () => {
    expect(layout.groups.map((g) => g.key)).toEqual(['main', 'sports']);
    expect(keys).toEqual([
      'name',
      'petsAllowed',
      'petsCharges',
      'distance',
      'opensFrom',
      'boards',
      'tax.taxApplicable',
      'tax.taxCharges',
      'sportsOn',
    ]);
    expect(layout.fields.has('id')).toBe(false);
  });

  it('spans columns from the group (12 / columns) or the field', () => {
    expect(main.fields.find((f) => f.key === 'name')!.span).toBe(12);
    expect(main.fields.find((f) => f.key === 'petsAllowed')!.span).toBe(4);
  });

  it('draws a unit with its distance and a "to" with its "from", each cell twice as wide', () => {
    const distance = layout.fields.get('distance')!;
    expect(distance.unit?.key).toBe('distanceUnit');
    expect(distance.span).toBe(8);
    expect(layout.fields.get('opensFrom')!.rangeEnd?.key).toBe('opensTo');
    expect(keys).not.toContain('distanceUnit');
    expect(keys).not.toContain('opensTo');
  });

  it('flattens a nested object into its group; its conditions read the object, not the root', () => {
    const charges = layout.fields.get('tax.taxCharges')!;
    expect(charges.path).toEqual(['tax', 'taxCharges']);
    expect(charges.conditions).toEqual([
      { at: ['tax'], condition: { properties: { taxApplicable: { const: true } } } },
    ]);
    expect(layout.fields.get('petsCharges')!.conditions).toEqual([
      { at: [], condition: { properties: { petsAllowed: { const: true } } } },
    ]);
  });

  it('makes table rows by x-ui.row with the group condition on every cell', () => {
    const sports = layout.groups.find((g) => g.key === 'sports')!;
    expect(sports.layout).toBe('table');
    expect(sports.collapsible).toBe(true);
    expect(sports.rows).toHaveLength(1);
    const row = sports.rows[0]!;
    expect(row.label).toBe('Gym');
    expect(row.flag?.key).toBe('gymAvailable');
    expect(row.charges?.key).toBe('gymCharges');
    expect(row.details.map((d) => d.key)).toEqual(['gymSize']);
    expect(sports.tableColumns).toEqual(['flag', 'charges', 'detail']);
    expect(row.charges!.conditions.map((c) => c.condition)).toEqual([
      { properties: { sportsOn: { const: true } } },
      { properties: { gymAvailable: { const: true } } },
    ]);
  });

  it('shortens a title inside its row', () => {
    expect(shortTitle('Gym: size (sqm)', 'Gym')).toBe('Size (sqm)');
    expect(shortTitle('Other', 'Gym')).toBe('Other');
  });

  it('puts a field without a group in a last "Other" card', () => {
    const withNew = buildLayout(
      {
        ...schema,
        properties: { ...schema.properties, shuttleMinutes: { type: ['integer', 'null'], title: 'Shuttle (minutes)' } },
      },
      { ...uiSchema, 'ui:order': [...(uiSchema['ui:order'] as string[]), 'shuttleMinutes'] },
    );
    const last = withNew.groups[withNew.groups.length - 1]!;
    // Untitled: the card names it "Other" in the interface's language (engine.group_other).
    expect(last.key).toBe('_other');
    expect(last.title).toBe('');
    expect(last.fields.map((f) => f.key)).toEqual(['shuttleMinutes']);
    expect(last.fields[0]!.widget).toBe('number');
  });
});

describe('widget of a field', () => {
  it('follows x-ui.widget, else the shape (a $ref loses its definition x-ui)', () => {
    expect(widgetKind({ type: ['boolean', 'null'] }, undefined, undefined)).toBe('yesno');
    expect(widgetKind({ type: ['string', 'null'], format: 'time' }, undefined, undefined)).toBe('time');
    expect(widgetKind({ type: ['string', 'null'], format: 'date' }, undefined, undefined)).toBe('date');
    expect(widgetKind({ type: ['string', 'null'], format: 'currency' }, undefined, undefined)).toBe('currency');
    expect(widgetKind({ type: 'array', items: { enum: ['a'] } }, undefined, 'boards')).toBe('chips');
    expect(
      widgetKind({ type: ['string', 'null'], enum: ['Inclusive', 'Additional Charge', null] }, undefined, 'charges'),
    ).toBe('charges');
    expect(widgetKind({ type: ['string', 'null'], enum: ['a', 'b', 'c', 'd', null] }, undefined, 'sportsCharges')).toBe(
      'select',
    );
    expect(widgetKind({ type: ['number', 'null'], enum: [5, 4] }, 'rating', 'ratings')).toBe('rating');
    expect(widgetKind({ type: ['integer', 'null'] }, undefined, undefined)).toBe('number');
    expect(widgetKind({ type: ['string', 'null'] }, 'textarea', undefined)).toBe('textarea');
    expect(widgetKind({ type: ['string', 'null'] }, undefined, undefined)).toBe('text');
  });
});
