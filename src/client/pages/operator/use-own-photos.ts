import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { useT } from '../../i18n';
import { deleteOwnPhoto, refreshWorkspace, uploadOwnPhotos } from './operator-api';

/** The operator's own photos of a hotel: the upload and the delete, each telling how it went and reading the workspace again. */
export function useOwnPhotos(property: number) {
  const t = useT();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => refreshWorkspace(queryClient);
  const add = async (files: File[]) => {
    if (!files.length) return;
    setBusy(true);
    try {
      const added = await uploadOwnPhotos(property, files, t('operator.file_too_large', { size: 20 }));
      enqueueSnackbar(
        added.some((p) => p.status === 'pending')
          ? t('operator.photos_added_pending', { count: added.length })
          : t('operator.photos_added', { count: added.length }),
        { variant: 'success' },
      );
      await refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async (id: number) => {
    try {
      await deleteOwnPhoto(property, id);
      await refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return { input, busy, add, remove };
}
