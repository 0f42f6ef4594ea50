import { describe, expect, it } from 'vitest';
import { englishT as t } from '../english-t';
import { changeLine, type ChangeContext } from '../../../src/client/engine/texts/change-words';

/** Read in English with no definition or schema texts: the words as recorded, values as a person reads them. */
const plain: ChangeContext = {
  labels: new Map([['ratings', new Map([['4', '4 stars']])]]),
  t,
  number: (n) => String(n),
  list: (items) => items.join(', '),
};

describe('a recorded change as a line', () => {
  it('reads old → new as a person would', () => {
    expect(
      changeLine({ field: 'company', label: 'Company name', from: 'Ananas Hotels', to: 'Ananas Group' }, plain),
    ).toBe('Company name: Ananas Hotels → Ananas Group');
    expect(changeLine({ field: 'is_active', label: 'Active', from: false, to: true }, plain)).toBe('Active: No → Yes');
    expect(
      changeLine({ field: 'work_in_countries', label: 'Countries we work in', from: ['ES', 'PT'], to: [] }, plain),
    ).toBe('Countries we work in: ES, PT → —');
    expect(changeLine({ field: 'logo', label: '', from: null, to: 'new logo' }, plain)).toBe('logo: — → new logo');
    expect(changeLine({ field: 'extra', label: 'Extra', from: { a_b: 1, c: null }, to: 0 }, plain)).toBe(
      'Extra: a b: 1 → 0',
    );
  });

  it('keeps a nested field’s title path and a list row’s name, and says a whole row was added or removed', () => {
    expect(
      changeLine({ field: 'tax.tax_charges', label: 'Tax › Tax: charges', from: null, to: 'Inclusive' }, plain),
    ).toBe('Tax › Tax: charges: — → Inclusive');
    expect(changeLine({ field: '12.room_name', label: 'Room "A" › Room name', from: 'A', to: 'B' }, plain)).toBe(
      'Room "A" › Room name: A → B',
    );
    expect(changeLine({ field: '12', label: 'Room "A" added', from: null, to: { room_name: 'A' } }, plain)).toBe(
      'Room "A" added',
    );
    expect(changeLine({ field: '12', label: 'Room removed', from: { room_name: 'A' }, to: null }, plain)).toBe(
      'Room removed',
    );
  });
});
