/** A room's row of the mapping table, apart from the page that saves the rows. */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '../../i18n';
import { STATE_WORD_KEYS } from '../../i18n/stop-sale-states';
import type { MessageKey } from '../../../shared/i18n/messages';
import { CODE_MAX, EVENTS, tooLong, type Draft, type Room } from './mapping-drafts';

const STATUS: Record<Room['status'], { label: MessageKey; color: 'default' | 'success' | 'warning' | 'error' }> = {
  new: { label: 'operator.room_new', color: 'warning' },
  mapped: { label: 'operator.mapped', color: 'success' },
  renamed: { label: 'operator.room_renamed', color: 'warning' },
  deleted: { label: 'operator.room_deleted', color: 'error' },
};

interface CellProps {
  room: Room;
  draft: Draft;
  readOnly: boolean;
  /** A change made in the row: the room is mapped from then on. */
  set(patch: Partial<Draft>): void;
}

/** The hotel's room: its name and state, what it was called, and suggestions from the operator's other hotels to take. */
function HotelRoomCell({ room, draft, readOnly, set }: CellProps) {
  const t = useT();
  const fmt = useFormat();
  return (
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
  );
}

/** The event codes, one per stop-sale state. */
function EventCodesCell({ room, draft, readOnly, set }: CellProps) {
  const t = useT();
  return (
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
  );
}

/** One room's row: its state, the hotel's name, the operator's name and codes, suggestions to take. */
export function RoomRow({
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
      <HotelRoomCell room={room} draft={draft} readOnly={readOnly} set={set} />
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
      <EventCodesCell room={room} draft={draft} readOnly={readOnly} set={set} />
    </TableRow>
  );
}
