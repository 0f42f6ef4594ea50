import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormat, useT } from '../../i18n';
import { STATES } from './chart-model';
import { STATE_KEYS } from '../../i18n/stop-sale-states';
import type { GridRoom } from './grid-types';
import { useBulkRange } from './use-bulk-range';

interface Props {
  hotel: number;
  rooms: readonly GridRoom[];
  month: string;
  /** The last day inside the partners' stop-sale deadline, if any. */
  deadlineDay: string | null;
  onClose(written: boolean): void;
}

/** The rooms the range is written to, each by its box. */
function RoomChoice({
  rooms,
  chosen,
  choose,
}: {
  rooms: readonly GridRoom[];
  chosen: ReadonlySet<number>;
  choose(room: number, checked: boolean): void;
}) {
  const t = useT();
  return (
    <FormGroup aria-label={t('stop-sale.rooms')}>
      {rooms.map((r) => (
        <FormControlLabel
          key={r.id}
          label={r.room_name}
          control={<Checkbox checked={chosen.has(r.id)} onChange={(e) => choose(r.id, e.target.checked)} />}
        />
      ))}
    </FormGroup>
  );
}

/** One state over a date range (across months) for chosen rooms: one request, one transaction on the server. */
export function BulkDialog({ hotel, rooms, month, deadlineDay, onClose }: Props) {
  const t = useT();
  const format = useFormat();
  const { today, from, setFrom, to, setTo, state, setState, chosen, choose, busy, error, past, apply } = useBulkRange({
    hotel,
    rooms,
    month,
    onClose,
  });
  // A range starting in the past is refused with that reason, not questioned as late.
  const late = !past && deadlineDay !== null && from <= deadlineDay;
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="bulk-title" maxWidth="sm" fullWidth>
      <DialogTitle id="bulk-title">{t('stop-sale.bulk_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={2}>
            <TextField
              type="date"
              label={t('stop-sale.from')}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              type="date"
              label={t('stop-sale.to')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          <TextField select label={t('stop-sale.state')} value={state} onChange={(e) => setState(e.target.value)}>
            {STATES.map((s) => (
              <MenuItem key={s.color} value={String(s.color)}>
                {t(STATE_KEYS[s.color])}
              </MenuItem>
            ))}
            <MenuItem value="clear">{t('stop-sale.clear_no_state')}</MenuItem>
          </TextField>
          <RoomChoice rooms={rooms} chosen={chosen} choose={choose} />
          {past && <Alert severity="error">{t('stop-sale.bulk_past', { day: format.date(today) })}</Alert>}
          {late && <Alert severity="warning">{t('stop-sale.bulk_late', { day: format.date(deadlineDay) })}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('stop-sale.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || past || !chosen.size || !from || !to}
          onClick={() => void apply()}
        >
          {t('stop-sale.apply_to', { count: chosen.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
