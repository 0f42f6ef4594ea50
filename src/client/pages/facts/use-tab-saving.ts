import { useCallback, useState } from 'react';
import { useSnackbar } from 'notistack';
import { useQueryClient } from '@tanstack/react-query';
import { nextStepsKeys } from '../next-steps/next-steps-api';
import type { EditorSession } from './editor-session';
import type { EditorTab } from './tabs';

/** The Save button: save the current tab's sections (creating those not stored yet). */
export function useTabSaving(session: EditorSession | undefined, tab: EditorTab | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const saveCurrent = useCallback(async () => {
    if (!session || !tab) return;
    setBusy(true);
    const result = await session.saveTab(tab, true);
    setBusy(false);
    // A save confirms the sections it carries: their freshness starts again.
    void queryClient.invalidateQueries({ queryKey: nextStepsKeys.freshness(session.propertyId) });
    if (result.ok) enqueueSnackbar(`${tab.label} saved.`, { variant: 'success' });
    else if (result.outcomes.includes('conflict'))
      enqueueSnackbar(`${tab.label} was changed by someone else meanwhile.`, { variant: 'warning' });
    else enqueueSnackbar(`${tab.label} was not saved: see the messages above the fields.`, { variant: 'error' });
  }, [session, tab, enqueueSnackbar, queryClient]);
  return { saveCurrent: () => void saveCurrent(), busy };
}
