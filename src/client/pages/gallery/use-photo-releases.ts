import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { useT } from '../../i18n';
import type { PhotoReleaseWire } from '../../../shared/generated/wire-types';
import { operatorKeys, saveReleases, usePhotoReleases } from '../operator/index';
import { galleryQuery } from './gallery-api';

/** The partners that may use this property's photos only with the hotel's approval, and which each may use. */
export function usePropertyReleases(propertyId: number): PhotoReleaseWire[] | undefined {
  return usePhotoReleases(propertyId).data;
}

/** The photos one partner may use, as the hotel chooses them in the release dialog, and their save. */
export function useReleaseChoice(propertyId: number, release: PhotoReleaseWire, onClose: () => void) {
  const photos = useQuery(galleryQuery(propertyId)).data ?? [];
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [chosen, setChosen] = useState(() => new Set(release.photos));
  const [busy, setBusy] = useState(false);
  const toggle = (id: number) =>
    setChosen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const save = async () => {
    setBusy(true);
    try {
      const answer = await saveReleases(
        propertyId,
        release.operator,
        photos.filter((p) => chosen.has(p.id)).map((p) => p.id),
      );
      queryClient.setQueryData(operatorKeys.releases(propertyId), answer);
      enqueueSnackbar(t('gallery.released', { count: chosen.size, operator: release.operator_name }), {
        variant: 'success',
      });
      onClose();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { photos, chosen, busy, toggle, save };
}
