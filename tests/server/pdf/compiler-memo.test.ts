/**
 * The compiler's memo between documents (PDF_MEMO_PRINTS, typst-worker.mjs): a sheet printed again
 * with one fact and its note changed, with another document between, prints the new fact and
 * note and none of the old, in either direction.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrinter, type PdfPrinter } from '../../../src/server/pdf/printer.js';
import { sheetPrintData } from '../../../src/server/features/exports/sheet-pdf.js';
import type { FactSheet } from '../../../src/shared/fact-sheet/index.js';
import type { Language } from '../../../src/shared/i18n/languages.js';
import { pdfText } from '../../helpers/file-readers.js';

function sheet(language: Language, address: string, printedOn: string): FactSheet {
  const fields = Array.from({ length: 12 }, (_, i) => ({
    key: `f${i}`,
    label: `Label ${i}`,
    value: `Value ${i}`,
    kind: 'text' as const,
  }));
  return {
    language,
    dir: language === 'fa' ? 'rtl' : 'ltr',
    layout: '',
    title: 'Fact sheet',
    property: { id: 1, name: 'Hotel Memo', place: 'Palma' },
    photos: [],
    sections: [
      {
        kind: 'document',
        key: 'main-info',
        title: 'Main info',
        groups: [
          {
            key: 'g',
            title: 'Main info',
            fields: [{ key: 'address', label: 'Address', value: address, kind: 'text' }, ...fields],
          },
        ],
      },
    ],
    notes: [`Printed on ${printedOn}`],
  };
}

describe('the compiler memo between prints', () => {
  let printer: PdfPrinter;
  beforeAll(() => {
    printer = createPrinter({ log: Fastify({ logger: false }).log, memoPrints: 3 });
  });
  afterAll(() => printer.close());

  for (const language of ['en', 'fa'] as const) {
    it(`prints what changed, never the last print's layout of it (${language})`, async () => {
      const print = (s: FactSheet) => printer.print({ template: 'fact-sheet', data: sheetPrintData(s, new Set()) });
      const first = pdfText(await print(sheet(language, 'Carrer Vell 1', '2026-12-01')));
      expect(first).toContain('Carrer Vell 1');
      await printer.print({ template: 'empty', data: {} });
      const second = pdfText(await print(sheet(language, 'Carrer Nou 22', '2026-12-02')));
      expect(second).toContain('Carrer Nou 22');
      expect(second).toContain('2026-12-02');
      expect(second).not.toContain('Carrer Vell');
      expect(second).not.toContain('2026-12-01');
      expect(second).toContain('Value 11');
    });
  }
});
