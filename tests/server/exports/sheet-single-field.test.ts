/**
 * Issue 38: "in the operator's fact sheet a group holding one field shows its value mid-row". The
 * printed Standard layout (fact-sheet.typ) read back with pdftotext -layout: a group of one field
 * has its value where a paired group's first value is, right after the label's column, not in the
 * middle of the line. Printed from the model alone (no database: the template is what is tested).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createPrinter } from '../../../src/server/pdf/printer.js';
import { sheetPrintData } from '../../../src/server/features/exports/sheet-pdf.js';
import type { FactSheet, SheetField } from '../../../src/shared/fact-sheet/index.js';
import { pdfLayoutLines } from '../../helpers/file-readers.js';

const field = (key: string, label: string, value: string, kind: SheetField['kind'] = 'text'): SheetField => ({
  key,
  label,
  value,
  kind,
});

const sheet: FactSheet = {
  language: 'en',
  dir: 'ltr',
  layout: '',
  title: 'Fact sheet',
  property: { id: 1, name: 'Hotel Playa', place: 'Palma' },
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
          fields: [field('in', 'Check-in time', '14:00'), field('out', 'Check-out time', '11:00')],
        },
        { key: 'age', title: 'Age', fields: [field('age', 'Minimum age', '18')] },
      ],
    },
  ],
  notes: ['Printed on 1 December 2026'],
};

const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as unknown as Parameters<
  typeof createPrinter
>[0]['log'];

describe('the printed fact sheet, Standard layout', () => {
  const printer = createPrinter({ log: silent });
  afterAll(() => printer.close());

  it("puts a lone field's value in the value column, as a paired group's first value", async () => {
    const pdf = await printer.print({ template: 'fact-sheet', data: sheetPrintData(sheet, new Set()), images: [] });
    const lines = pdfLayoutLines(pdf);
    const line = (label: string) => lines.find((l) => l.includes(label)) ?? '';
    const paired = line('Check-in time');
    const alone = line('Minimum age');
    expect(paired, lines.join('\n')).toMatch(/Check-in time\s+14:00\s+Check-out time\s+11:00/);
    expect(alone, lines.join('\n')).toMatch(/Minimum age\s+18\s*$/);
    expect(alone.indexOf('Minimum age')).toBe(paired.indexOf('Check-in time'));
    // pdftotext places text by its position on the page: the same column, give or take a character.
    expect(Math.abs(alone.indexOf('18') - paired.indexOf('14:00'))).toBeLessThanOrEqual(1);
  });
});
