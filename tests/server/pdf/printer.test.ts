/**
 * The Typst printer: a template reads its model as data, so text typed by a hotel prints as typed
 * whatever Typst syntax it holds (markup, code, file reads, images, maths, labels, escapes, bidi
 * controls), in every layout; only the packaged fonts are used; a document past its time-out stops
 * the compiler thread and the next one prints; image names are the server's own.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrinter, PrintError, PrintTimeout, type PdfPrinter } from '../../../src/server/pdf/printer.js';
import { sheetPrintData } from '../../../src/server/features/exports/sheet-pdf.js';
import { chartPrintData } from '../../../src/server/features/stop-sale/chart-pdf.js';
import { SHEET_LAYOUTS, type FactSheet } from '../../../src/shared/fact-sheet/index.js';
import type { Language } from '../../../src/shared/i18n/languages.js';
import { asPdfText, pdfFonts, pdfImageCount, pdfPages, pdfText } from '../../helpers/file-readers.js';

/** The fonts of src/server/pdf/fonts.ts, as the PDF names them. */
const PACKAGED_FONTS = [
  'NotoSans-Regular',
  'NotoSans-Bold',
  'Vazirmatn-Regular',
  'Vazirmatn-Bold',
  'NotoEmoji-Regular',
];

/** Typst source a hostile hotel might type into any text (each must print as typed, and do nothing). */
const HOSTILE = [
  '#read("/etc/passwd")',
  '#image("/etc/passwd")',
  '#image("/assets/logo-company.png")',
  '] #panic("boom") [',
  '$x^2 + sqrt(y)$',
  '*bold* _emph_ `raw`',
  '@ref <label> #label("x")',
  'back\\slash \\u{41} \\#',
  '#set page(width: 2cm) #pagebreak()',
  '")#eval("1+1")("',
  '= Heading // comment /* block',
  '\u202eRTL override\u202c and \u200fmark',
];

function hostileSheet(language: Language, layout: FactSheet['layout']): FactSheet {
  const field = (i: number) => ({
    key: `f${i}`,
    label: HOSTILE[i]!,
    value: HOSTILE[(i + 1) % HOSTILE.length]!,
    kind: 'text' as const,
  });
  return {
    language,
    dir: language === 'fa' ? 'rtl' : 'ltr',
    layout,
    title: 'Fact sheet',
    property: { id: 1, name: HOSTILE[0]!, place: HOSTILE[1]! },
    photos: [],
    sections: [
      {
        kind: 'document',
        key: 'main-info',
        title: HOSTILE[6]!,
        groups: [{ key: 'g', title: HOSTILE[7]!, fields: HOSTILE.map((_, i) => field(i)) }],
      },
      {
        kind: 'list',
        key: 'room',
        title: 'Rooms',
        itemLabel: 'Room',
        columns: [
          { key: 'room_name', label: HOSTILE[4]! },
          { key: 'room_view', label: HOSTILE[5]! },
        ],
        rows: [
          {
            title: HOSTILE[8]!,
            cells: [HOSTILE[8]!, HOSTILE[9]!],
            details: [{ key: 'd', title: HOSTILE[10]!, fields: [field(2)] }],
          },
        ],
      },
    ],
    notes: [HOSTILE[11]!],
  };
}

describe('the Typst printer', () => {
  let printer: PdfPrinter;
  beforeAll(() => {
    printer = createPrinter({ log: Fastify({ logger: false }).log });
  });
  afterAll(() => printer.close());

  for (const layout of SHEET_LAYOUTS) {
    it(`prints hostile text as typed, never as markup (layout "${layout}")`, async () => {
      const sheet = hostileSheet('en', layout);
      // The model names an image file the printer is not given: it is left out, not looked for.
      sheet.featured = { url: 'logo-company.png' };
      const pdf = await printer.print({ template: 'fact-sheet', data: sheetPrintData(sheet, new Set()) });
      const text = pdfText(pdf).replace(/ /g, '');
      for (const h of HOSTILE.slice(0, 11)) expect(text, h).toContain(asPdfText(h).replace(/ /g, ''));
      expect(text).not.toContain('root:');
      expect(pdfImageCount(pdf)).toBe(0);
      expect(pdfPages(pdf)).toBeLessThan(4);
    });
  }

  it('prints Persian right to left and Russian with the packaged fonts only, never a font of the machine', async () => {
    const sheet = hostileSheet('fa', '');
    sheet.property.name = 'هتل ساحلی آناناس';
    sheet.property.place = 'Гостиница у моря 酒店';
    const pdf = await printer.print({ template: 'fact-sheet', data: sheetPrintData(sheet, new Set()) });
    const text = pdfText(pdf);
    expect(text).toContain('هتل ساحلی آناناس');
    expect(text).toContain('Гостиница у моря');
    // Chinese is in neither font: it is left blank rather than taken from a font of this machine.
    const fonts = pdfFonts(pdf);
    expect(fonts).toEqual(expect.arrayContaining(['Vazirmatn-Regular', 'NotoSans-Regular']));
    for (const f of fonts) expect(PACKAGED_FONTS, f).toContain(f);
  });

  it('prints emoji of titles and names with the packaged emoji font, in the sheet and the chart', async () => {
    // Issue 38: a photo titled "Sunset 🌅" printed an empty box. Bold text (a room's title) too.
    const sheet = hostileSheet('en', '');
    sheet.property.name = 'Casa 🍍 Ananas';
    const rooms = sheet.sections[1]!;
    if (rooms.kind === 'list') rooms.rows[0]!.title = 'Suite 🌊 Mar';
    const pdf = await printer.print({ template: 'fact-sheet', data: sheetPrintData(sheet, new Set()) });
    const text = pdfText(pdf);
    expect(text).toContain('Casa 🍍 Ananas');
    expect(text).toContain('Suite 🌊 Mar');
    expect(pdfFonts(pdf)).toContain('NotoEmoji-Regular');
    for (const f of pdfFonts(pdf)) expect(PACKAGED_FONTS, f).toContain(f);

    const chart = chartPrintData({
      hotel_name: 'Casa ☀️ Sol',
      date: '2026-12-01',
      rooms: [{ id: 1, room_name: 'Doble 🛏️', events: [] }],
    } as never);
    const chartPdf = await printer.print({ template: 'availability-chart', data: chart });
    expect(pdfText(chartPdf)).toMatch(/Doble 🛏/u);
    expect(pdfFonts(chartPdf)).toContain('NotoEmoji-Regular');
  });

  it('prints a room name of Typst syntax in the availability chart as typed', async () => {
    const data = chartPrintData({
      hotel_name: HOSTILE[0]!,
      date: '2026-12-01',
      rooms: [{ id: 1, room_name: HOSTILE[3]!, events: [{ id: 1, date: '2026-12-01', color: 2 }] }],
    } as never);
    const text = pdfText(await printer.print({ template: 'availability-chart', data }));
    expect(text).toContain(asPdfText(`Availability: ${HOSTILE[0]}`));
    expect(text).toMatch(/\] #panic\("boom"\) \[ SS/);
  });

  it('stops a document past its time-out, and prints the next one', async () => {
    // A sheet printed before would come from the compiler's memo, fast enough to beat even a 1 ms
    // time-out (it did, once, on Node 24): this one is new, and long enough that it cannot.
    const sheet = hostileSheet('en', '');
    sheet.property.name = `Timed out ${Date.now()}`;
    const rooms = sheet.sections[1]!;
    if (rooms.kind === 'list') {
      rooms.rows = Array.from({ length: 200 }, (_, i) => ({
        title: `Room ${i} ${Math.random()}`,
        cells: [`${i}`, `${Math.random()}`],
        details: [],
      }));
    }
    await expect(
      printer.print({ template: 'fact-sheet', data: sheetPrintData(sheet, new Set()), timeoutMs: 1 }),
    ).rejects.toBeInstanceOf(PrintTimeout);
    const pdf = await printer.print({ template: 'fact-sheet', data: sheetPrintData(sheet, new Set()) });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes only image names of its own making', async () => {
    const data = sheetPrintData(hostileSheet('en', ''), new Set());
    for (const name of ['../../etc/passwd.jpg', '/etc/passwd.png', 'photo.svg', 'a b.jpg']) {
      await expect(
        printer.print({ template: 'fact-sheet', data, images: [{ name, body: Buffer.from('x') }] }),
        name,
      ).rejects.toBeInstanceOf(PrintError);
    }
  });
});
