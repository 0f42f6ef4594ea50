import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FACT_SHEET_CSS, FACT_SHEET_PRINT_CSS, FactSheetView, type FactSheet } from '../../../shared/fact-sheet/index.js';
import { fontFaces } from '../../pdf/printer.js';
import type { Services } from '../../services.js';
import type { SheetParts } from './sheet-source.js';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The whole HTML document of a sheet: React's markup (every text escaped), the print CSS and the fonts. */
export async function sheetHtml(sheet: FactSheet): Promise<string> {
  const body = renderToStaticMarkup(createElement(FactSheetView, { sheet }));
  const title = escapeHtml(`${sheet.title}: ${sheet.property.name}`);
  return `<!doctype html><html lang="${sheet.language}" dir="${sheet.dir}"><head><meta charset="utf-8"><title>${title}</title><style>${await fontFaces()}${FACT_SHEET_PRINT_CSS}${FACT_SHEET_CSS}</style></head><body>${body}</body></html>`;
}

/** Print a sheet to PDF in this process's Chromium. */
export async function sheetPdf(services: Services, parts: SheetParts, timeoutMs = 60_000): Promise<Buffer> {
  return services.printer.print({ html: await sheetHtml(parts.sheet), assets: parts.assets, fingerprint: parts.fingerprint, timeoutMs });
}
