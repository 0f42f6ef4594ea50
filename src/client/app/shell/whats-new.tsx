import { createContext, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { lazyComponent } from '../lazy/lazy-page';
import { useT } from '../../i18n';

/**
 * The list loads in its own chunk when the dialog first opens. Declared here, not in
 * signed-in-parts.ts: the user menu (inside the signed-in chunk) opens this dialog, so taking the
 * list from there would make a file-level import cycle.
 */
const LazyWhatsNewList = lazyComponent('whats-new', () => import('./whats-new-list').then((m) => m.WhatsNewList));

const WhatsNewContext = createContext<() => void>(() => undefined);

/** Open the 'What's new' modal (from the user menu's "features", or the dashboard). */
export function useOpenWhatsNew(): () => void {
  return useContext(WhatsNewContext);
}

export function WhatsNewProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => () => setOpen(true), []);
  const t = useT();
  return (
    <WhatsNewContext.Provider value={value}>
      {children}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="whats-new-title"
        maxWidth="sm"
        fullWidth
        scroll="paper"
      >
        <DialogTitle id="whats-new-title">{t('shell.whats_new')}</DialogTitle>
        <DialogContent dividers>
          {open && (
            <Suspense fallback={<CircularProgress size={24} aria-label={t('common.loading')} />}>
              <LazyWhatsNewList />
            </Suspense>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </WhatsNewContext.Provider>
  );
}
