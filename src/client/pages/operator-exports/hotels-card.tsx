import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { countryName } from '../../reference/countries';
import { ContractedList, PublishChip, type Column } from '../operator/contracted-list';
import type { OperatorExport } from './use-operator-export';

/** The contracted hotels with a box each, and the ways to choose many at once. */
export function HotelsCard({ ex }: { ex: OperatorExport }) {
  const { ids, matching, page } = ex;
  const columns: Column[] = [
    {
      label: 'Export',
      cell: (p) => (
        <Checkbox
          size="small"
          checked={matching !== null || ids.has(p.id)}
          disabled={matching !== null}
          onChange={(e) => ex.toggle(p, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Export ${p.hotel_name}` } }}
        />
      ),
    },
    { label: 'Hotel', cell: (p) => p.hotel_name },
    { label: 'Partner', cell: (p) => p.partner_name },
    { label: 'Location', cell: (p) => [p.city, countryName(p.country)].filter(Boolean).join(', ') },
    { label: 'Facts', cell: (p) => <PublishChip p={p} /> },
  ];
  return (
    <SectionCard title="Hotels">
      <ContractedList
        columns={columns}
        label="Hotels to export"
        empty="No hotel matches. Hotels appear here once a contract with them is accepted (Partners)."
        onList={ex.setPage}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }} data-testid="selection">
        <Typography variant="body2" sx={{ mr: 1 }}>
          {matching !== null
            ? `All ${matching} matching hotels chosen`
            : `${ids.size} hotel${ids.size === 1 ? '' : 's'} chosen`}
        </Typography>
        <Button size="small" disabled={!page?.results.length} onClick={ex.selectPage}>
          Select this page
        </Button>
        <Button size="small" disabled={!page?.count} onClick={ex.selectMatching}>
          {`Select all ${page?.count ?? 0} matching`}
        </Button>
        <Button size="small" disabled={!ex.chosen} onClick={ex.clear}>
          Clear selection
        </Button>
      </Box>
    </SectionCard>
  );
}
