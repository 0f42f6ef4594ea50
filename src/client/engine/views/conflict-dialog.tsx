import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Conflict } from '../data/controller';

function when(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** A 409: who changed the section and when; reload theirs, or keep mine and save over it. */
export function ConflictDialog({
  title,
  conflict,
  onChoose,
}: {
  title: string;
  conflict?: Conflict;
  onChoose(choice: 'reload' | 'keep'): void;
}) {
  const who = conflict?.updatedBy;
  return (
    <Dialog open={!!conflict} aria-labelledby="conflict-title" maxWidth="sm" fullWidth>
      <DialogTitle id="conflict-title">{title} was changed meanwhile</DialogTitle>
      <DialogContent>
        <Typography gutterBottom data-testid="conflict-who">
          {who ? `${who.name} (${who.email})` : 'Someone else'} saved {title}
          {conflict?.updatedAt ? ` on ${when(conflict.updatedAt)}` : ''}, after you opened it.
        </Typography>
        <Typography color="text.secondary">
          Reload to see their version (your changes here are dropped), or keep your values and save them over theirs.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onChoose('reload')}>Reload their version</Button>
        <Button onClick={() => onChoose('keep')} variant="contained">
          Keep my values and save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
