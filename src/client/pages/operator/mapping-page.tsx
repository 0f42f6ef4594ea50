import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { DefinitionForm } from '../../engine/views/definition-form';
import { useLanguage, useT } from '../../i18n';
import { useAbilities } from '../../session/use-can';
import type { HotelMappingWire } from '../../../shared/generated/wire-types';
import { CODE_MAX, tooLong, type Draft } from './mapping-drafts';
import { RoomRow } from './mapping-room-row';
import { useHotelMapping, useMappingEditor } from './use-hotel-mapping';

/** Codes saved before the limit that a save would now refuse, named so the operator shortens them. */
function TooLongCodes({ mapping }: { mapping: HotelMappingWire }) {
  const t = useT();
  const long = [
    ...(tooLong(mapping.override_code) ? [t('operator.hotel_code_named', { code: mapping.override_code ?? '' })] : []),
    ...mapping.rooms.filter((r) => tooLong(r.override_code)).map((r) => `${r.display_name} (${r.override_code})`),
  ];
  if (!long.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="alert" aria-label={t('operator.codes_too_long')}>
      {t('operator.codes_too_long_text', { count: CODE_MAX, codes: long.join(', ') })}
    </Alert>
  );
}

function RoomsTable({
  rooms,
  drafts,
  errors,
  readOnly,
  onChange,
}: {
  rooms: HotelMappingWire['rooms'];
  drafts: Draft[];
  errors: Map<number, string>;
  readOnly: boolean;
  onChange(i: number, d: Draft): void;
}) {
  const t = useT();
  if (rooms.length === 0) return <Typography color="text.secondary">{t('operator.no_rooms')}</Typography>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('operator.room_mapping')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operator.column_map')}</TableCell>
            <TableCell>{t('operator.column_hotels_room')}</TableCell>
            <TableCell>{t('operator.column_your_name')}</TableCell>
            <TableCell>{t('operator.column_room_code')}</TableCell>
            <TableCell>{t('operator.column_linked')}</TableCell>
            <TableCell>{t('operator.column_event_codes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rooms.map((room, i) => (
            <RoomRow
              key={room.room}
              room={room}
              draft={drafts[i]!}
              readOnly={readOnly}
              error={errors.get(room.room)}
              onChange={(d) => onChange(i, d)}
            />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Editor({ mapping, id }: { mapping: HotelMappingWire; id: number }) {
  const t = useT();
  const readOnly = !(useAbilities()?.can('partner_connections') ?? false);
  const { session, drafts, errors, busy, save, change } = useMappingEditor(mapping, id);
  return (
    <>
      <TooLongCodes mapping={mapping} />
      <DefinitionForm session={session} idPrefix="mapping" readOnly={readOnly} />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {t('operator.rooms')}
      </Typography>
      <RoomsTable rooms={mapping.rooms} drafts={drafts} errors={errors} readOnly={readOnly} onChange={change} />
      {readOnly ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('operator.needs_partner_permission_mapping')}
        </Alert>
      ) : (
        <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={save} disabled={busy}>
            {t('operator.save_mapping')}
          </Button>
        </Box>
      )}
      {busy && <LinearProgress aria-label={t('operator.saving')} sx={{ mt: 1 }} />}
    </>
  );
}

/** /datamapping/{id}: the operator's codes for one contracted hotel and its rooms. */
export function MappingPage() {
  const t = useT();
  const { dir } = useLanguage();
  const id = Number(useParams().id);
  const mapping = useHotelMapping(id);
  const m = mapping.data;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Button component={RouterLink} to="/mapping" size="small" sx={{ mb: 1 }}>
        {dir === 'rtl' ? '→' : '←'} {t('operator.mapping_title')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        {m ? t('operator.codes_for', { name: m.hotel_name }) : t('operator.codes')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('operator.mapping_page_intro')}
      </Typography>
      {mapping.failed && <Alert severity="error">{errorMessages(mapping.error).join(' ')}</Alert>}
      {!m && !mapping.failed && <LinearProgress aria-label={t('operator.loading_mapping')} />}
      {m && <Editor key={mapping.version} mapping={m} id={id} />}
    </Box>
  );
}
