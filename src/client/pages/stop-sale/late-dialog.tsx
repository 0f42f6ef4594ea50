import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { rangeTitle, type RoomDays } from './day-ranges';

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
  return (
    <Dialog open onClose={onCancel} aria-labelledby="late-title">
      <DialogTitle id="late-title">Inside the stop-sale deadline</DialogTitle>
      <DialogContent>
        <Typography>
          Your contracted partners ask for stop-sale changes {hours} hours before arrival. These changes are inside that
          deadline:
        </Typography>
        <Box component="ul" aria-label="Changes inside the deadline" sx={{ my: 1, pl: 3 }}>
          {late.map((r) => (
            <li key={r.room}>
              <strong>{r.name}</strong>: {r.ranges.map(rangeTitle).join(', ')}
            </li>
          ))}
        </Box>
        <Typography>Save anyway?</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onSave}>
          Save anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
