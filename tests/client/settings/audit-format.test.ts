import { describe, expect, it } from 'vitest';
import {
  changeLine,
  formatValue,
  pageCount,
  queryFromSearch,
  searchFromQuery,
} from '../../../src/client/pages/audit/audit-format';

describe('audit trail values', () => {
  it('reads old → new as a person would', () => {
    expect(changeLine({ field: 'company', label: 'Company name', from: 'Ananas Hotels', to: 'Ananas Group' })).toBe(
      'Company name: Ananas Hotels → Ananas Group',
    );
    expect(changeLine({ field: 'is_active', label: 'Active', from: false, to: true })).toBe('Active: No → Yes');
    expect(changeLine({ field: 'work_in_countries', label: 'Countries we work in', from: ['ES', 'PT'], to: [] })).toBe(
      'Countries we work in: ES, PT → —',
    );
    expect(changeLine({ field: 'logo', label: '', from: null, to: 'new logo' })).toBe('logo: — → new logo');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue(0)).toBe('0');
  });
});

describe('audit trail filters in the address bar', () => {
  it('reads only valid filters', () => {
    const q = queryFromSearch(
      new URLSearchParams('property=4&user=x&kind=settings&date_from=2026-01-01&page=0&other=1'),
    );
    expect(q).toEqual({ property: 4, kind: 'settings', date_from: '2026-01-01' });
  });

  it('writes the filters back without empty values or page 1', () => {
    expect(searchFromQuery({ property: 4, user: undefined, kind: '', page: 1, date_to: '2026-02-01' })).toEqual({
      property: '4',
      date_to: '2026-02-01',
    });
    expect(searchFromQuery({ page: 3 })).toEqual({ page: '3' });
  });

  it('counts pages of 25, at least one', () => {
    expect([0, 1, 25, 26, 51].map((n) => pageCount(n))).toEqual([1, 1, 1, 2, 3]);
  });
});
