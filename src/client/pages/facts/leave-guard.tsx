import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { EditorSession } from './editor-session';

/**
 * Leaving with unsaved changes asks first (and offers to save); `stays` says which paths are
 * still this editor (switching tabs saves instead). Closing or reloading the browser tab asks
 * through the browser's own prompt.
 */
interface Props {
  session: EditorSession | undefined;
  /** Whether a location is still this editor (the guard lets it through). */
  stays(location: { pathname: string; search: string }): boolean;
  onSaveFailed(): void;
}

export function LeaveGuard({ session, stays, onSaveFailed }: Props) {
  const blocker = useBlocker(({ nextLocation }) => !!session?.anyDirty() && !stays(nextLocation));
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (session?.anyDirty()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [session]);
  if (blocker.state !== 'blocked') return null;
  const saveAndLeave = async () => {
    setSaving(true);
    const result = await session!.saveDirty();
    setSaving(false);
    if (result.ok) blocker.proceed();
    else {
      blocker.reset();
      onSaveFailed();
    }
  };
  return (
    <Dialog open aria-labelledby="leave-title" maxWidth="xs" fullWidth onClose={() => blocker.reset()}>
      <DialogTitle id="leave-title">Unsaved changes</DialogTitle>
      <DialogContent>
        <Typography>You changed facts that are not saved yet. Save them before you leave?</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset()}>Stay</Button>
        <Button color="error" onClick={() => blocker.proceed()}>
          Leave without saving
        </Button>
        <Button variant="contained" disabled={saving} onClick={() => void saveAndLeave()}>
          Save and leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
