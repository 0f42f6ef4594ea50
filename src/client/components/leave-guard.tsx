import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n';

type Place = { pathname: string; search: string };

interface Props {
  /** Whether leaving now would lose changes (read when the user leaves, not when this renders). */
  dirty(): boolean;
  /** The question the dialog asks, in the page's own words. */
  message: string;
  /** Whether a location is still this page (the guard lets it through). */
  stays?(location: Place): boolean;
  /** Offers "Save and leave": true when everything was saved (then the user leaves), false to stay. */
  onSave?(): Promise<boolean>;
  /** A narrow dialog (the facts editor's, with its third button) rather than one as wide as its text. */
  narrow?: boolean;
}

/**
 * Any editor's guard against losing unsaved changes: leaving inside the app asks first (in a
 * dialog), closing or reloading the browser tab asks through the browser's own prompt.
 */
export function LeaveGuard({ dirty, message, stays, onSave, narrow }: Props) {
  const blocker = useBlocker(({ nextLocation }) => dirty() && !(stays?.(nextLocation) ?? false));
  const [saving, setSaving] = useState(false);
  const t = useT();
  // The browser's prompt asks the latest `dirty`, without listening again on every render.
  const latest = useRef(dirty);
  useLayoutEffect(() => {
    latest.current = dirty;
  });
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (latest.current()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);
  if (blocker.state !== 'blocked') return null;
  const saveAndLeave = async (save: () => Promise<boolean>) => {
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (saved) blocker.proceed();
    else blocker.reset();
  };
  return (
    <Dialog
      open
      aria-labelledby="leave-title"
      maxWidth={narrow ? 'xs' : undefined}
      fullWidth={narrow}
      onClose={() => blocker.reset()}
    >
      <DialogTitle id="leave-title">{t('components.leave_title')}</DialogTitle>
      <DialogContent>
        <Typography>{message}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset()}>{t('components.leave_stay')}</Button>
        <Button color="error" onClick={() => blocker.proceed()}>
          {t('components.leave_discard')}
        </Button>
        {onSave && (
          <Button variant="contained" disabled={saving} onClick={() => void saveAndLeave(onSave)}>
            {t('components.leave_save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
