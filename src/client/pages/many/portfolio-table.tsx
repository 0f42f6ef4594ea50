import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { countryName } from '../../reference/countries';
import type { PortfolioRow } from './many-api';
import { COLUMNS, PUBLISH_WORDS, type SortKey } from './portfolio-model';

const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

interface RowProps {
  row: PortfolioRow;
  selected: boolean;
  onSelect(id: number, on: boolean): void;
  onCopy(row: PortfolioRow): void;
}

/** One property; memoised so selecting a row repaints that row only. */
const PortfolioTableRow = memo(function PortfolioTableRow({ row, selected, onSelect, onCopy }: RowProps) {
  const publish = PUBLISH_WORDS[row.publish_state];
  return (
    <TableRow hover selected={selected} data-testid="portfolio-row" data-property-id={row.id}>
      <TableCell padding="checkbox">
        <Checkbox checked={selected} onChange={(e) => onSelect(row.id, e.target.checked)} slotProps={{ input: { 'aria-label': `Select ${row.hotel_name}` } }} />
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="portfolio-name">
          {row.hotel_name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[row.city, countryName(row.country)].filter(Boolean).join(', ')}
        </Typography>
      </TableCell>
      <TableCell align="right" data-testid="completeness">
        {row.completeness} %{row.publishable ? '' : ' ·'}
      </TableCell>
      <TableCell>
        <Chip size="small" color={publish.color} label={publish.label} title={row.published_at ? `Published ${new Date(row.published_at).toLocaleString()}` : undefined} />
      </TableCell>
      <TableCell>
        {dateText(row.last_confirmed)}
        {row.stale_sections > 0 && (
          <Typography variant="caption" color="warning.main" component="div">
            {row.stale_sections} to confirm
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {row.operators.length === 0 ? (
          <Typography variant="caption" color="text.secondary">
            No contract
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {row.operators.map((o) => (
              <Chip
                key={o.operator}
                size="small"
                variant="outlined"
                color={o.ready ? 'success' : 'warning'}
                label={o.ready ? `${o.company}: ready` : `${o.company}: ${o.missing} open`}
              />
            ))}
          </Box>
        )}
      </TableCell>
      <TableCell align="right">{row.photo_count}</TableCell>
      <TableCell align="right">{row.rooms ? `${row.stop_sale_coverage} %` : '—'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button size="small" component={RouterLink} to={`/property/${row.id}/general`} aria-label={`Edit facts of ${row.hotel_name}`}>
          Edit
        </Button>
        <Button size="small" onClick={() => onCopy(row)} aria-label={`New property from ${row.hotel_name}`}>
          Copy
        </Button>
      </TableCell>
    </TableRow>
  );
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

/** The portfolio as a table: sortable headers, a selection for bulk edits, a row per property. */
export function PortfolioTable({ rows, sort, onSort, selected, onSelect, onSelectAll, onCopy }: Props) {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <Table size="small" aria-label="Portfolio" stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox checked={all} indeterminate={!all && rows.some((r) => selected.has(r.id))} onChange={(e) => onSelectAll(e.target.checked)} slotProps={{ input: { 'aria-label': 'Select every property shown' } }} />
          </TableCell>
          {COLUMNS.map((c) => (
            <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sortDirection={sort.key === c.key ? (sort.desc ? 'desc' : 'asc') : false}>
              {c.sortable ? (
                <TableSortLabel active={sort.key === c.key} direction={sort.key === c.key && sort.desc ? 'desc' : 'asc'} onClick={() => onSort(c.key as SortKey)}>
                  {c.title}
                </TableSortLabel>
              ) : (
                c.title
              )}
            </TableCell>
          ))}
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <PortfolioTableRow key={r.id} row={r} selected={selected.has(r.id)} onSelect={onSelect} onCopy={onCopy} />
        ))}
      </TableBody>
    </Table>
  );
}
