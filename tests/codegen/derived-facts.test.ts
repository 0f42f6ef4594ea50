/**
 * Derived facts (x-derived, schemas/README.md): codegen accepts the accessibility section's room
 * counts and refuses a derivation that names a field its list lacks or of the wrong kind, a list
 * that is not a list section, and a derived field left editable. The counting itself is pure
 * (derivedValue): a sum is unknown while a room type with the feature lacks its number.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDerived } from '../../codegen/check-derived.js';
import { loadSchemaSet } from '../../codegen/load.js';
import type { SchemaSet } from '../../codegen/model.js';
import { derivedValue } from '../../src/server/features/facts/derived.js';

const root = path.resolve(import.meta.dirname, '../..');
const schemaSet = loadSchemaSet(path.join(root, 'schemas'));
import type { Json } from '../helpers/fixtures/partner-api-access.js';

async function problemsWith(edit: (props: Json) => void): Promise<string[]> {
  const copy: SchemaSet = structuredClone(await schemaSet);
  edit(copy.schemas.get('facts/accessibility.schema.json')!.schema.properties as Json);
  const problems: string[] = [];
  checkDerived(copy, problems);
  return problems;
}

describe('derived facts', () => {
  it('accepts the schemas as they are, and refuses broken derivations', async () => {
    expect(await problemsWith(() => undefined)).toEqual([]);
    expect(
      await problemsWith((p) => {
        p.access_rooms_count['x-derived'].sum = 'room_name';
        p.access_rooms_types['x-derived'].where = ['room_no_such_flag'];
        p.access_rooms_hearing_count['x-derived'].list = 'main-info';
        delete p.access_rooms_textphone_count.readOnly;
      }),
    ).toEqual([
      'facts/accessibility.schema.json: access_rooms_count: x-derived sum "room_name" is not a count of room',
      'facts/accessibility.schema.json: access_rooms_types: x-derived where "room_no_such_flag" is not a yes/no field of room',
      'facts/accessibility.schema.json: access_rooms_hearing_count: x-derived list "main-info" is not a list section',
      'facts/accessibility.schema.json: access_rooms_textphone_count: x-derived needs readOnly and x-ui.readOnly',
    ]);
  });

  it('counts the rows that have every flag: a sum, or their names', () => {
    const d = { field: 'n', list: 'room', where: ['a', 'b'], sum: 'units' };
    const rows = [
      { room_name: 'One', a: true, b: true, units: 2 },
      { room_name: 'Two', a: true, b: false, units: 5 },
      { room_name: 'Three', a: true, b: true, units: 3 },
    ];
    expect(derivedValue(d, rows)).toBe(5);
    expect(derivedValue({ ...d, sum: undefined, names: 'room_name' }, rows)).toBe('One, Three');
    expect(derivedValue(d, [...rows, { room_name: 'Four', a: true, b: true, units: null }])).toBeNull();
    expect(derivedValue(d, [rows[1]!])).toBeNull();
  });

  it('answers a yes/no (any): yes when a row has the flags, no only when every row says no', () => {
    const d = { field: 'access_rooms', list: 'room', where: ['a'], any: true };
    expect(derivedValue(d, [{ a: false }, { a: true }])).toBe(true);
    expect(derivedValue(d, [{ a: false }, { a: false }])).toBe(false);
    expect(derivedValue(d, [{ a: false }, { a: null }])).toBeNull();
    expect(derivedValue(d, [])).toBeNull();
  });

  it('refuses an any that is not a yes/no field, or that also sums', async () => {
    expect(
      await problemsWith((p) => {
        p.access_rooms['x-derived'].sum = 'room_wheelchair_units';
        p.access_rooms_types['x-derived'] = { list: 'room', where: ['room_wheelchair_accessible'], any: true };
      }),
    ).toEqual([
      'facts/accessibility.schema.json: access_rooms: x-derived any is true, without sum or names',
      'facts/accessibility.schema.json: access_rooms_types: x-derived any needs a yes/no field',
    ]);
  });
});
