import type { FactSheet, SheetField, SheetGroup, SheetImage } from '../../../shared/fact-sheet/index.js';
import type { FactSheetModelWire } from '../../../shared/generated/wire-types.js';

function fieldWire(f: SheetField): FactSheetModelWire['sections'][number]['groups'][number]['fields'][number] {
  return {
    key: f.key,
    label: f.label,
    value: f.value,
    kind: f.kind,
    on: f.on ?? null,
    changed_from: f.changedFrom ?? null,
    hotel_value: f.hotelValue ?? null,
    drift_value: f.driftValue ?? null,
  };
}

const groupWire = (g: SheetGroup) => ({ key: g.key, title: g.title, fields: g.fields.map(fieldWire) });
const imageWire = (i: SheetImage | undefined) => (i ? { url: i.url, caption: i.caption ?? null } : null);

/** The model as its wire form (snake_case, every field present). */
export function sheetToWire(sheet: FactSheet): FactSheetModelWire {
  return {
    language: sheet.language,
    dir: sheet.dir,
    layout: sheet.layout,
    title: sheet.title,
    property: {
      id: sheet.property.id,
      name: sheet.property.name,
      place: sheet.property.place,
      logo: imageWire(sheet.property.logo),
    },
    logo: imageWire(sheet.logo),
    featured: imageWire(sheet.featured),
    photos: sheet.photos.map((p) => ({ url: p.url, caption: p.caption ?? null })),
    sections: sheet.sections.map((s) =>
      s.kind === 'document'
        ? {
            kind: 'document',
            key: s.key,
            title: s.title,
            groups: s.groups.map(groupWire),
            item_label: null,
            columns: [],
            rows: [],
          }
        : {
            kind: 'list',
            key: s.key,
            title: s.title,
            groups: [],
            item_label: s.itemLabel,
            columns: s.columns,
            rows: s.rows.map((r) => ({
              id: r.id ?? null,
              title: r.title,
              cells: r.cells,
              details: r.details.map(groupWire),
              change: r.change ?? null,
            })),
          },
    ),
    notes: sheet.notes,
  };
}
