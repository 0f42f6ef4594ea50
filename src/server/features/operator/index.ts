/** The operator feature as other features see it: the only file they may import (issue 26 §2). */
export { applyOverrides, approvedOverrides, operatorFacts } from './facts-view.js';
export { operatorOwnPhotos } from './own-photos.js';
export { operatorPhotos } from './photos.js';
export { onPublished } from './published.js';
export { operatorSheetChoice, operatorSheetPdf, tellHotelOfDownload, tellHotelOfSheet } from './sheet-pdf.js';
export { operatorStates } from './states.js';
export { sheetToWire } from './sheet-wire.js';
export { operatorView } from './views-store.js';
