import { useCallback, useState } from 'react';
import { useSnackbar } from 'notistack';
import { useQueryClient } from '@tanstack/react-query';
import { nextStepsKeys } from '../next-steps/index';
import type { EditorSession } from './editor-session';
import type { EditorTab } from './tabs';
import { useT } from '../../i18n';
import { useTabLabel } from './tab-labels';

/** The Save button: save the current tab's sections (creating those not stored yet). */
export function useTabSaving(session: EditorSession | undefined, tab: EditorTab | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const t = useT();
  const tabLabel = useTabLabel();
  const saveCurrent = useCallback(async () => {
    if (!session || !tab) return;
    setBusy(true);
    const result = await session.saveTab(tab, true);
    setBusy(false);
    // A save confirms the sections it carries: their freshness starts again.
    void queryClient.invalidateQueries({ queryKey: nextStepsKeys.freshness(session.propertyId) });
    const name = tabLabel(tab);
    if (result.ok) enqueueSnackbar(t('facts.tab_saved', { tab: name }), { variant: 'success' });
    else if (result.outcomes.includes('conflict'))
      enqueueSnackbar(t('facts.tab_conflict', { tab: name }), { variant: 'warning' });
    else enqueueSnackbar(t('facts.tab_not_saved', { tab: name }), { variant: 'error' });
  }, [session, tab, enqueueSnackbar, queryClient, t, tabLabel]);
  return { saveCurrent: () => void saveCurrent(), busy };
}
