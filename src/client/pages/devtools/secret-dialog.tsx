import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/** The secret of a new (or rotated) key: shown here once; the server keeps only its hash. */
export function SecretDialog({
  secret,
  onClose,
  title = 'Copy your API key now',
  label = 'API key',
}: {
  secret: string | null;
  onClose(): void;
  title?: string;
  label?: string;
}) {
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
      <DialogTitle id="secret-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          This is the only time it is shown. If you lose it, rotate it.
        </Alert>
        <TextField
          label={label}
          value={secret ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
          onFocus={(e) => e.target.select()}
        />
        {copied && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Copied to the clipboard.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>Copy</Button>
        <Button
          variant="contained"
          onClick={() => {
            setCopied(false);
            onClose();
          }}
        >
          I have saved it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
