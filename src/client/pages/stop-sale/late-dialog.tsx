import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '../../i18n';
import type { RoomDays } from './day-ranges';

/** The changed days inside the partners' deadline, room by room, in merged ranges. */
export function LateDialog({
  late,
  hours,
  onCancel,
  onSave,
}: {
  late: RoomDays[];
  hours: number | null;
  onCancel(): void;
  onSave(): void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <Dialog open onClose={onCancel} aria-labelledby="late-title">
      <DialogTitle id="late-title">{t('stop-sale.late_title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('stop-sale.late_text', { hours: hours ?? 0 })}</Typography>
        <Box component="ul" aria-label={t('stop-sale.late_list')} sx={{ my: 1, pl: 3 }}>
          {late.map((r) => (
            <li key={r.room}>
              <strong>{r.name}</strong>: {format.list(r.ranges.map((range) => format.dateRange(range.from, range.to)))}
            </li>
          ))}
        </Box>
        <Typography>{t('stop-sale.late_question')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('stop-sale.cancel')}</Button>
        <Button variant="contained" onClick={onSave}>
          {t('stop-sale.save_anyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
