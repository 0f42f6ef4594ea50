import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CopyPropertyDialog } from './copy-property-dialog';
import { download, toCsv } from './csv';
import { usePortfolio, type PortfolioRow } from '../../api/portfolio';
import { csvRows, NO_FILTERS, shownRows, type Filters, type SortKey } from './portfolio-model';
import { PortfolioTable } from './portfolio-table';

/**
 * /property-portfolio: every property of the account with its completeness, publish state,
 * freshness, readiness per operator, photos and stop-sale coverage; sorted and filtered here,
 * exported as CSV, and the start of bulk edits and copies.
 */
export function PortfolioTablePage() {
  const navigate = useNavigate();
  const { data, isError } = usePortfolio();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'hotel_name', desc: false });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [copying, setCopying] = useState<PortfolioRow | null>(null);
  const rows = useMemo(() => shownRows(data ?? [], filters, sort), [data, filters, sort]);
  const onSelect = useCallback(
    (id: number, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const onSelectAll = (on: boolean) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set());
  const onSort = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }));
  const onCopy = useCallback((row: PortfolioRow) => setCopying(row), []);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const exportCsv = () => {
    const table = csvRows(rows);
    download(`portfolio-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(table.header, table.rows));
  };

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="portfolio-table-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          Portfolio
        </Typography>
        <Button variant="outlined" onClick={exportCsv} disabled={!rows.length}>
          Export CSV
        </Button>
        <Button
          variant="contained"
          disabled={!selected.size}
          onClick={() => navigate(`/bulk-edit?properties=${[...selected].join(',')}`)}
        >
          Bulk edit {selected.size ? `(${selected.size})` : ''}
        </Button>
      </Box>
      <Box
        sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
        data-testid="portfolio-filters"
      >
        <TextField
          size="small"
          label="Hotel or city"
          value={filters.text}
          onChange={(e) => set('text', e.target.value)}
        />
        <TextField
          size="small"
          select
          label="Publish state"
          value={filters.publish}
          onChange={(e) => set('publish', e.target.value as Filters['publish'])}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">Any</MenuItem>
          <MenuItem value="draft">Unpublished</MenuItem>
          <MenuItem value="published">Live</MenuItem>
          <MenuItem value="changed">Changed since publish</MenuItem>
        </TextField>
        <TextField
          size="small"
          select
          label="Operators"
          value={filters.readiness}
          onChange={(e) => set('readiness', e.target.value as Filters['readiness'])}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">Any</MenuItem>
          <MenuItem value="ready">All ready</MenuItem>
          <MenuItem value="not-ready">Something missing</MenuItem>
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={filters.stale} onChange={(e) => set('stale', e.target.checked)} />}
          label="Only with sections to confirm"
        />
        <Typography variant="body2" color="text.secondary" data-testid="portfolio-count">
          {data ? `${rows.length} of ${data.length} properties` : ''}
        </Typography>
      </Box>
      {isError && <Alert severity="error">The portfolio could not be loaded.</Alert>}
      {!data && !isError && <LinearProgress aria-label="Loading the portfolio" />}
      {data && data.length === 0 && <Alert severity="info">No property yet.</Alert>}
      {data && data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <PortfolioTable
            rows={rows}
            sort={sort}
            onSort={onSort}
            selected={selected}
            onSelect={onSelect}
            onSelectAll={onSelectAll}
            onCopy={onCopy}
          />
        </Paper>
      )}
      <CopyPropertyDialog source={copying} onClose={() => setCopying(null)} />
    </Box>
  );
}
