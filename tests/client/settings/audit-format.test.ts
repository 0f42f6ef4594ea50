import { describe, expect, it } from 'vitest';
import { documentOf, pageCount, queryFromSearch, searchFromQuery } from '../../../src/client/pages/audit/audit-format';

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

describe('the document an event changed', () => {
  it('is the fact section of a facts or rows event, the schema of a settings event, none for the others', () => {
    expect(documentOf({ kind: 'facts', subject: 'main-info' }, new Map())).toEqual({
      file: 'facts/main-info.schema.json',
      def: undefined,
    });
    expect(documentOf({ kind: 'rows', subject: 'room' }, new Map())?.file).toBe('facts/room.schema.json');
    expect(documentOf({ kind: 'settings', subject: 'company' }, new Map())).toEqual({
      file: 'settings/company-form.schema.json',
    });
    expect(documentOf({ kind: 'team', subject: 'user' }, new Map())?.file).toBe(
      'settings/authorized-user-update.schema.json',
    );
    expect(documentOf({ kind: 'sign-in', subject: 'user' }, new Map())).toBeUndefined();
  });
});
