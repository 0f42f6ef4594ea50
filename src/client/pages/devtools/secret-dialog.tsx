import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n';

/** The secret of a new (or rotated) key: shown here once; the server keeps only its hash. */
export function SecretDialog({
  secret,
  onClose,
  title,
  label,
}: {
  secret: string | null;
  onClose(): void;
  /** The dialog's title and the field's label: those of an API key by default. */
  title?: string;
  label?: string;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby="secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="secret-title">{title ?? t('devtools.copy_key_now')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('devtools.shown_once')}
        </Alert>
        <TextField
          label={label ?? t('devtools.api_key')}
          value={secret ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'ltr' } }}
          onFocus={(e) => e.target.select()}
        />
        {copied && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('devtools.copied_to_clipboard')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{t('devtools.copy')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            setCopied(false);
            onClose();
          }}
        >
          {t('devtools.saved_it')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
