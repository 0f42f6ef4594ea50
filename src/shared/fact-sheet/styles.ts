/**
 * The look of FactSheetView on screen (print has its own view: src/server/pdf/templates). Logical
 * properties only (start/end), so the same rules read right to left in Persian. Fonts are named
 * here; a browser falls back per glyph.
 */
export const FACT_SHEET_CSS = `
.fs { font-family: 'Noto Sans', 'Vazirmatn', sans-serif; color: #1d2433; font-size: 10pt; line-height: 1.45; }
.fs[lang='fa'] { font-family: 'Vazirmatn', 'Noto Sans', sans-serif; }
.fs h1, .fs h2, .fs h3, .fs h4 { font-weight: 700; line-height: 1.2; break-after: avoid; }
.fs-cover { margin-block-end: 8mm; }
.fs-heading { display: flex; justify-content: space-between; align-items: flex-start; gap: 6mm; border-block-end: 2px solid #f2b705; padding-block-end: 3mm; }
.fs-title { flex: 1; }
.fs-kicker { margin: 0; text-transform: uppercase; letter-spacing: 0.08em; font-size: 8.5pt; color: #6b7280; }
.fs-name { margin: 1mm 0 0; font-size: 22pt; }
.fs-place { margin: 1mm 0 0; color: #4b5563; }
.fs-logo { max-height: 22mm; max-width: 55mm; object-fit: contain; }
.fs-featured { margin: 6mm 0 0; }
.fs-featured img { width: 100%; max-height: 150mm; object-fit: cover; border-radius: 2mm; }
.fs-featured figcaption, .fs-photo-grid figcaption { font-size: 8.5pt; color: #6b7280; margin-block-start: 1mm; }
.fs-empty { color: #6b7280; font-style: italic; }
.fs-section { margin-block-start: 7mm; }
.fs-section > h2 { font-size: 15pt; margin: 0 0 3mm; padding-block-end: 1mm; border-block-end: 1px solid #d1d5db; }
.fs-group { break-inside: avoid; margin-block-end: 4mm; }
.fs-group h3, .fs-card h3, .fs-row-details > h3 { font-size: 11pt; margin: 0 0 1.5mm; color: #374151; }
.fs-group h4 { font-size: 10pt; margin: 0 0 1mm; }
.fs-facts { width: 100%; border-collapse: collapse; }
.fs-facts th, .fs-facts td { text-align: start; vertical-align: top; padding: 1mm 2mm; border-block-end: 1px solid #eef0f3; }
.fs-facts th { width: 22%; font-weight: 400; color: #4b5563; }
.fs-facts td { width: 28%; }
/* A fact with its line to itself spans the other three columns: its share too, or a table of such
   lines alone (a group of one field) would be stretched from 50% to the whole width, the label's
   column with it, and the value would stand mid-line. */
.fs-facts td.fs-whole { width: 78%; }
.fs-long { white-space: pre-wrap; }
.fs-points { margin: 0; padding-inline-start: 5mm; columns: 2; column-gap: 8mm; }
.fs-points li { break-inside: avoid; margin-block-end: 0.8mm; }
.fs-points li.fs-off { color: #6b7280; }
.fs-label { color: #4b5563; }
.fs-prose { margin: 0; text-align: justify; }
.fs-cards { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.fs-card { break-inside: avoid; border: 1px solid #e5e7eb; border-radius: 2mm; padding: 3mm; }
.fs-card dl, .fs-summary { margin: 0; }
.fs-pair { display: flex; gap: 2mm; padding: 0.6mm 0; border-block-end: 1px dotted #e5e7eb; break-inside: avoid; }
.fs-pair dt { flex: 0 0 45%; color: #4b5563; }
.fs-pair dd { margin: 0; flex: 1; }
.fs-summary .fs-pair dt { flex-basis: 30%; font-weight: 700; color: #374151; }
.fs-table { width: 100%; border-collapse: collapse; font-size: 9pt; margin-block-end: 4mm; }
.fs-table th, .fs-table td { text-align: start; padding: 1.2mm 1.5mm; border: 1px solid #e5e7eb; vertical-align: top; }
.fs-table thead th { background: #f3f4f6; font-weight: 700; }
.fs-table tr { break-inside: avoid; }
.fs-row-details { margin-block-end: 3mm; font-size: 8.5pt; }
.fs-compact { margin-block-end: 1mm; }
.fs-mark { display: inline-block; margin-inline-start: 2mm; padding: 0 1.5mm; border-radius: 1mm; font-size: 8pt; line-height: 1.5; vertical-align: baseline; }
.fs-mark-changed, .fs-row-added .fs-mark, .fs-row-changed .fs-mark { background: #fff4ce; color: #6b4e00; }
.fs-mark-overridden { background: #e0ecff; color: #1d3f8a; }
.fs-mark-drift { background: #ffe1de; color: #8a1d12; }
.fs-row-removed td { text-decoration: line-through; color: #6b7280; }
.fs-row-removed .fs-mark { text-decoration: none; background: #f3f4f6; }
.fs-compact .fs-prose { text-align: start; }
.fs-photos { break-before: page; }
.fs-photos > h2 { font-size: 15pt; margin: 0 0 3mm; }
.fs-photo-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.fs-photo-grid figure { margin: 0; break-inside: avoid; }
.fs-photo-grid img { width: 100%; height: 60mm; object-fit: cover; border-radius: 1.5mm; }
.fs-notes { margin-block-start: 8mm; font-size: 8pt; color: #6b7280; }
.fs-notes p { margin: 0; }
.fs-cards, .fs-photo-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); }
@media (max-width: 700px) {
  .fs-table { display: block; overflow-x: auto; }
  .fs-cards, .fs-photo-grid { grid-template-columns: minmax(0, 1fr); }
  .fs-points { columns: 1; }
  .fs-heading { flex-wrap: wrap; }
  /* Four columns on a phone left each cell some 40 px and broke words ("Ye s"): a line of the
     table becomes label and value, then the next label and value, under each other. */
  .fs-facts, .fs-facts tbody { display: block; }
  .fs-facts tr { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); }
  .fs-facts th, .fs-facts td, .fs-facts td.fs-whole { width: auto; overflow-wrap: break-word; }
}
`;
