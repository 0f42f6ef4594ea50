import { useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { useT } from '../../i18n';
import type { EditorSession } from './editor-session';
import { useTabLabel } from './tab-labels';
import { tabOf } from './tabs';

/** The property editor saves without a button in two places; these say how each went. */

/** Switching tabs (a click, back or forward) saves the tab that was left. */
export function useSaveOnTabSwitch(session: EditorSession | undefined, current: string) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const tabLabel = useTabLabel();
  const previous = useRef(current);
  useEffect(() => {
    const left = tabOf(previous.current);
    previous.current = current;
    if (!session || !left || left.key === current) return;
    void session.saveTab(left).then((r) => {
      if (r.outcomes.includes('saved'))
        enqueueSnackbar(t('facts.tab_saved', { tab: tabLabel(left) }), { variant: 'success' });
      if (!r.ok) enqueueSnackbar(t('facts.tab_not_saved_marked', { tab: tabLabel(left) }), { variant: 'error' });
    });
  }, [current, session, enqueueSnackbar, t, tabLabel]);
}

/** The save on leaving the editor failed: said once per failure (the function to call then). */
export function useSaveFailedNotice(): () => void {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [saveFailed, setSaveFailed] = useState(0);
  useEffect(() => {
    if (saveFailed) enqueueSnackbar(t('facts.changes_not_saved'), { variant: 'error' });
  }, [saveFailed, enqueueSnackbar, t]);
  return () => setSaveFailed((n) => n + 1);
}
