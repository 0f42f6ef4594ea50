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
import { useFormat, useLanguage, useT } from '../../i18n';
import { STATE_WORD_KEYS } from '../../i18n/stop-sale-states';
import { useAbilities } from '../../session/use-can';
import type { MessageKey } from '../../../shared/i18n/messages';
import mappingForm from '../../../shared/generated/forms/hotel-mapping';
import { hotelMappingRequestNames } from '../../../shared/generated/name-maps';
import type { HotelMappingWire } from '../../../shared/generated/wire-types';
import { EVENT_CODE_COLUMNS } from '../../../shared/stop-sale-states';
import { operatorKeys, saveMapping, useMapping, refreshWorkspace } from './operator-api';

type Room = HotelMappingWire['rooms'][number];

/** The longest code a save takes (OTA HotelCode / InvCode), as the save's schema declares it. */
const CODE_MAX = Number(mappingForm.schema.properties?.rooms?.items?.properties?.overrideCode?.maxLength ?? 16);
const tooLong = (code: string | null | undefined): boolean => !!code && [...code.trim()].length > CODE_MAX;
/** The event-code columns, one per stop-sale state, and the word each is labelled with, as the chart names the states. */
const EVENTS = EVENT_CODE_COLUMNS;
type Draft = Pick<Room, 'room' | 'linked' | 'override_code' | 'new_name' | (typeof EVENTS)[number]> & {
  mapped: boolean;
};

const STATUS: Record<Room['status'], { label: MessageKey; color: 'default' | 'success' | 'warning' | 'error' }> = {
  new: { label: 'operator.room_new', color: 'warning' },
  mapped: { label: 'operator.mapped', color: 'success' },
  renamed: { label: 'operator.room_renamed', color: 'warning' },
  deleted: { label: 'operator.room_deleted', color: 'error' },
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
  const t = useT();
  const fmt = useFormat();
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch, mapped: true });
  return (
    <TableRow data-room={room.display_name} sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <Checkbox
          checked={draft.mapped}
          disabled={readOnly}
          onChange={(e) => onChange({ ...draft, mapped: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('operator.map_hotel', { name: room.display_name }) } }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {room.display_name}
        </Typography>
        <Chip size="small" color={STATUS[room.status].color} label={t(STATUS[room.status].label)} sx={{ mt: 0.5 }} />
        {room.status === 'renamed' && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('operator.room_was', { name: room.original_name })}
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
                label={t('operator.use_suggestion', {
                  suggestion: `${s.new_name ?? ''} ${s.override_code ?? ''}`.trim(),
                })}
                title={t('operator.suggestion_like', {
                  room: s.from_room,
                  hotel: s.from_hotel,
                  score: fmt.percent(s.score),
                })}
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
          slotProps={{ htmlInput: { 'aria-label': t('operator.your_name_for', { name: room.display_name }) } }}
          sx={{ minWidth: 150 }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={draft.override_code ?? ''}
          disabled={readOnly}
          error={!!error || tooLong(draft.override_code)}
          helperText={
            error ?? (tooLong(draft.override_code) ? t('operator.at_most_chars', { count: CODE_MAX }) : undefined)
          }
          onChange={(e) => set({ override_code: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': t('operator.room_code_of', { name: room.display_name }) } }}
          sx={{ width: 130 }}
        />
      </TableCell>
      <TableCell>
        <Checkbox
          checked={draft.linked}
          disabled={readOnly}
          onChange={(e) => set({ linked: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('operator.room_linked', { name: room.display_name }) } }}
        />
      </TableCell>
      <TableCell>
        {/* The five event codes share one column and wrap: five columns of their own cut the table off at 1280 px. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 250 }}>
          {EVENTS.map((e, i) => (
            <TextField
              key={e}
              size="small"
              label={t(STATE_WORD_KEYS[i]!)}
              value={draft[e] ?? ''}
              disabled={readOnly}
              placeholder={t('operator.hotels_placeholder')}
              onChange={(ev) => set({ [e]: ev.target.value })}
              slotProps={{
                htmlInput: {
                  'aria-label': t('operator.event_code_of', { state: t(STATE_WORD_KEYS[i]!), name: room.display_name }),
                },
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
  const t = useT();
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
      enqueueSnackbar(t('operator.mapping_saved'), { variant: 'success' });
    } catch (e) {
      // Errors name the index among the rooms sent: show them at those rooms.
      const byIndex = roomErrors(e);
      setErrors(new Map([...byIndex].map(([i, m]) => [sent[i]?.room ?? -1, m])));
      // A hotel's code taken elsewhere: the form marks its field and says why above it.
      if (e instanceof ApiFailure && e.status === 409 && !byIndex.size) session.failed(e);
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const long = [
    ...(tooLong(mapping.override_code) ? [t('operator.hotel_code_named', { code: mapping.override_code ?? '' })] : []),
    ...mapping.rooms.filter((r) => tooLong(r.override_code)).map((r) => `${r.display_name} (${r.override_code})`),
  ];

  return (
    <>
      {long.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert" aria-label={t('operator.codes_too_long')}>
          {t('operator.codes_too_long_text', { count: CODE_MAX, codes: long.join(', ') })}
        </Alert>
      )}
      <DefinitionForm session={session} idPrefix="mapping" readOnly={readOnly} />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {t('operator.rooms')}
      </Typography>
      {mapping.rooms.length === 0 ? (
        <Typography color="text.secondary">{t('operator.no_rooms')}</Typography>
      ) : (
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
  const mapping = useMapping(id);
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
      {mapping.isError && <Alert severity="error">{errorMessages(mapping.error).join(' ')}</Alert>}
      {!m && !mapping.isError && <LinearProgress aria-label={t('operator.loading_mapping')} />}
      {m && <Editor key={mapping.dataUpdatedAt} mapping={m} id={id} />}
    </Box>
  );
}
