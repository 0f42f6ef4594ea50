import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { formatNotificationDate } from '../../format/dates';
import { countryName } from '../../reference/countries';
import { SettingsFrame } from '../settings/settings-frame';
import { ContractedList, PublishChip, type Column } from './contracted-list';

const COLUMNS: readonly Column[] = [
  {
    label: 'Hotel',
    cell: (p) => (
      <Link component={RouterLink} to={`/fact-sheet/${p.id}`}>
        {p.hotel_name}
      </Link>
    ),
  },
  { label: 'Partner', cell: (p) => p.partner_name },
  { label: 'Location', cell: (p) => [p.city, countryName(p.country)].filter(Boolean).join(', ') },
  { label: 'Facts', cell: (p) => <PublishChip p={p} /> },
  { label: 'Complete', cell: (p) => (p.completeness === null ? '—' : `${p.completeness} %`), align: 'right' },
  { label: 'Last change (UTC)', cell: (p) => formatNotificationDate(p.last_change) },
  {
    label: 'Your attention',
    cell: (p) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {p.unseen && <Chip size="small" color="warning" label="Changed since you looked" />}
        {p.overrides_pending > 0 && <Chip size="small" label={`${p.overrides_pending} waiting for the hotel`} />}
        {p.overrides_drift > 0 && (
          <Chip size="small" color="error" variant="outlined" label={`${p.overrides_drift} changed by the hotel`} />
        )}
        {p.rooms > 0 && p.rooms_mapped < p.rooms && (
          <Chip size="small" variant="outlined" label={`${p.rooms - p.rooms_mapped} of ${p.rooms} rooms unmapped`} />
        )}
        {!p.mapped && <Chip size="small" variant="outlined" label="No hotel code" />}
      </Stack>
    ),
  },
];

/** /fact-sheet: the hotels the operator's contracts cover, with what needs its attention. */
export function FactSheetListPage() {
  return (
    <SettingsFrame
      title="Fact sheets"
      intro="The hotels your contracts cover, as they published their facts. Open one to read its fact sheet, what changed since you looked, your overrides and codes."
      back={null}
      width={1300}
    >
      <ContractedList
        columns={COLUMNS}
        label="Contracted hotels"
        empty="No hotel matches. Hotels appear here once a contract with them is accepted (Partners)."
      />
    </SettingsFrame>
  );
}
