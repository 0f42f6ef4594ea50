import { useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { saveFile } from '../../api/exports';
import { asSection } from '../../engine/core/form-adapter';
import { FormSession } from '../../engine/views/form-session';
import { useT } from '../../i18n';
import { useSession } from '../../session/session';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../shared/i18n/languages';
import sheetOptionsForm from '../../../shared/generated/forms/sheet-options';
import { sheetOptionsNames } from '../../../shared/generated/name-maps';
import type { SheetOptionsWire } from '../../../shared/generated/wire-types';
import { fetchSheetPdf, markSeen, refreshWorkspace, useOperatorSheet } from './operator-api';

/** The layout and language the sheet is shown in, from the same schema as the export centre's. */
function useSheetOptions(initial: SheetOptionsWire) {
  const def = useMemo(() => asSection(sheetOptionsForm, sheetOptionsNames), []);
  const [session] = useState(() => new FormSession(def, initial));
  const doc = useSyncExternalStore(session.store.subscribe, session.store.get);
  const options = useMemo<SheetOptionsWire>(() => {
    const d = doc as { layout?: string; language?: string };
    return {
      ...(d.layout !== undefined ? { layout: d.layout as SheetOptionsWire['layout'] } : {}),
      ...(d.language ? { language: d.language as SheetOptionsWire['language'] } : {}),
    };
  }, [doc]);
  return { session, options };
}

/**
 * /fact-sheet/{id}'s reads and its one write: the sheet in the options chosen (in the user's
 * language at first), and "mark as seen", which reads the workspace again.
 */
export function useFactSheet(id: number) {
  const t = useT();
  const { session, options } = useSheetOptions({
    language: toLanguage(useSession()?.user.language) ?? DEFAULT_LANGUAGE,
  });
  const sheet = useOperatorSheet(id, options);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const seen = async () => {
    setBusy(true);
    try {
      await markSeen(id);
      await refreshWorkspace(queryClient);
      enqueueSnackbar(t('operator.marked_seen'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return {
    session,
    options,
    data: sheet.data,
    failed: sheet.isError,
    error: sheet.error,
    placeholder: sheet.isPlaceholderData,
    busy,
    seen,
  };
}

/** The sheet as PDF, in the layout and language chosen (the hotel is told), saved as a file. */
export function useSheetPdf(id: number, options: SheetOptionsWire) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await fetchSheetPdf(id, options);
      saveFile(file.blob, file.name);
      enqueueSnackbar(t('operator.pdf_downloaded'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('operator.pdf_failed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
