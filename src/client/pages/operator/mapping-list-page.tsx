import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useT } from '../../i18n';
import { SettingsFrame } from '../../components/settings-frame';
import { ContractedList, PublishChip, type Column } from './contracted-list';
import { useCountryName } from '../../components/property-table';
import { OperatorHotelName } from '../../components/operator-hotel';

/** /mapping: the contracted hotels and how far the operator's codes cover them. */
export function MappingListPage() {
  const t = useT();
  const countryName = useCountryName();
  const columns: readonly Column[] = [
    {
      label: t('operator.column_hotel'),
      cell: (p) => <OperatorHotelName name={p.hotel_name} ownName={p.hotel_own_name} />,
    },
    { label: t('operator.column_location'), cell: (p) => [p.city, countryName(p.country)].filter(Boolean).join(', ') },
    { label: t('operator.column_facts'), cell: (p) => <PublishChip p={p} /> },
    {
      label: t('operator.column_hotel_code'),
      cell: (p) =>
        p.mapped ? (
          <Chip size="small" color="success" variant="outlined" label={t('operator.mapped')} />
        ) : (
          <Chip size="small" variant="outlined" label={t('operator.not_mapped')} />
        ),
    },
    {
      label: t('operator.column_rooms_mapped'),
      cell: (p) => (p.rooms ? t('operator.rooms_mapped_of', { mapped: p.rooms_mapped, count: p.rooms }) : '—'),
      align: 'right',
    },
    {
      label: t('operator.column_map'),
      align: 'right',
      cell: (p) => (
        <Button
          size="small"
          component={RouterLink}
          to={`/datamapping/${p.id}`}
          aria-label={t('operator.map_hotel', { name: p.hotel_name })}
        >
          {t('operator.map_codes')}
        </Button>
      ),
    },
  ];
  return (
    <SettingsFrame title={t('operator.mapping_title')} intro={t('operator.mapping_intro')} back={null} width={1200}>
      <ContractedList columns={columns} label={t('operator.hotels_to_map')} empty={t('operator.no_hotel_matches')} />
    </SettingsFrame>
  );
}
