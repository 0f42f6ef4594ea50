import { useMemo } from 'react';
import Box from '@mui/material/Box';
import {
  FACT_SHEET_CSS,
  FactSheetView,
  type FactSheet,
  type SheetField,
  type SheetGroup,
  type SheetImage,
} from '../../shared/fact-sheet';
import type { FactSheetModelWire } from '../../shared/generated/wire-types';
import { useTranslatorFor } from '../i18n';

type WireField = FactSheetModelWire['sections'][number]['groups'][number]['fields'][number];
type WireGroup = FactSheetModelWire['sections'][number]['groups'][number];

const image = (i: { url: string; caption: string | null } | null): SheetImage | undefined =>
  i ? { url: i.url, ...(i.caption ? { caption: i.caption } : {}) } : undefined;
const field = (f: WireField): SheetField => ({
  key: f.key,
  label: f.label,
  value: f.value,
  kind: f.kind,
  ...(f.on !== null ? { on: f.on } : {}),
  ...(f.changed_from !== null ? { changedFrom: f.changed_from } : {}),
  ...(f.hotel_value !== null ? { hotelValue: f.hotel_value } : {}),
  ...(f.drift_value !== null ? { driftValue: f.drift_value } : {}),
});
const group = (g: WireGroup): SheetGroup => ({ key: g.key, title: g.title, fields: g.fields.map(field) });

/** The server's sheet (wire form) as the shared model the view draws. */
export function sheetFromWire(w: FactSheetModelWire): FactSheet {
  return {
    language: w.language,
    dir: w.dir,
    layout: w.layout,
    title: w.title,
    property: { id: w.property.id, name: w.property.name, place: w.property.place, logo: image(w.property.logo) },
    logo: image(w.logo),
    featured: image(w.featured),
    photos: w.photos.map((p) => image(p)!),
    sections: w.sections.map((s) =>
      s.kind === 'document'
        ? { kind: 'document', key: s.key, title: s.title, groups: s.groups.map(group) }
        : {
            kind: 'list',
            key: s.key,
            title: s.title,
            itemLabel: s.item_label ?? '',
            columns: s.columns,
            rows: s.rows.map((r) => ({
              ...(r.id !== null ? { id: r.id } : {}),
              ...(r.change ? { change: r.change } : {}),
              title: r.title,
              cells: r.cells,
              details: r.details.map(group),
            })),
          },
    ),
    notes: w.notes,
  };
}

/**
 * The fact sheet on screen: the same plain-HTML view the PDF prints (src/shared/fact-sheet), its
 * styles scoped to it, on paper-white whatever the theme (it reads as the document it is), its
 * own words in the sheet's language (shown once that catalogue is loaded).
 */
export function SheetView({ sheet }: { sheet: FactSheetModelWire }) {
  const model = useMemo(() => sheetFromWire(sheet), [sheet]);
  const words = useTranslatorFor(model.language);
  return (
    <Box
      sx={{
        bgcolor: '#fff',
        color: '#1d2433',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        p: { xs: 2, md: 4 },
        '& .fs-featured img': { maxHeight: 360 },
      }}
      data-testid="fact-sheet"
    >
      <style>{FACT_SHEET_CSS}</style>
      {words && <FactSheetView sheet={model} words={words} />}
    </Box>
  );
}
