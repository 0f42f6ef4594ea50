import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import type { GeneralModalContent } from './general-modal';

/** The app-wide modal itself, in the shell's dialog chunk (no page's first screen waits for it). */
export function GeneralModalDialog({
  open,
  content,
  onClose,
}: {
  open: boolean;
  content: GeneralModalContent;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="general-modal-title" maxWidth="xs" fullWidth>
      <DialogTitle id="general-modal-title">{content.title}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{content.message}</Typography>
        {content.secondMessage && <Typography color="text.secondary">{content.secondMessage}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
