import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { PhotoChannelsWire } from '../../../shared/generated/wire-types';

const photoChannelsKey = ['settings', 'photo-channels'] as const;

/** The operator's photo channels (/edit-photochannels): the saved choice, and a save that keeps the answer. */
export function usePhotoChannels() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: photoChannelsKey,
    queryFn: () => unwrap(api.GET('/api/settings/photo-channels/', {})),
  });
  return {
    current: query.data,
    failed: query.isError,
    send: (body: PhotoChannelsWire) => unwrap(api.PUT('/api/settings/photo-channels/edit/', { body })),
    saved: (answer: PhotoChannelsWire) => queryClient.setQueryData(photoChannelsKey, answer),
  };
}
