import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useT } from '../../i18n';

export interface Confirmation {
  title: string;
  text: string;
  confirm: string;
  color?: 'primary' | 'error' | 'success';
  /** Choices made with the move (the hotel's caps as it accepts). */
  extra?: React.ReactNode;
  run(): Promise<unknown>;
}

interface Props {
  /** What is asked; null: the dialog is closed. */
  ask: Confirmation | null;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Every contract move asks first, and shows that it is being processed while the call runs. */
export function ConfirmDialog({ ask, busy, error, onConfirm, onClose }: Props) {
  const t = useT();
  return (
    <Dialog
      open={ask !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-move-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="confirm-move-title">{ask?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{ask?.text}</DialogContentText>
        {ask?.extra}
        {busy && <LinearProgress aria-label={t('partners.processing')} sx={{ mt: 2 }} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="move-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('partners.back')}
        </Button>
        <Button color={ask?.color ?? 'primary'} variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? t('partners.processing_ellipsis') : ask?.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
