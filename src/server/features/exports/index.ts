/** The exports feature as other features see it: the only file they may import (issue 26 §2). */
export { entryName, safeStem } from './photo-zip.js';
export { sheetFileName } from './file-names.js';
export { sheetPdf } from './sheet-pdf.js';
export { factSheetSource, sectionInputs, sheetChoice, sheetDocumentNames } from './sheet-source.js';
export type { SheetChoice } from './sheet-source.js';
