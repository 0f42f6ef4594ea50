import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { saveFile } from '../../api/exports';
import { useT } from '../../i18n';
import type { OperatorExportWire } from '../../../shared/generated/wire-types';
import {
  downloadOperatorExport,
  operatorExportKeys,
  retryOperatorExport,
  useOperatorExports,
} from './operator-exports-api';

/** The account's exports, the download of a finished one (one at a time, with progress) and the retry of a failed one. */
export function useExportHistory() {
  const t = useT();
  const exports = useOperatorExports();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);

  async function download(e: OperatorExportWire) {
    setBusy(e.id);
    setProgress(undefined);
    try {
      const file = await downloadOperatorExport(e.id, setProgress);
      if (file.blob) saveFile(file.blob, file.filename ?? e.filename);
      enqueueSnackbar(t('operator-exports.downloaded'), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessages(err).join(' '), { variant: 'error' });
      void queryClient.invalidateQueries({ queryKey: operatorExportKeys.all });
    } finally {
      setBusy(null);
    }
  }

  async function retry(e: OperatorExportWire) {
    try {
      await retryOperatorExport(e.id);
      enqueueSnackbar(t('operator-exports.retrying'), { variant: 'info' });
    } catch (err) {
      enqueueSnackbar(errorMessages(err).join(' '), { variant: 'error' });
    } finally {
      void queryClient.invalidateQueries({ queryKey: operatorExportKeys.all });
    }
  }

  return {
    exports: exports.data,
    failed: exports.isError,
    error: exports.error,
    busy,
    progress,
    download,
    retry,
  };
}
