import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ChangeList, RevisionCard } from './history-changes';
import { useSectionHistory } from './use-section-history';

interface Props {
  open: boolean;
  propertyId: number;
  section: string;
  title: string;
  /** Restoring is a save: offered only to who may edit facts. */
  canRestore: boolean;
  onClose(): void;
  /** After a restore: the editor reads the section again. */
  onRestored(): void;
}

/**
 * A section's history (issue 29 §1): every saved revision with who, when and what changed; a
 * revision can be restored after its diff against the current state is shown and confirmed.
 */
export function HistoryDialog({ open, propertyId, section, title, canRestore, onClose, onRestored }: Props) {
  const { history, loadError, preview, setPreview, error, busy, choose, restore } = useSectionHistory({
    open,
    propertyId,
    section,
    onClose,
    onRestored,
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="history-title" maxWidth="md" fullWidth>
      <DialogTitle id="history-title">
        {preview ? `Restore revision ${preview.revision} of ${title}?` : `History of ${title}`}
      </DialogTitle>
      <DialogContent>
        {(error ?? loadError) && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error ?? loadError}
          </Alert>
        )}
        {preview ? (
          <>
            <Typography gutterBottom>
              Restoring saves these changes as a new revision (nothing in the history is lost):
            </Typography>
            <ChangeList changes={preview.changes} />
          </>
        ) : !history ? (
          !loadError && <LinearProgress aria-label="Loading history" />
        ) : history.revisions.length === 0 ? (
          <Typography color="text.secondary">Not saved yet.</Typography>
        ) : (
          history.revisions.map((r) => (
            <RevisionCard
              key={r.revision}
              r={r}
              current={r.revision === history.current_revision}
              canRestore={canRestore}
              onChoose={(n) => void choose(n)}
            />
          ))
        )}
      </DialogContent>
      <DialogActions>
        {preview ? (
          <>
            <Button onClick={() => setPreview(null)}>Back</Button>
            <Button variant="contained" disabled={busy} onClick={() => void restore()}>
              Restore revision {preview.revision}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The History button of a section or list, with its dialog. */
export function HistoryButton(props: Omit<Props, 'open' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`History of ${props.title}`}>
        History
      </Button>
      {open && <HistoryDialog {...props} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
