import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiFailure, errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import mappingForm from '../../../shared/generated/forms/hotel-mapping';
import { hotelMappingRequestNames } from '../../../shared/generated/name-maps';
import type { HotelMappingWire } from '../../../shared/generated/wire-types';
import { operatorKeys, saveMapping, useMapping, refreshWorkspace } from './operator-api';

type Room = HotelMappingWire['rooms'][number];

/** The longest code a save takes (OTA HotelCode / InvCode), as the save's schema declares it. */
const CODE_MAX = Number(mappingForm.schema.properties?.rooms?.items?.properties?.overrideCode?.maxLength ?? 16);
const tooLong = (code: string | null | undefined): boolean => !!code && [...code.trim()].length > CODE_MAX;
const EVENTS = [
  'free_event_code',
  'open_event_code',
  'stop_event_code',
  'request_event_code',
  'block_event_code',
] as const;
const EVENT_WORDS = ['Free', 'Open', 'Stop', 'Request', 'Blocked'];
type Draft = Pick<Room, 'room' | 'linked' | 'override_code' | 'new_name' | (typeof EVENTS)[number]> & {
  mapped: boolean;
};

const STATUS: Record<Room['status'], { label: string; color: 'default' | 'success' | 'warning' | 'error' }> = {
  new: { label: 'New', color: 'warning' },
  mapped: { label: 'Mapped', color: 'success' },
  renamed: { label: 'Renamed', color: 'warning' },
  deleted: { label: 'Removed by the hotel', color: 'error' },
};

function draftOf(r: Room): Draft {
  return {
    room: r.room,
    mapped: r.id !== null,
    linked: r.id === null ? true : r.linked,
    override_code: r.override_code,
    new_name: r.new_name,
    ...Object.fromEntries(EVENTS.map((e) => [e, r[e]])),
  } as Draft;
}

/** One room's row: its state, the hotel's name, the operator's name and codes, suggestions to take. */
function RoomRow({
  room,
  draft,
  onChange,
  readOnly,
  error,
}: {
  room: Room;
  draft: Draft;
  onChange(d: Draft): void;
  readOnly: boolean;
  error?: string;
}) {
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch, mapped: true });
  return (
    <TableRow data-room={room.display_name} sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <Checkbox
          checked={draft.mapped}
          disabled={readOnly}
          onChange={(e) => onChange({ ...draft, mapped: e.target.checked })}
          slotProps={{ input: { 'aria-label': `Map ${room.display_name}` } }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {room.display_name}
        </Typography>
        <Chip size="small" color={STATUS[room.status].color} label={STATUS[room.status].label} sx={{ mt: 0.5 }} />
        {room.status === 'renamed' && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Was {room.original_name} when you mapped it
          </Typography>
        )}
        {room.suggestions.length > 0 && !draft.override_code && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }} useFlexGap>
            {room.suggestions.map((s) => (
              <Chip
                key={`${s.new_name}|${s.override_code}`}
                size="small"
                variant="outlined"
                color="primary"
                disabled={readOnly}
                label={`Use ${s.new_name ?? ''} ${s.override_code ?? ''}`.trim()}
                title={`Like ${s.from_room} at ${s.from_hotel} (${Math.round(s.score * 100)} %)`}
                onClick={() => set({ new_name: s.new_name, override_code: s.override_code, linked: true })}
              />
            ))}
          </Stack>
        )}
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={draft.new_name ?? ''}
          disabled={readOnly}
          onChange={(e) => set({ new_name: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': `Your name for ${room.display_name}` } }}
          sx={{ minWidth: 150 }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={draft.override_code ?? ''}
          disabled={readOnly}
          error={!!error || tooLong(draft.override_code)}
          helperText={error ?? (tooLong(draft.override_code) ? `At most ${CODE_MAX} characters` : undefined)}
          onChange={(e) => set({ override_code: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': `Room code of ${room.display_name}` } }}
          sx={{ width: 130 }}
        />
      </TableCell>
      <TableCell>
        <Checkbox
          checked={draft.linked}
          disabled={readOnly}
          onChange={(e) => set({ linked: e.target.checked })}
          slotProps={{ input: { 'aria-label': `${room.display_name} linked` } }}
        />
      </TableCell>
      <TableCell>
        {/* The five event codes share one column and wrap: five columns of their own cut the table off at 1280 px. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 250 }}>
          {EVENTS.map((e, i) => (
            <TextField
              key={e}
              size="small"
              label={EVENT_WORDS[i]}
              value={draft[e] ?? ''}
              disabled={readOnly}
              placeholder="hotel's"
              onChange={(ev) => set({ [e]: ev.target.value })}
              slotProps={{
                htmlInput: { 'aria-label': `${EVENT_WORDS[i]} event code of ${room.display_name}` },
                inputLabel: { shrink: true },
              }}
              sx={{ width: 76, m: 0 }}
            />
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** The 409's or 400's message at a room's code, from `rooms.{i}.override_code`. */
function roomErrors(error: unknown): Map<number, string> {
  const out = new Map<number, string>();
  const body =
    error instanceof ApiFailure
      ? (error.body as { rooms?: Record<string, { override_code?: string[]; room?: string[] }> } | undefined)
      : undefined;
  for (const [i, e] of Object.entries(body?.rooms ?? {}))
    out.set(Number(i), (e.override_code ?? e.room ?? []).join(' '));
  return out;
}

function Editor({ mapping, id }: { mapping: HotelMappingWire; id: number }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const readOnly = !(useAbilities()?.can('partner_connections') ?? false);
  const def = useMemo(() => asSection(mappingForm, hotelMappingRequestNames, { hide: ['hotel', 'rooms'] }), []);
  // The form holds the hotel's codes only: the rooms are the table's, the rest is the answer's.
  const [session] = useState(() => {
    const { rooms: _r, id: _i, user: _u, hotel_name: _n, updated_at: _t, ...codes } = mapping;
    return new FormSession(def, codes);
  });
  const [drafts, setDrafts] = useState<Draft[]>(() => mapping.rooms.map(draftOf));
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const top = session.body();
    if (!top) return;
    const sent = drafts.filter((d) => d.mapped);
    setBusy(true);
    try {
      const body = { ...top, hotel: id, rooms: sent.map(({ mapped: _m, ...r }) => r) };
      const answer = await saveMapping(body);
      queryClient.setQueryData(operatorKeys.mapping(id), answer);
      await refreshWorkspace(queryClient);
      enqueueSnackbar('Mapping saved.', { variant: 'success' });
    } catch (e) {
      // Errors name the index among the rooms sent: show them at those rooms.
      const byIndex = roomErrors(e);
      setErrors(new Map([...byIndex].map(([i, m]) => [sent[i]?.room ?? -1, m])));
      if (e instanceof ApiFailure && e.status === 409 && !byIndex.size)
        session.failed(new ApiFailure(400, { non_field_errors: [errorMessages(e).join(' ')] }));
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const long = [
    ...(tooLong(mapping.override_code) ? [`hotel code ${mapping.override_code}`] : []),
    ...mapping.rooms.filter((r) => tooLong(r.override_code)).map((r) => `${r.display_name} (${r.override_code})`),
  ];

  return (
    <>
      {long.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert" aria-label="Codes too long">
          Longer than the {CODE_MAX} characters OTA messages carry: {long.join(', ')}. The OTA availability feed leaves
          these out (a Warning header names them) until you shorten them; a save needs them shortened.
        </Alert>
      )}
      <DefinitionForm session={session} idPrefix="mapping" readOnly={readOnly} />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        Rooms
      </Typography>
      {mapping.rooms.length === 0 ? (
        <Typography color="text.secondary">The hotel has published no rooms yet.</Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Room mapping">
            <TableHead>
              <TableRow>
                <TableCell>Map</TableCell>
                <TableCell>The hotel’s room</TableCell>
                <TableCell>Your name</TableCell>
                <TableCell>Room code</TableCell>
                <TableCell>Linked</TableCell>
                <TableCell>Event codes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {mapping.rooms.map((room, i) => (
                <RoomRow
                  key={room.room}
                  room={room}
                  draft={drafts[i]!}
                  readOnly={readOnly}
                  error={errors.get(room.room)}
                  onChange={(d) => setDrafts((all) => all.map((x, j) => (j === i ? d : x)))}
                />
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {readOnly ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Changing the mapping needs the “partner connections” permission.
        </Alert>
      ) : (
        <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={save} disabled={busy}>
            Save mapping
          </Button>
        </Box>
      )}
      {busy && <LinearProgress aria-label="Saving" sx={{ mt: 1 }} />}
    </>
  );
}

/** /datamapping/{id}: the operator's codes for one contracted hotel and its rooms. */
export function MappingPage() {
  const id = Number(useParams().id);
  const mapping = useMapping(id);
  const m = mapping.data;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Button component={RouterLink} to="/mapping" size="small" sx={{ mb: 1 }}>
        ← Data mapping
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        {m ? `Codes for ${m.hotel_name}` : 'Codes'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Unique among your hotels and rooms; other operators may use the same codes. Rooms without their own event codes
        use the hotel’s.
      </Typography>
      {mapping.isError && <Alert severity="error">{errorMessages(mapping.error).join(' ')}</Alert>}
      {!m && !mapping.isError && <LinearProgress aria-label="Loading the mapping" />}
      {m && <Editor key={mapping.dataUpdatedAt} mapping={m} id={id} />}
    </Box>
  );
}
