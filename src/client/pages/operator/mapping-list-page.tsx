import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { countryName } from '../../reference/countries';
import { SettingsFrame } from '../settings/settings-frame';
import { ContractedList, PublishChip, type Column } from './contracted-list';

const COLUMNS: readonly Column[] = [
  { label: 'Hotel', cell: (p) => p.hotel_name },
  { label: 'Location', cell: (p) => [p.city, countryName(p.country)].filter(Boolean).join(', ') },
  { label: 'Facts', cell: (p) => <PublishChip p={p} /> },
  {
    label: 'Hotel code',
    cell: (p) =>
      p.mapped ? (
        <Chip size="small" color="success" variant="outlined" label="Mapped" />
      ) : (
        <Chip size="small" variant="outlined" label="Not mapped" />
      ),
  },
  { label: 'Rooms mapped', cell: (p) => (p.rooms ? `${p.rooms_mapped} of ${p.rooms}` : '—'), align: 'right' },
  {
    label: 'Map',
    align: 'right',
    cell: (p) => (
      <Button size="small" component={RouterLink} to={`/datamapping/${p.id}`} aria-label={`Map ${p.hotel_name}`}>
        Map codes
      </Button>
    ),
  },
];

/** /mapping: the contracted hotels and how far the operator's codes cover them. */
export function MappingListPage() {
  return (
    <SettingsFrame
      title="Data mapping"
      intro="Your own codes for your contracted hotels and their rooms, and the event codes your systems use for each stop-sale state."
      back={null}
      width={1200}
    >
      <ContractedList
        columns={COLUMNS}
        label="Hotels to map"
        empty="No hotel matches. Hotels appear here once a contract with them is accepted (Partners)."
      />
    </SettingsFrame>
  );
}
