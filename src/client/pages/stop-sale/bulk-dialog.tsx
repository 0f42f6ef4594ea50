import { useState } from 'react';
import { useSnackbar } from 'notistack';
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
import { errorMessages } from '../../api/errors';
import { useFormat, useT } from '../../i18n';
import { localDay, monthDays, STATES } from './chart-model';
import { STATE_KEYS } from '../../i18n/stop-sale-states';
import { writeRange } from './stop-sale-api';
import type { GridRoom } from './grid-types';

interface Props {
  hotel: number;
  rooms: readonly GridRoom[];
  month: string;
  /** The last day inside the partners' stop-sale deadline, if any. */
  deadlineDay: string | null;
  onClose(written: boolean): void;
}

/** One state over a date range (across months) for chosen rooms: one request, one transaction on the server. */
export function BulkDialog({ hotel, rooms, month, deadlineDay, onClose }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const format = useFormat();
  const days = monthDays(month);
  const today = localDay();
  const first = days[0]!.date;
  const last = days[days.length - 1]!.date;
  // The current month's range starts today: its past days cannot be changed.
  const [from, setFrom] = useState(() => (first < today && today <= last ? today : first));
  const [to, setTo] = useState(last);
  const [state, setState] = useState<string>('2');
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(rooms.map((r) => r.id)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A range starting in the past is refused here with that reason, not questioned as late.
  const past = !!from && from < today;
  const late = !past && deadlineDay !== null && from <= deadlineDay;
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await writeRange({
        hotel,
        rooms: [...chosen],
        from,
        to,
        color: state === 'clear' ? null : Number(state),
      });
      enqueueSnackbar(t('stop-sale.bulk_written', { count: res.written }), { variant: 'success' });
      onClose(true);
    } catch (e) {
      setError(errorMessages(e).join(' '));
    } finally {
      setBusy(false);
    }
  };
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
          <FormGroup aria-label={t('stop-sale.rooms')}>
            {rooms.map((r) => (
              <FormControlLabel
                key={r.id}
                label={r.room_name}
                control={
                  <Checkbox
                    checked={chosen.has(r.id)}
                    onChange={(e) =>
                      setChosen((s) => {
                        const n = new Set(s);
                        if (e.target.checked) n.add(r.id);
                        else n.delete(r.id);
                        return n;
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
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
