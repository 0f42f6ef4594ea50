import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PropertyTable } from '../../components/property-table';
import { usePortfolio, type PortfolioRow } from '../../api/portfolio';
import { TABS } from './tabs';
import { useFormat, useT } from '../../i18n';

/** Filled share of a property's facts and what publishing still needs (its portfolio row). */
function CompletenessCell({ row }: { row: PortfolioRow | undefined }) {
  const t = useT();
  const format = useFormat();
  if (!row) return <LinearProgress aria-label={t('facts.completeness_loading')} sx={{ width: 120 }} />;
  const pct = row.completeness;
  const missing = row.missing_required;
  return (
    <Box sx={{ minWidth: 160 }} data-testid="completeness">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={pct}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          aria-label={t('facts.completeness_filled', { share: format.percent(pct / 100) })}
        />
        <Typography variant="body2">{format.percent(pct / 100)}</Typography>
      </Box>
      <Typography variant="caption" color={missing ? 'warning.main' : 'success.main'}>
        {missing ? t('facts.completeness_missing', { count: missing }) : t('facts.completeness_ready')}
      </Typography>
    </Box>
  );
}

/** /property-facts (Add Facts Info): every property, its publish state and completeness, into the editor. */
export function PropertyFactsPage() {
  // Every property's completeness in one call (not one per row: a chain has hundreds).
  const { data } = usePortfolio();
  const t = useT();
  const rows = new Map((data ?? []).map((r) => [r.id, r]));
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('facts.page_title')}
        </Typography>
        {/* Many properties at once: the portfolio table (copies start there) and bulk edits. */}
        <Button component={RouterLink} to="/property-portfolio" variant="outlined">
          {t('facts.portfolio')}
        </Button>
        <Button component={RouterLink} to="/bulk-edit" variant="outlined">
          {t('facts.bulk_edit')}
        </Button>
      </Box>
      <PropertyTable
        purpose={t('facts.table_purpose')}
        column={{ title: t('facts.completeness'), cell: (p) => <CompletenessCell row={rows.get(p.id)} /> }}
        link={{
          label: t('facts.edit_facts'),
          to: (p) => `/property/${p.id}/${TABS[0]!.key}`,
          ariaLabel: (p) => t('facts.edit_facts_of', { name: p.hotel_name }),
        }}
      />
    </Box>
  );
}
