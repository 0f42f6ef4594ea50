import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { api } from '../../api/client';
import { errorMessages, unwrap } from '../../api/errors';
import { PHOTO_URLS_REFRESH_MS } from '../../api/photo-urls';

const key = (id: number) => ['partner-photos', id] as const;

export type PartnerDecision = 'approve' | 'reject';

/** Tour operators' own photos of a property, and the hotel's approval or rejection of one of them. */
export function usePartnerPhotos(propertyId: number) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const photos = useQuery({
    queryKey: key(propertyId),
    queryFn: () =>
      unwrap(api.GET('/api/facts/property/{id}/partner-photos/', { params: { path: { id: propertyId } } })),
    retry: false,
    refetchInterval: PHOTO_URLS_REFRESH_MS,
  });
  const decide = async (photoId: number, decision: PartnerDecision) => {
    try {
      await unwrap(
        api.POST('/api/facts/property/{id}/partner-photos/{photoId}/', {
          params: { path: { id: propertyId, photoId } },
          body: { decision, comment: '' },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: key(propertyId) });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return { photos: photos.data, decide };
}

export type PartnerPhoto = NonNullable<ReturnType<typeof usePartnerPhotos>['photos']>[number];
