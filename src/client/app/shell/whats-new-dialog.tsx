import { Suspense } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { lazyComponent } from '../../components/lazy-page';
import { useT } from '../../i18n';

/** The list loads in its own chunk when the dialog first opens. */
const LazyWhatsNewList = lazyComponent('whats-new', () => import('./whats-new-list').then((m) => m.WhatsNewList));

/** The 'What's new' modal itself, in the shell's dialog chunk (no page's first screen waits for it). */
export function WhatsNewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="whats-new-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="whats-new-title">{t('shell.whats_new')}</DialogTitle>
      <DialogContent dividers>
        {open && (
          <Suspense fallback={<CircularProgress size={24} aria-label={t('common.loading')} />}>
            <LazyWhatsNewList />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
