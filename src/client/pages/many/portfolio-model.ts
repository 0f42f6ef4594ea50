import type { PortfolioRow } from '../../api/portfolio';

export type SortKey =
  | 'hotel_name'
  | 'completeness'
  | 'publish_state'
  | 'last_confirmed'
  | 'operators'
  | 'photo_count'
  | 'stop_sale_coverage';

export const COLUMNS: readonly { key: SortKey | 'none'; title: string; numeric?: boolean; sortable: boolean }[] = [
  { key: 'hotel_name', title: 'Property', sortable: true },
  { key: 'completeness', title: 'Complete', numeric: true, sortable: true },
  { key: 'publish_state', title: 'Published', sortable: true },
  { key: 'last_confirmed', title: 'Last confirmed', sortable: true },
  { key: 'operators', title: 'Operators ready', sortable: true },
  { key: 'photo_count', title: 'Photos', numeric: true, sortable: true },
  { key: 'stop_sale_coverage', title: 'Stop-sale, 90 days', numeric: true, sortable: true },
];

export const PUBLISH_WORDS: Record<
  PortfolioRow['publish_state'],
  { label: string; color: 'plain' | 'success' | 'warning' }
> = {
  draft: { label: 'Unpublished', color: 'plain' },
  published: { label: 'Live', color: 'success' },
  changed: { label: 'Changed since publish', color: 'warning' },
};

export interface Filters {
  text: string;
  publish: 'all' | PortfolioRow['publish_state'];
  readiness: 'all' | 'ready' | 'not-ready';
  stale: boolean;
}

export const NO_FILTERS: Filters = { text: '', publish: 'all', readiness: 'all', stale: false };

/** Share of the property's operators that are ready (1 without operators: nothing is waiting). */
const readyShare = (r: PortfolioRow) =>
  r.operators.length ? r.operators.filter((o) => o.ready).length / r.operators.length : 1;

function sortValue(r: PortfolioRow, key: SortKey): string | number {
  switch (key) {
    case 'hotel_name':
      return r.hotel_name.toLowerCase();
    case 'publish_state':
      return ['draft', 'changed', 'published'].indexOf(r.publish_state);
    case 'last_confirmed':
      return r.last_confirmed ?? '';
    case 'operators':
      return readyShare(r);
    default:
      return r[key];
  }
}

/** The rows the filters keep, in the chosen order (name, then id, breaks ties). */
export function shownRows(
  rows: readonly PortfolioRow[],
  f: Filters,
  sort: { key: SortKey; desc: boolean },
): PortfolioRow[] {
  const text = f.text.trim().toLowerCase();
  const kept = rows.filter(
    (r) =>
      (!text || `${r.hotel_name} ${r.city} ${r.country}`.toLowerCase().includes(text)) &&
      (f.publish === 'all' || r.publish_state === f.publish) &&
      (f.readiness === 'all' || (f.readiness === 'ready') === (r.operators.length > 0 && readyShare(r) === 1)) &&
      (!f.stale || r.stale_sections > 0),
  );
  const dir = sort.desc ? -1 : 1;
  return kept.sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x < y) return -dir;
    if (x > y) return dir;
    return a.hotel_name.localeCompare(b.hotel_name) || a.id - b.id;
  });
}

/** The table as the CSV export writes it: what is shown, one row per property. */
export function csvRows(rows: readonly PortfolioRow[]): { header: string[]; rows: unknown[][] } {
  return {
    header: [
      'Id',
      'Property',
      'City',
      'Country',
      'Complete (%)',
      'Publishable',
      'Publish state',
      'Published at',
      'Last confirmed',
      'Sections to confirm',
      'Operators ready',
      'Operators',
      'Photos',
      'Rooms',
      'Stop-sale next 90 days (%)',
    ],
    rows: rows.map((r) => [
      r.id,
      r.hotel_name,
      r.city,
      r.country,
      r.completeness,
      r.publishable ? 'yes' : 'no',
      PUBLISH_WORDS[r.publish_state].label,
      r.published_at ?? '',
      r.last_confirmed ?? '',
      r.stale_sections,
      `${r.operators.filter((o) => o.ready).length}/${r.operators.length}`,
      r.operators.map((o) => `${o.company}${o.ready ? '' : ` (${o.missing} open)`}`).join('; '),
      r.photo_count,
      r.rooms,
      r.stop_sale_coverage,
    ]),
  };
}
