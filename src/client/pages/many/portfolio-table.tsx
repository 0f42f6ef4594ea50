import { memo, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SxProps, Theme } from '@mui/material/styles';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { PortfolioRow } from '../../api/portfolio';
import { useCountryName } from '../../components/property-table';
import { useFormat, useT } from '../../i18n';
import { COLUMNS, PUBLISH_WORDS, type SortKey } from './portfolio-model';

interface RowProps {
  row: PortfolioRow;
  selected: boolean;
  onSelect(id: number, on: boolean): void;
  onCopy(row: PortfolioRow): void;
}

/**
 * One property; memoised so selecting a row repaints that row only. Plain cells and native
 * controls styled by the table (TABLE_SX): 200 rows of MUI cells, chips and buttons cost several
 * thousand styled components on the first paint.
 */
const PortfolioTableRow = memo(function PortfolioTableRow({ row, selected, onSelect, onCopy }: RowProps) {
  const publish = PUBLISH_WORDS[row.publish_state];
  const t = useT();
  const format = useFormat();
  const country = useCountryName();
  const dateText = (iso: string | null) => (iso ? format.date(iso) : '—');
  return (
    <tr data-testid="portfolio-row" data-property-id={row.id} className={selected ? 'selected' : undefined}>
      <td className="check">
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect(row.id, e.target.checked)}
          aria-label={t('many.select_row', { name: row.hotel_name })}
        />
      </td>
      <td>
        <div className="name" data-testid="portfolio-name">
          {row.hotel_name}
        </div>
        <div className="muted">{[row.city, country(row.country)].filter(Boolean).join(', ')}</div>
      </td>
      <td
        className="num"
        data-testid="completeness"
        title={t(row.publishable ? 'facts.completeness_ready' : 'many.missing_to_publish')}
      >
        {format.percent(row.completeness / 100)}
      </td>
      <td>
        <span
          className={`tag ${publish.color}`}
          title={
            row.published_at ? t('components.publish_since', { when: format.dateTime(row.published_at) }) : undefined
          }
        >
          {t(publish.label)}
        </span>
      </td>
      <td>
        {dateText(row.last_confirmed)}
        {row.stale_sections > 0 && <div className="warn">{t('many.to_confirm', { count: row.stale_sections })}</div>}
      </td>
      <td>
        {row.operators.length === 0 ? (
          <span className="muted">{t('many.no_contract')}</span>
        ) : (
          row.operators.map((o) => (
            <span key={o.operator} className={`tag ${o.ready ? 'success' : 'warning'}`}>
              {o.ready
                ? t('many.operator_ready', { company: o.company })
                : t('many.operator_open', { company: o.company, count: o.missing })}
            </span>
          ))
        )}
      </td>
      <td className="num">{format.number(row.photo_count)}</td>
      <td className="num">{row.rooms ? format.percent(row.stop_sale_coverage / 100) : '—'}</td>
      <td className="num actions">
        <RouterLink to={`/property/${row.id}/general`} aria-label={t('facts.edit_facts_of', { name: row.hotel_name })}>
          {t('many.edit')}
        </RouterLink>
        <button type="button" onClick={() => onCopy(row)} aria-label={t('many.copy_title', { name: row.hotel_name })}>
          {t('many.copy')}
        </button>
      </td>
    </tr>
  );
});

/** The look of the plain rows, once for the whole table. */
const TABLE_SX: SxProps<Theme> = (theme) => ({
  // Cells padded tightly: every column of a 1280 px screen's table is shown without its own scroll bar.
  '& thead th': { padding: '6px 8px' },
  '& tbody td': {
    padding: '6px 8px',
    borderBottom: `1px solid ${theme.palette.divider}`,
    fontSize: theme.typography.body2.fontSize,
    verticalAlign: 'middle',
  },
  '& tbody tr:hover': { background: theme.palette.action.hover },
  '& tbody tr.selected': { background: theme.palette.action.selected },
  '& td.num': { textAlign: 'right', whiteSpace: 'nowrap' },
  '& td.check': { width: 40 },
  '& .name': { fontWeight: 600 },
  '& .muted': { color: theme.palette.text.secondary, fontSize: theme.typography.caption.fontSize },
  '& .warn': { color: theme.palette.warning.main, fontSize: theme.typography.caption.fontSize },
  '& .tag': {
    display: 'inline-block',
    borderRadius: 12,
    padding: '1px 8px',
    margin: '1px 4px 1px 0',
    fontSize: theme.typography.caption.fontSize,
    border: `1px solid ${theme.palette.divider}`,
    whiteSpace: 'nowrap',
  },
  '& .tag.success': { borderColor: theme.palette.success.main, color: theme.palette.success.main },
  '& .tag.warning': { borderColor: theme.palette.warning.main, color: theme.palette.warning.dark },
  '& .actions a, & .actions button': {
    color: theme.palette.primary.main,
    background: 'none',
    border: 0,
    cursor: 'pointer',
    font: 'inherit',
    padding: '2px 6px',
    textDecoration: 'none',
  },
});

interface Props {
  rows: readonly PortfolioRow[];
  sort: { key: SortKey; desc: boolean };
  onSort(key: SortKey): void;
  selected: ReadonlySet<number>;
  onSelect(id: number, on: boolean): void;
  onSelectAll(on: boolean): void;
  onCopy(row: PortfolioRow): void;
}

/** Rows drawn in the first frame (a 900 px window shows about 18); the rest follow in the next one. */
const FIRST_ROWS = 24;

/** The portfolio as a table: sortable headers, a selection for bulk edits, a row per property. */
export function PortfolioTable({ rows, sort, onSort, selected, onSelect, onSelectAll, onCopy }: Props) {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const t = useT();
  // The first screen paints before the rows below it are built: 200 rows at once hold up the first paint.
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= rows.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setLimit(Number.MAX_SAFE_INTEGER), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [limit, rows.length]);
  return (
    <Table size="small" aria-label={t('facts.portfolio')} stickyHeader sx={TABLE_SX}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={all}
              indeterminate={!all && rows.some((r) => selected.has(r.id))}
              onChange={(e) => onSelectAll(e.target.checked)}
              slotProps={{ input: { 'aria-label': t('many.select_all') } }}
            />
          </TableCell>
          {COLUMNS.map((c) => (
            <TableCell
              key={c.key}
              align={c.numeric ? 'right' : 'left'}
              sortDirection={sort.key === c.key ? (sort.desc ? 'desc' : 'asc') : false}
            >
              {c.sortable ? (
                <TableSortLabel
                  active={sort.key === c.key}
                  direction={sort.key === c.key && sort.desc ? 'desc' : 'asc'}
                  onClick={() => onSort(c.key as SortKey)}
                >
                  {t(c.title)}
                </TableSortLabel>
              ) : (
                t(c.title)
              )}
            </TableCell>
          ))}
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.slice(0, limit).map((r) => (
          <PortfolioTableRow key={r.id} row={r} selected={selected.has(r.id)} onSelect={onSelect} onCopy={onCopy} />
        ))}
      </TableBody>
    </Table>
  );
}
