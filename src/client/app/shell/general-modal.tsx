import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';

export interface GeneralModalContent {
  title: string;
  message: string;
  secondMessage?: string;
}

const GeneralModalContext = createContext<(content: GeneralModalContent) => void>(() => undefined);

/** Show the app-wide modal (spec 000 §2: a title, two messages and an Ok button). */
export function useGeneralModal(): (content: GeneralModalContent) => void {
  return useContext(GeneralModalContext);
}

export function GeneralModalProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<GeneralModalContent | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: GeneralModalContent) => {
    setContent(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => show, [show]);
  const t = useT();
  return (
    <GeneralModalContext.Provider value={value}>
      {children}
      <Dialog open={open} onClose={close} aria-labelledby="general-modal-title" maxWidth="xs" fullWidth>
        <DialogTitle id="general-modal-title">{content?.title}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>{content?.message}</Typography>
          {content?.secondMessage && <Typography color="text.secondary">{content.secondMessage}</Typography>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} variant="contained" autoFocus>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </GeneralModalContext.Provider>
  );
}
