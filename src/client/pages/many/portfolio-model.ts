import type { PortfolioRow } from '../../api/portfolio';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { Translate } from '../../i18n';

export type SortKey =
  | 'hotel_name'
  | 'completeness'
  | 'publish_state'
  | 'last_confirmed'
  | 'operators'
  | 'photo_count'
  | 'stop_sale_coverage';

export const COLUMNS: readonly { key: SortKey | 'none'; title: MessageKey; numeric?: boolean; sortable: boolean }[] = [
  { key: 'hotel_name', title: 'components.property', sortable: true },
  { key: 'completeness', title: 'many.col_complete', numeric: true, sortable: true },
  { key: 'publish_state', title: 'many.col_published', sortable: true },
  { key: 'last_confirmed', title: 'many.col_confirmed', sortable: true },
  { key: 'operators', title: 'many.col_operators', sortable: true },
  { key: 'photo_count', title: 'many.col_photos', numeric: true, sortable: true },
  { key: 'stop_sale_coverage', title: 'many.col_stop_sale', numeric: true, sortable: true },
];

export const PUBLISH_WORDS: Record<
  PortfolioRow['publish_state'],
  { label: MessageKey; color: 'plain' | 'success' | 'warning' }
> = {
  draft: { label: 'components.publish_none', color: 'plain' },
  published: { label: 'components.publish_live', color: 'success' },
  changed: { label: 'components.publish_changed', color: 'warning' },
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

/**
 * The table as the CSV export writes it: what is shown, one row per property, its headers and
 * words in the interface's language (`csv.*`): the file is read by people in a spreadsheet, and no
 * import reads it back.
 */
export function csvRows(rows: readonly PortfolioRow[], t: Translate): { header: string[]; rows: unknown[][] } {
  const state: Record<PortfolioRow['publish_state'], string> = {
    draft: t('csv.portfolio.state_draft'),
    published: t('csv.portfolio.state_published'),
    changed: t('csv.portfolio.state_changed'),
  };
  return {
    header: [
      t('csv.portfolio.id'),
      t('csv.portfolio.property'),
      t('csv.portfolio.city'),
      t('csv.portfolio.country'),
      t('csv.portfolio.complete'),
      t('csv.portfolio.publishable'),
      t('csv.portfolio.publish_state'),
      t('csv.portfolio.published_at'),
      t('csv.portfolio.last_confirmed'),
      t('csv.portfolio.sections_to_confirm'),
      t('csv.portfolio.operators_ready'),
      t('csv.portfolio.operators'),
      t('csv.portfolio.photos'),
      t('csv.portfolio.rooms'),
      t('csv.portfolio.stop_sale'),
    ],
    rows: rows.map((r) => [
      r.id,
      r.hotel_name,
      r.city,
      r.country,
      r.completeness,
      t(r.publishable ? 'csv.yes' : 'csv.no'),
      state[r.publish_state],
      r.published_at ?? '',
      r.last_confirmed ?? '',
      r.stale_sections,
      `${r.operators.filter((o) => o.ready).length}/${r.operators.length}`,
      r.operators
        .map((o) => (o.ready ? o.company : t('csv.portfolio.operator_open', { company: o.company, count: o.missing })))
        .join('; '),
      r.photo_count,
      r.rooms,
      r.stop_sale_coverage,
    ]),
  };
}
