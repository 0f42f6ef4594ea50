import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DateTimeText, useFormat, useT } from '../../i18n';
import { SettingsFrame } from '../../components/settings-frame';
import { ContractedList, PublishChip, type Column } from './contracted-list';
import { useCountryName } from '../../components/property-table';
import { OperatorHotelName } from '../../components/operator-hotel';

/** /fact-sheet: the hotels the operator's contracts cover, with what needs its attention. */
export function FactSheetListPage() {
  const t = useT();
  const fmt = useFormat();
  const countryName = useCountryName();
  const columns: readonly Column[] = [
    {
      label: t('operator.column_hotel'),
      cell: (p) => (
        <OperatorHotelName
          name={
            <Link component={RouterLink} to={`/fact-sheet/${p.id}`}>
              {p.hotel_name}
            </Link>
          }
          ownName={p.hotel_own_name}
        />
      ),
    },
    { label: t('operator.column_partner'), cell: (p) => p.partner_name },
    { label: t('operator.column_location'), cell: (p) => [p.city, countryName(p.country)].filter(Boolean).join(', ') },
    { label: t('operator.column_facts'), cell: (p) => <PublishChip p={p} /> },
    {
      label: t('operator.column_complete'),
      cell: (p) => (p.completeness === null ? '—' : fmt.percent(p.completeness / 100)),
      align: 'right',
    },
    { label: t('operator.column_last_change'), cell: (p) => <DateTimeText value={p.last_change} /> },
    {
      label: t('operator.column_attention'),
      cell: (p) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {p.unseen && <Chip size="small" color="warning" label={t('operator.changed_since_looked')} />}
          {p.overrides_pending > 0 && (
            <Chip size="small" label={t('operator.overrides_waiting', { count: p.overrides_pending })} />
          )}
          {p.overrides_drift > 0 && (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={t('operator.overrides_drift', { count: p.overrides_drift })}
            />
          )}
          {p.rooms > 0 && p.rooms_mapped < p.rooms && (
            <Chip
              size="small"
              variant="outlined"
              label={t('operator.rooms_unmapped', { unmapped: p.rooms - p.rooms_mapped, count: p.rooms })}
            />
          )}
          {!p.mapped && <Chip size="small" variant="outlined" label={t('operator.no_hotel_code')} />}
        </Stack>
      ),
    },
  ];
  return (
    <SettingsFrame
      title={t('operator.fact_sheets_title')}
      intro={t('operator.fact_sheets_intro')}
      back={null}
      width={1300}
    >
      <ContractedList
        columns={columns}
        label={t('operator.contracted_hotels')}
        empty={t('operator.no_hotel_matches')}
      />
    </SettingsFrame>
  );
}
