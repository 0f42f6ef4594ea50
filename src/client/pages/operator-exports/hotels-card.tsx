import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { useT } from '../../i18n';
import { ContractedList, PublishChip, type Column } from '../operator/index';
import { useCountryName } from '../../components/property-table';
import { OperatorHotelName } from '../../components/operator-hotel';
import type { OperatorExport } from './use-operator-export';

/** The contracted hotels with a box each, and the ways to choose many at once. */
export function HotelsCard({ ex }: { ex: OperatorExport }) {
  const t = useT();
  const countryName = useCountryName();
  const { ids, matching, page } = ex;
  const columns: Column[] = [
    {
      label: t('operator-exports.column_export'),
      cell: (p) => (
        <Checkbox
          size="small"
          checked={matching !== null || ids.has(p.id)}
          disabled={matching !== null}
          onChange={(e) => ex.toggle(p, e.target.checked)}
          slotProps={{ input: { 'aria-label': t('operator-exports.export_hotel', { name: p.hotel_name }) } }}
        />
      ),
    },
    {
      label: t('operator.column_hotel'),
      cell: (p) => <OperatorHotelName name={p.hotel_name} ownName={p.hotel_own_name} />,
    },
    { label: t('operator.column_partner'), cell: (p) => p.partner_name },
    { label: t('operator.column_location'), cell: (p) => [p.city, countryName(p.country)].filter(Boolean).join(', ') },
    { label: t('operator.column_facts'), cell: (p) => <PublishChip p={p} /> },
  ];
  return (
    <SectionCard title={t('operator-exports.hotels')}>
      <ContractedList
        columns={columns}
        label={t('operator-exports.hotels_to_export')}
        empty={t('operator.no_hotel_matches')}
        onList={ex.setPage}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }} data-testid="selection">
        <Typography variant="body2" sx={{ mr: 1 }}>
          {matching !== null
            ? t('operator-exports.all_matching_chosen', { count: matching })
            : t('operator-exports.chosen', { count: ids.size })}
        </Typography>
        <Button size="small" disabled={!page?.results.length} onClick={ex.selectPage}>
          {t('operator-exports.select_page')}
        </Button>
        <Button size="small" disabled={!page?.count} onClick={ex.selectMatching}>
          {t('operator-exports.select_matching', { count: page?.count ?? 0 })}
        </Button>
        <Button size="small" disabled={!ex.chosen} onClick={ex.clear}>
          {t('operator-exports.clear_selection')}
        </Button>
      </Box>
    </SectionCard>
  );
}
