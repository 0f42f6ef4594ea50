import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import { ScrollTable } from '../../components/scroll-table';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CopyPropertyDialog } from './copy-property-dialog';
import type { PortfolioRow } from '../../api/portfolio';
import { PUBLISH_WORDS, type Filters } from './portfolio-model';
import { PortfolioTable } from './portfolio-table';
import { usePortfolioTable } from './use-portfolio-table';
import { useT } from '../../i18n';

type Table = ReturnType<typeof usePortfolioTable>;

/** The filters over the rows (text, publish state, operators' readiness, stale only) and how many they leave. */
function PortfolioFilters({ table }: { table: Table }) {
  const t = useT();
  const { filters, set, data } = table;
  return (
    <Box
      sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="portfolio-filters"
    >
      <TextField
        size="small"
        label={t('many.filter_text')}
        value={filters.text}
        onChange={(e) => set('text', e.target.value)}
      />
      <TextField
        size="small"
        select
        label={t('many.csv_publish_state')}
        value={filters.publish}
        onChange={(e) => set('publish', e.target.value as Filters['publish'])}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="all">{t('many.any')}</MenuItem>
        {(Object.keys(PUBLISH_WORDS) as PortfolioRow['publish_state'][]).map((state) => (
          <MenuItem key={state} value={state}>
            {t(PUBLISH_WORDS[state].label)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={t('many.csv_operators')}
        value={filters.readiness}
        onChange={(e) => set('readiness', e.target.value as Filters['readiness'])}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="all">{t('many.any')}</MenuItem>
        <MenuItem value="ready">{t('many.ready_all')}</MenuItem>
        <MenuItem value="not-ready">{t('many.ready_missing')}</MenuItem>
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={filters.stale} onChange={(e) => set('stale', e.target.checked)} />}
        label={t('many.only_stale')}
      />
      <Typography variant="body2" color="text.secondary" data-testid="portfolio-count">
        {data ? t('many.count', { shown: table.rows.length, total: data.length }) : ''}
      </Typography>
    </Box>
  );
}

/**
 * /property-portfolio: every property of the account with its completeness, publish state,
 * freshness, readiness per operator, photos and stop-sale coverage; sorted and filtered here,
 * exported as CSV, and the start of bulk edits and copies.
 */
export function PortfolioTablePage() {
  const navigate = useNavigate();
  const t = useT();
  const table = usePortfolioTable();
  const { data, failed: isError, rows, selected } = table;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="portfolio-table-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('facts.portfolio')}
        </Typography>
        <Button variant="outlined" onClick={table.exportCsv} disabled={!rows.length}>
          {t('many.export_csv')}
        </Button>
        <Button
          variant="contained"
          disabled={!selected.size}
          onClick={() => navigate(`/bulk-edit?properties=${[...selected].join(',')}`)}
        >
          {selected.size ? t('many.bulk_edit_count', { count: selected.size }) : t('facts.bulk_edit')}
        </Button>
      </Box>
      <PortfolioFilters table={table} />
      {isError && <Alert severity="error">{t('many.load_failed')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('many.loading')} />}
      {data && data.length === 0 && <Alert severity="info">{t('components.properties_none')}</Alert>}
      {data && data.length > 0 && (
        <ScrollTable>
          <PortfolioTable
            rows={rows}
            sort={table.sort}
            onSort={table.onSort}
            selected={selected}
            onSelect={table.onSelect}
            onSelectAll={table.onSelectAll}
            onCopy={table.onCopy}
          />
        </ScrollTable>
      )}
      <CopyPropertyDialog source={table.copying} onClose={table.stopCopying} />
    </Box>
  );
}
