import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PropertyTable } from '../../components/property-table';
import { usePortfolio, type PortfolioRow } from '../../api/portfolio';
import { TABS } from './tabs';

/** Filled share of a property's facts and what publishing still needs (its portfolio row). */
function CompletenessCell({ row }: { row: PortfolioRow | undefined }) {
  if (!row) return <LinearProgress aria-label="Loading completeness" sx={{ width: 120 }} />;
  const pct = row.completeness;
  const missing = row.missing_required;
  return (
    <Box sx={{ minWidth: 160 }} data-testid="completeness">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={pct}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          aria-label={`${pct} % filled`}
        />
        <Typography variant="body2">{pct} %</Typography>
      </Box>
      <Typography variant="caption" color={missing ? 'warning.main' : 'success.main'}>
        {missing ? `${missing} required ${missing === 1 ? 'field' : 'fields'} missing to publish` : 'Ready to publish'}
      </Typography>
    </Box>
  );
}

/** /property-facts (Add Facts Info): every property, its publish state and completeness, into the editor. */
export function PropertyFactsPage() {
  // Every property's completeness in one call (not one per row: a chain has hundreds).
  const { data } = usePortfolio();
  const rows = new Map((data ?? []).map((r) => [r.id, r]));
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, flex: 1 }}>
          Add Facts Info
        </Typography>
        {/* Many properties at once: the portfolio table (copies start there) and bulk edits. */}
        <Button component={RouterLink} to="/property-portfolio" variant="outlined">
          Portfolio
        </Button>
        <Button component={RouterLink} to="/bulk-edit" variant="outlined">
          Bulk edit
        </Button>
      </Box>
      <PropertyTable
        purpose="to fill in its facts"
        column={{ title: 'Completeness', cell: (p) => <CompletenessCell row={rows.get(p.id)} /> }}
        link={{
          label: 'Edit facts',
          to: (p) => `/property/${p.id}/${TABS[0]!.key}`,
          ariaLabel: (p) => `Edit facts of ${p.hotel_name}`,
        }}
      />
    </Box>
  );
}
