import {
  factLines,
  hasRightToLeft,
  isolated,
  textDirection,
  withFilledColumns,
  type FactSheet,
  type SheetField,
  type SheetGroup,
  type SheetImage,
  type SheetLayout,
  type SheetSection,
  type SheetWordKey,
} from '../../../shared/fact-sheet/index.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { translatorOf } from '../../i18n/index.js';
import type { Services } from '../../services.js';
import type { SheetSource } from './sheet-source.js';

type Isolate = (s: string) => string;

/** Digits, Western or Arabic-Indic: where a number meets the text around it, the bidi algorithm may move it. */
const DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/;

/**
 * Texts as the print view shows them: in an isolate of their own direction where the sheet's would
 * misread them. In a left-to-right sheet, texts with right-to-left characters; in a right-to-left
 * one, texts that read left to right (Latin names, phone numbers, e-mails: "4 stars",
 * "+34 971 000 100") or hold a number ("۴ ستاره"). Isolating every text would cost the compiler a
 * third more time.
 */
const isolateFor = (dir: FactSheet['dir']): Isolate =>
  dir === 'rtl'
    ? (s) => (s && (textDirection(s) === 'ltr' || DIGIT.test(s)) ? isolated(s) : s)
    : (s) => (hasRightToLeft(s) ? isolated(s) : s);

function field(f: SheetField, iso: Isolate) {
  const optional = (s: string | undefined) => (s === undefined ? undefined : iso(s));
  return {
    kind: f.kind,
    on: f.on,
    label: iso(f.label),
    value: iso(f.value),
    changedFrom: optional(f.changedFrom),
    hotelValue: optional(f.hotelValue),
    driftValue: optional(f.driftValue),
  };
}

/** A group: the Standard layout reads its facts by lines (paired on the texts as the reader sees them), the others one by one. */
function group(g: SheetGroup, layout: SheetLayout, iso: Isolate) {
  if (layout === '')
    return { title: iso(g.title), lines: factLines(g.fields).map((line) => line.map((f) => field(f, iso))) };
  return { title: iso(g.title), fields: g.fields.map((f) => field(f, iso)) };
}

function section(s: SheetSection, layout: SheetLayout, iso: Isolate) {
  if (s.kind === 'document')
    return { kind: s.kind, title: iso(s.title), groups: s.groups.map((g) => group(g, layout, iso)) };
  const shown = withFilledColumns(s);
  return {
    kind: s.kind,
    title: iso(s.title),
    columns: shown.columns.map((c) => ({ label: iso(c.label) })),
    // A row's details read as prose in every layout that shows them (no marks: changes are marked by row).
    rows: shown.rows.map((r) => ({
      change: r.change,
      title: iso(r.title),
      cells: r.cells.map(iso),
      details: r.details.map((g) => ({
        title: iso(g.title),
        text: g.fields.map((f) => `${iso(f.label)}: ${iso(f.value)}.`).join(' '),
      })),
    })),
  };
}

/** The template's words by the names it reads them by (fact-sheet.typ `words`). */
const WORDS = {
  photos: 'pdf.sheet.photos',
  nothingFilled: 'pdf.sheet.nothing_filled',
  markChanged: 'pdf.sheet.mark_changed',
  markNew: 'pdf.sheet.mark_new',
  markRemoved: 'pdf.sheet.mark_removed',
  markRowChanged: 'pdf.sheet.mark_row_changed',
  markEmpty: 'pdf.sheet.mark_empty',
  markOverridden: 'pdf.sheet.mark_overridden',
  markDrift: 'pdf.sheet.mark_drift',
} as const satisfies Record<string, SheetWordKey>;

/** The words in the sheet's language; a mark's `{value}` is left for the template to fill (common.typ fill-in). */
function templateWords(language: Language): Record<keyof typeof WORDS, string> {
  const words = translatorOf(language);
  const entries = Object.entries(WORDS).map(([name, key]) => [name, words.text(key, { value: '{value}' })]);
  return Object.fromEntries(entries) as Record<keyof typeof WORDS, string>;
}

/**
 * The model as the print template (src/server/pdf/templates/fact-sheet.typ) reads it: the same
 * sheet, its texts isolated in their direction, the Standard layout's lines and the filled list
 * columns arranged as on screen (shared/fact-sheet/arrange.ts), images by the names of the
 * printed files (`available`: an image whose file is missing is left out), and the sheet's words.
 */
export function sheetPrintData(sheet: FactSheet, available: ReadonlySet<string>) {
  const iso = isolateFor(sheet.dir);
  const image = (i: SheetImage | undefined) =>
    i && available.has(i.url) ? { src: i.url, caption: i.caption ? iso(i.caption) : null } : null;
  return {
    sheet: {
      language: sheet.language,
      dir: sheet.dir,
      layout: sheet.layout,
      title: sheet.title,
      property: { name: iso(sheet.property.name), place: iso(sheet.property.place), logo: image(sheet.property.logo) },
      logo: image(sheet.logo),
      featured: image(sheet.featured),
      photos: sheet.photos.map(image).filter((p) => p !== null),
      sections: sheet.sections.map((s) => section(s, sheet.layout, iso)),
      superseded: sheet.superseded ? iso(sheet.superseded) : null,
      notes: sheet.notes.map(iso),
    },
    words: templateWords(sheet.language),
  };
}

/**
 * A sheet's PDF: from the PDF cache when a document of the same making was printed (the model is
 * not even built), else built and compiled by Typst.
 */
export function sheetPdf(services: Services, source: SheetSource, timeoutMs = 60_000): Promise<Buffer> {
  return services.pdfCache.get(`fact-sheet ${source.key}`, async () => {
    const { sheet, assets } = await source.build();
    const images = await assets.load(services);
    const data = sheetPrintData(sheet, new Set(images.map((i) => i.name)));
    return services.printer.print({ template: 'fact-sheet', data, images, timeoutMs });
  });
}
