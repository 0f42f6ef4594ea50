/**
 * One fact-sheet model for every output (the PDF, the operator's read-only fact sheet, later the
 * widget and mail bodies): `buildFactSheet` turns schemas + documents + option lists + a language
 * into a model; `FactSheetView` (plain HTML, FACT_SHEET_CSS) shows it on screen in any layout, the
 * Typst template src/server/pdf/templates/fact-sheet.typ prints it; both arrange it alike
 * (arrange.ts). Its own words (Yes, Photos, the marks...) are `pdf.sheet.*` of the catalogues,
 * read through the translator a caller gives (words.ts). Imports neither server nor client code.
 */
export * from './languages.js';
export * from './model.js';
export { fieldKey, markChanges, markOverrides } from './marks.js';
export { sheetText, type SheetWordKey } from './words.js';
export { FactSheetView, layoutName } from './view.js';
export { factLines, hasRightToLeft, isolated, textDirection, withFilledColumns } from './arrange.js';
export { FACT_SHEET_CSS } from './styles.js';
