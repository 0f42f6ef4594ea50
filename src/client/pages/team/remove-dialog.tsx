import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessages } from '../../api/errors';
import { useT } from '../../i18n';

interface Props {
  /** Who is about to go; null: the dialog is closed. */
  name: string | null;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

/** Removing a team member asks first: their access ends at once and cannot be undone. */
export function RemoveDialog({ name, onConfirm, onClose }: Props) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(errorMessages(e).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={name !== null} onClose={onClose} aria-labelledby="remove-title">
      <DialogTitle id="remove-title">{t('team.remove_question', { name: name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('team.remove_text')}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('team.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
          {t('team.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
