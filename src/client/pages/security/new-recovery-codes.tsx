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
import { newRecoveryCodes } from './security-api';

interface Props {
  left: number;
  onCodes(codes: string[]): void;
}

/**
 * New recovery codes in place of the unused ones (when they run low, or a printout went astray).
 * Asked first: the codes kept on paper stop working at once. A stale session is asked for the
 * app's code by the step-up dialog before the server makes them.
 */
export function NewRecoveryCodes({ left, onCodes }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await newRecoveryCodes();
      close();
      onCodes(answer.recovery_codes);
    } catch (e) {
      setError(errorMessages(e).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mt: 1, mb: 2 }}>
        {t('security.make_new_codes')}
      </Button>
      <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby="new-codes-title" maxWidth="xs" fullWidth>
        <DialogTitle id="new-codes-title">{t('security.make_new_codes_question')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('security.make_new_codes_text', { left, count: 10 })}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('security.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void make()} disabled={busy}>
            {t(busy ? 'security.making' : 'security.make_codes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
