import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SheetView } from '../../../src/client/components/sheet-view';
import type { FactSheetModelWire } from '../../../src/shared/generated/wire-types';
import { renderInApp } from '../render';

/**
 * Issue 38: "in the operator's fact sheet a group holding one field shows its value mid-row". The
 * Standard layout's table has four columns (label, value, label, value); a fact alone on its line
 * spans the last three. Each row's cells must declare the whole width between them: a table whose
 * rows declare half of it (a group of one field) is stretched by the browser, the label's column
 * with it, and its value lands in the middle.
 */

const field = (key: string, label: string, value: string, kind = 'text') => ({
  key,
  label,
  value,
  kind,
  on: null,
  changed_from: null,
  hotel_value: null,
  drift_value: null,
});

const sheet = {
  language: 'en',
  dir: 'ltr',
  layout: '',
  title: 'Fact sheet',
  property: { id: 1, name: 'Hotel Playa', place: 'Palma', logo: null },
  logo: null,
  featured: null,
  photos: [],
  sections: [
    {
      kind: 'document',
      key: 'main-info',
      title: 'Main info',
      groups: [
        {
          key: 'policies',
          title: 'Policies',
          fields: [
            field('check_in_time', 'Check-in time', '14:00'),
            field('check_out_time', 'Check-out time', '11:00'),
            field('pets_allowed', 'Pets allowed', 'No'),
          ],
        },
        { key: 'age', title: 'Age', fields: [field('minimum_age_allowed', 'Minimum age', '18')] },
        {
          key: 'note',
          title: 'Note',
          fields: [field('note', 'Note', 'Quiet rooms face the garden; the pool closes at eight.', 'longtext')],
        },
      ],
    },
  ],
  notes: ['Printed on 1 December 2026'],
} as unknown as FactSheetModelWire;

/** The share of the table's width a cell declares (its CSS width, a percentage). */
const declared = (cell: Element) => {
  const width = window.getComputedStyle(cell).width;
  expect(width, `${cell.textContent}: width ${width}`).toMatch(/%$/);
  return parseFloat(width);
};

describe("the fact sheet's Standard rows", () => {
  it('every row declares the whole width, so a group of one field keeps its value beside its label', async () => {
    renderInApp(<SheetView sheet={sheet} />);
    await screen.findByText('Minimum age');
    const tables = [...document.querySelectorAll('table.fs-facts')];
    expect(tables).toHaveLength(3);
    const rows = tables.map((t) => [...t.querySelectorAll('tr')]);
    expect(rows.map((r) => r.length)).toEqual([2, 1, 1]);
    for (const row of rows.flat()) {
      const cells = [...row.children];
      expect(
        cells.reduce((sum, c) => sum + declared(c), 0),
        row.textContent ?? '',
      ).toBeCloseTo(100);
    }
    // The label's column is the same share in every table: a lone fact's label as wide as a pair's.
    const labels = rows.map((r) => declared(r[0]!.querySelector('th')!));
    expect(new Set(labels).size).toBe(1);
    const alone = screen.getByText('18').closest('td')!;
    expect(alone.getAttribute('colspan')).toBe('3');
  });
});
